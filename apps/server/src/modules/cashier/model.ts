import { AppError } from '../../platform/errors';
import type { depositOrders, payoutAccounts, withdrawalRequests } from './schema';

/** The member (or agent) a cashier call acts for. */
export interface Member {
  accountId: string;
  merchantCode: string;
}

export type DepositRow = typeof depositOrders.$inferSelect;
export type WithdrawalRow = typeof withdrawalRequests.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/**
 * A member's VIP level's daily withdrawal limits (null: the level sets none), or null when the
 * member has no level.
 */
export type WithdrawLimitsOf = (
  merchantCode: string,
  accountId: string,
) => Promise<{ dailyCount: number | null; dailyAmount: bigint | null } | null>;

export const fieldError = (path: string, message: string) =>
  new AppError('request_param_err', message, [{ path, code: 'invalid', message }]);
