import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { InProcessChatHub } from './hub';
import { registerSupportRoutes } from './routes';
import { SupportService } from './service';
import { WsTickets } from './tickets';
import { SecretBox } from '../../platform/secret-box';

export { SupportService } from './service';

export interface SupportServices {
  support: SupportService;
}

/** Live chat: topics, chat sessions and messages over WebSocket, the operator API. */
export const supportModule = defineModule<Services>()({
  name: 'support',
  build: ({ database, services, config }) => ({
    services: {
      // The operators module is built later: its service is looked up when first needed.
      support: new SupportService(database.db, new InProcessChatHub().share(services.bus), () =>
        services.operators.roster(),
      ),
    },
    tickets: new WsTickets(database.db, new SecretBox(config.secretsKey)),
  }),
  routes: (app, { services, tickets }) => registerSupportRoutes(app, services.support, tickets),
});
