import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { registerPromotionRoutes } from './routes';
import { vipLevelOf } from './model';
import { PromotionsService } from './service';

export { PromotionsService } from './service';
export { vipLevelOf } from './model';
// Kinds with their own routes, services and jobs, built as modules of their own after this one.
export {
  redEnvelopesModule,
  RedEnvelopesService,
  type RedEnvelopeServices,
} from './kinds/red-envelopes';
export { referralModule, ReferralService, type ReferralServices } from './kinds/referral';

export interface PromotionServices {
  promotions: PromotionsService;
}

/**
 * Promotions and claim states, deposit bonuses, the daily rebate and the other kinds (red
 * envelopes and refer-and-earn are the descriptors exported above).
 */
export const promotionsModule = defineModule<Services>()({
  name: 'promotions',
  build: ({ database, services }) => ({
    services: {
      promotions: new PromotionsService(
        database.db,
        services.system,
        services.wallet,
        vipLevelOf(services),
        undefined,
        {
          uploads: services.uploads,
          rewardsPaid: (ids, language) => services.missions.rewardsPaid(ids, language),
        },
      ),
    },
  }),
  routes: (app, { services }) => registerPromotionRoutes(app, services.promotions),
  jobs: ({ services }) => [
    {
      // Each merchant's ended local day is paid once; running often settles it soon after midnight.
      name: 'promotions.rebate',
      cron: '*/10 * * * *',
      run: async () => {
        const r = await services.promotions.settleRebates();
        return { days: r.days, paid: r.paid.toString() };
      },
    },
  ],
});
