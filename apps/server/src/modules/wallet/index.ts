import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { registerWalletRoutes } from './routes';
import { WalletService } from './service';

export { WalletService, accountKinds, shardOf } from './service';
export { Ledger, type EntryInput, type PostingInput } from './ledger';
export type {
  CloseInput,
  CloseResult,
  HoldInput,
  HoldResult,
  HoldRow,
  InstantPlayEntries,
  InstantPlayInput,
  Payout,
  PreparedEntry,
  SettleInput,
} from './holds';
export type { GrantAccountSpec, GrantInput, GrantResult, GrantSource, GrantType } from './grants';
export type { AdjustmentInput } from './adjustments';
export type {
  CashierMoneyRef,
  DepositCreditInput,
  MemberTransferInput,
  WithdrawalMoveInput,
  WithdrawalSettleStep,
} from './cashier-ops';
export type { JackpotPayInput, JackpotPoolRef, JackpotSeedInput } from './jackpots';

export interface WalletServices {
  wallet: WalletService;
}

/** The double-entry ledger (the one place money moves), balances and game-wallet transfers. */
export const walletModule = defineModule<Services>()({
  name: 'wallet',
  build: ({ database, services }) => ({
    services: { wallet: new WalletService(database.db, services.system, services.vendorWallets) },
  }),
  routes: (app, { services }, ctx) =>
    registerWalletRoutes(app, services.wallet, ctx.services.system, {
      agentContracts: (agent) => ctx.services.agents.consolidatedContracts(agent),
    }),
  jobs: ({ services }) => [
    {
      name: 'wallet.vendor-reconcile',
      cron: '* * * * *',
      run: async () => ({ settled: await services.wallet.reconcilePending() }),
    },
  ],
});
