import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { registerPromotionRoutes } from './routes';
import { PromotionsService } from './service';

export { PromotionsService } from './service';

export interface PromotionServices {
  promotions: PromotionsService;
}

/** A member's VIP rank, for promotions' audiences and amounts. */
export const vipLevelOf =
  (services: Services) =>
  async (accountId: string, merchantCode: string): Promise<number | null> =>
    (await services.vip.levelOf(merchantCode, accountId))?.rankLevel ?? null;

/** Promotions and claim states, deposit bonuses, the daily rebate and the other kinds. */
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
