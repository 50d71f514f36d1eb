import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { CAPTCHA_COOKIE } from '../identity';
import { registerContentRoutes } from './routes';
import { ContentService } from './service';

export { ContentService } from './service';

export interface ContentServices {
  content: ContentService;
}

/** Notices, announcements, banners, popups, member messages, feedback, help centre, articles. */
export const contentModule = defineModule<Services>()({
  name: 'content',
  build: ({ database, services }) => ({
    services: {
      content: new ContentService(database.db, services.system, services.identity, {
        rankOf: async (merchantCode, accountId) =>
          (await services.vip.levelOf(merchantCode, accountId))?.rankLevel ?? null,
        ranks: async (merchantCode) =>
          (await services.vip.levels(merchantCode)).map((level) => level.rankLevel),
      }),
    },
  }),
  routes: (app, { services }, { services: all }) =>
    registerContentRoutes(app, services.content, {
      captcha: (req, answer) => all.captcha.check(req.cookies[CAPTCHA_COOKIE], answer),
    }),
});
