import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { registerVipOpsRoutes } from './ops-routes';
import { registerVipRoutes } from './routes';
import { VipService } from './service';

export { VipService } from './service';

export interface VipServices {
  vip: VipService;
}

/** VIP levels, members' progress and upgrades. */
export const vipModule = defineModule<Services>()({
  name: 'vip',
  build: ({ database, services }) => ({
    services: { vip: new VipService(database.db, services.system) },
  }),
  routes: (app, { services }) => {
    registerVipRoutes(app, services.vip);
    registerVipOpsRoutes(app, services.vip);
  },
  jobs: ({ services }) => [
    { name: 'vip.progress', cron: '* * * * *', run: async () => services.vip.foldProgress() },
  ],
});
