import type {
  depositOrderSchema,
  payoutAccountSchema,
  paymentChannelSchema,
  transactionPageSchema,
  withdrawalSchema,
  withdrawInfoSchema,
} from '@taya/contracts';

/** The contracts export schemas only; their parse result is the wire type (keeps zod out). */
type Parsed<S extends { parse: (input: unknown) => unknown }> = ReturnType<S['parse']>;

export type PaymentChannel = Parsed<typeof paymentChannelSchema>;
export type DepositOrder = Parsed<typeof depositOrderSchema>;
export type PayoutAccount = Parsed<typeof payoutAccountSchema>;
export type WithdrawInfo = Parsed<typeof withdrawInfoSchema>;
export type Withdrawal = Parsed<typeof withdrawalSchema>;
export type TransactionPage = Parsed<typeof transactionPageSchema>;
export type Transaction = TransactionPage['list'][number];
