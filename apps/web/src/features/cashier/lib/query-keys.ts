import { cashierQueryKey } from '../../../lib/query-keys';

/**
 * Cashier query keys. Every key carries the session token (like the header balance) so one
 * account's orders never show for another after a log-out and log-in in the same tab.
 */
export const cashierKeys = {
  all: cashierQueryKey,
  channels: (token: string | null) => ['cashier', token, 'channels'] as const,
  deposits: (token: string | null) => ['cashier', token, 'deposits'] as const,
  payoutAccounts: (token: string | null) => ['cashier', token, 'payout-accounts'] as const,
  withdrawInfo: (token: string | null) => ['cashier', token, 'withdraw-info'] as const,
  withdrawals: (token: string | null) => ['cashier', token, 'withdrawals'] as const,
  transactions: (token: string | null) => ['cashier', token, 'transactions'] as const,
  merchantWallets: (token: string | null) => ['cashier', token, 'merchant-wallets'] as const,
  agentTransferInfo: (token: string | null) => ['cashier', token, 'agent-transfer-info'] as const,
};
