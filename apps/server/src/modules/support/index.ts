import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { InProcessChatHub } from './hub';
import { registerSupportRoutes } from './routes';
import { SupportService } from './service';

export { SupportService } from './service';

export interface SupportServices {
  support: SupportService;
}

/** Live chat: topics, chat sessions and messages over WebSocket, the operator API. */
export const supportModule = defineModule<Services>()({
  name: 'support',
  build: ({ database }) => ({
    services: { support: new SupportService(database.db, new InProcessChatHub()) },
  }),
  routes: (app, { services }) => registerSupportRoutes(app, services.support),
});
