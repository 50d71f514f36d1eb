import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { registerSystemRoutes } from './routes';
import { SystemService } from './service';
import { SystemStore } from './store';

export { SystemService } from './service';
export { merchantCodes, demoMinor } from './seed';
export { seedSiteResource, seedWhitelabelFlag } from './seed-rows';

export interface SystemServices {
  system: SystemService;
}

/** Merchants, regions, brand, whitelabel flags, resources, maintenance, region restrictions. */
export const systemModule = defineModule<Services>()({
  name: 'system',
  build: ({ database }) => ({
    services: { system: new SystemService(new SystemStore(database.db)) },
  }),
  routes: (app, { services }, { config }) =>
    registerSystemRoutes(app, services.system, { geoCountryHeader: config.geoCountryHeader }),
});
export { addMissingFieldRules, type FieldRuleSeed } from './field-rules-seed';
