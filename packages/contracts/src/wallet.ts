import { z } from 'zod';

/** Money on the wire: a non-negative decimal string with at most two decimals ("1234.50"). */
export const amountString = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'an amount such as 100 or 99.50');
/** A balance on the wire (may be negative only for system accounts, never for players). */
export const balanceString = z.string().regex(/^-?\d+(\.\d+)?$/);

/** Account type ids of the original platform: 2 is the main wallet, 9 points. */
export const walletAccountTypes = { main: 2, points: 9 } as const;

/** GET /wps/v2/wallets/balance. */
export const walletBalanceSchema = z.object({
  sumBalance: balanceString,
  currency: z.string(),
  currencySymbol: z.string(),
  balance: z.array(z.object({ accountTypeId: z.number().int(), availBalance: balanceString })),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;
