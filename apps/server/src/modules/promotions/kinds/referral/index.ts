import { defineModule } from '../../../../platform/module';
import type { Services } from '../../../../services';
import { vipLevelOf } from '../../model';
import { registerReferralRoutes } from './routes';
import { ReferralService } from './service';

export { ReferralService } from './service';

export interface ReferralServices {
  referral: ReferralService;
}

/** Refer and earn: members' invite codes, friends' progress, the reward job. */
export const referralModule = defineModule<Services>()({
  name: 'referral',
  build: ({ database, services }) => ({
    services: {
      referral: new ReferralService(
        database.db,
        services.system,
        services.identity,
        services.promotions,
        vipLevelOf(services),
      ),
    },
  }),
  routes: (app, { services }) => registerReferralRoutes(app, services.referral),
  jobs: ({ services }) => [
    {
      // Each (referrer, friend) pair is paid once, as soon after the friend qualifies as it runs.
      name: 'referral.reward',
      cron: '*/5 * * * *',
      run: async () => {
        const r = await services.referral.rewardDue();
        return { paid: r.paid, amount: r.amount.toString() };
      },
    },
  ],
});
