import { defineModule } from '../../platform/module';
import { SecretBox } from '../../platform/secret-box';
import type { Services } from '../../services';
import { registerOperatorAdminRoutes } from './admin-routes';
import { OperatorAdmin } from './management';
import { registerOperatorRoutes } from './routes';
import { demoOperatorTotpSecret } from './seed';
import { OperatorService } from './service';
import { OperatorSessions } from './sessions';

export { OperatorService, defaultOperatorPolicy, type OperatorRosterEntry } from './service';
export { operatorsDemoSeed, demoOperators, demoOperatorTotpSecret } from './seed';

export interface OperatorServices {
  operators: OperatorService;
}

/** The operator realm: accounts, roles and merchant scope, log-in with TOTP, sessions. */
export const operatorsModule = defineModule<Services>()({
  name: 'operators',
  build: ({ database, config, services }) => {
    const operators = new OperatorService(
      database.db,
      services.sessions,
      new SecretBox(config.secretsKey),
      services.audit,
    );
    return {
      services: { operators },
      sessions: new OperatorSessions(database.db, services.sessions),
    };
  },
  routes: (app, { services: { operators }, sessions }, { database, services }) => {
    registerOperatorRoutes(app, { operators, sessions, audit: services.audit });
    registerOperatorAdminRoutes(app, {
      operators,
      admin: new OperatorAdmin(database.db),
      system: services.system,
    });
  },
  onReady: async ({ services: { operators } }, { production }) => {
    if (!production) await operators.sealDemoSecrets(demoOperatorTotpSecret);
  },
});
