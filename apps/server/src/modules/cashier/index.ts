import { randomBytes } from 'node:crypto';
import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { registerCashierRoutes } from './routes';
import { CashierService } from './service';

export { CashierService } from './service';

export interface CashierServices {
  cashier: CashierService;
}

/** Deposits, withdrawals, payout accounts, turnover and agent transfers. */
export const cashierModule = defineModule<Services>()({
  name: 'cashier',
  build: ({ database, production, services }) => {
    // The sandbox gateway lives in this process, so its signing secret need not outlive it; in
    // production there is no sandbox gateway, so no callback names it.
    const sandboxSecret = randomBytes(32).toString('hex');
    const cashier = new CashierService(
      database.db,
      services.system,
      services.wallet,
      services.identity,
      services.uploads,
      production ? {} : { sandbox: sandboxSecret },
      // A member's VIP level tightens the daily withdrawal count and sets a daily amount.
      async (merchantCode, accountId) => {
        const level = await services.vip.levelOf(merchantCode, accountId);
        return level
          ? { dailyCount: level.dailyWithdrawCount, dailyAmount: level.dailyWithdrawAmount }
          : null;
      },
    );
    return { services: { cashier }, sandboxSecret };
  },
  routes: (app, { services, sandboxSecret }, { production }) =>
    registerCashierRoutes(app, services.cashier, { production, sandboxSecret }),
  jobs: ({ services }) => [
    {
      name: 'cashier.auto-confirm',
      cron: '* * * * *',
      run: async () => ({ confirmed: await services.cashier.autoConfirmDue() }),
    },
  ],
});

/** The bonus-balance hold with turnover for a paid reward (promotions' claims, missions). */
export { holdReward } from './bonus';
