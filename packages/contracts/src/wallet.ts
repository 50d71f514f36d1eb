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

export const paymentChannelSchema = z.object({
  code: z.string(),
  kind: z.enum(['bank_transfer', 'online']),
  name: z.string(),
  minAmount: amountString,
  maxAmount: amountString,
  receiving: z.record(z.string(), z.string()),
});

export const createDepositBodySchema = z.strictObject({
  channelCode: z.string().min(1).max(40),
  amount: amountString,
});

export const depositOrderSchema = z.object({
  id: z.string(),
  channelCode: z.string(),
  amount: amountString,
  status: z.enum(['pending', 'credited', 'rejected']),
  createdAt: z.string(),
  /** Online channels: where the member pays. */
  payUrl: z.string().nullable(),
});

export const payoutAccountBodySchema = z.strictObject({
  kind: z.enum(['bank', 'ewallet']),
  provider: z.string().trim().min(2).max(60),
  accountName: z.string().trim().min(2).max(100),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9 -]{6,34}$/, 'digits, spaces and dashes'),
});

export const payoutAccountSchema = z.object({
  id: z.string(),
  kind: z.enum(['bank', 'ewallet']),
  provider: z.string(),
  accountName: z.string(),
  /** Masked: only the last four digits are shown. */
  accountNumber: z.string(),
});

export const withdrawBodySchema = z.strictObject({
  payoutAccountId: z.uuid(),
  amount: amountString,
  paymentPassword: z.string().min(1).max(32),
});

export const withdrawalSchema = z.object({
  id: z.string(),
  amount: amountString,
  status: z.enum(['pending', 'approved', 'rejected']),
  confirmation: z
    .enum(['awaiting', 'received', 'partial', 'not_received', 'auto_received'])
    .nullable(),
  receivedAmount: amountString.nullable(),
  confirmDeadline: z.string().nullable(),
  createdAt: z.string(),
});

export const confirmWithdrawalBodySchema = z.discriminatedUnion('result', [
  z.strictObject({ result: z.literal('received') }),
  z.strictObject({ result: z.literal('partial'), receivedAmount: amountString }),
  z.strictObject({ result: z.literal('not_received') }),
]);

export const withdrawInfoSchema = z.object({
  minAmount: amountString,
  maxAmount: amountString,
  dailyCount: z.number().int(),
  usedToday: z.number().int(),
  turnoverRemaining: amountString,
  balance: balanceString,
});

export const transactionQuerySchema = z.strictObject({
  type: z.string().max(40).optional(),
  /** Inclusive start and exclusive end, ISO 8601 with offset. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const transactionPageSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      time: z.string(),
      type: z.string(),
      amount: balanceString,
      balanceAfter: balanceString,
      reference: z.string().nullable(),
    }),
  ),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});
