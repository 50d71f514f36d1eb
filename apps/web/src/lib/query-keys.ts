/**
 * Query keys more than one feature needs. Data under these belongs to the logged-in account: the
 * log-in refreshes it and the log-out drops it, so the auth feature must know the keys without
 * importing the features that own the calls.
 */

/** GET /wps/v2/wallets/balance (the header's balance). */
export const walletBalanceKey = ['wallet', 'balance'] as const;

/** One account's entry under `walletBalanceKey`; the header and the "My wallet" tab share it. */
export function walletBalanceQueryKey(token: string | null) {
  return [...walletBalanceKey, token] as const;
}

/**
 * One account's bonus balance, under its wallet balance: whatever refreshes or drops the balance
 * (a claim, a log-out) does the same to the bonus beside it in the header.
 */
export function bonusBalanceQueryKey(token: string | null) {
  return [...walletBalanceKey, token, 'bonus'] as const;
}

/**
 * Everything of one account's cashier (orders, payout accounts, the turnover a withdrawal waits
 * for…): a claimed bonus changes it, so promotions refresh it without importing the cashier.
 */
export function cashierQueryKey(token: string | null) {
  return ['cashier', token] as const;
}
