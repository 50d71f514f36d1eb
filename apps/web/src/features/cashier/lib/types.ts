import type {
  agentTransferInfoSchema,
  agentTransferSchema,
  depositOrderSchema,
  merchantWalletSchema,
  payoutAccountSchema,
  paymentChannelSchema,
  transactionPageSchema,
  walletBalanceSchema,
  walletReturnSchema,
  walletTransferSchema,
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
export type MerchantWallets = Parsed<typeof merchantWalletSchema>;
export type VendorWallet = MerchantWallets['wallets'][number];
export type WalletBalance = Parsed<typeof walletBalanceSchema>;
export type WalletTransfer = Parsed<typeof walletTransferSchema>;
export type WalletReturn = Parsed<typeof walletReturnSchema>;
export type AgentTransferInfo = Parsed<typeof agentTransferInfoSchema>;
export type AgentTransfer = Parsed<typeof agentTransferSchema>;
