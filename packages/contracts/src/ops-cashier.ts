import { z } from 'zod';
import { opsReason } from './ops-reason';
import { amountString } from './wallet';

/**
 * The operator console's cashier: the deposit and withdrawal queues (with the withdrawals' risk
 * flags), the decisions on them, and the merchants' payment channels. Amounts are decimal
 * strings in the merchant's currency, as everywhere on the wire.
 */

const merchantCode = z.string().regex(/^[A-Z0-9]{2,16}$/, 'a merchant code such as TYPH');
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const size = z.coerce.number().int().min(1).max(200).default(50);

/** Approve or reject a deposit or withdrawal; a rejection's note is the reason the member sees. */
export const opsCashierDecisionBodySchema = z.strictObject({
  note: z.string().trim().max(500).optional(),
});
export type OpsCashierDecisionBody = z.infer<typeof opsCashierDecisionBodySchema>;

/** A rejection must say why. */
export const opsCashierRejectBodySchema = z.strictObject({
  note: z.string().trim().min(1, 'say why').max(500),
});

// ---- deposits ----

export const opsDepositStatuses = ['pending', 'credited', 'rejected'] as const;

export const opsDepositQuerySchema = z.strictObject({
  /** One merchant; without it, every merchant in the operator's scope. */
  merchantCode: merchantCode.optional(),
  status: z.enum([...opsDepositStatuses, 'all']).default('pending'),
  channelCode: z.string().min(1).max(40).optional(),
  page,
  size,
  sort: z.enum(['createdAt', 'amount']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type OpsDepositQuery = z.input<typeof opsDepositQuerySchema>;

export const opsDepositRowSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  accountId: z.string(),
  username: z.string().nullable(),
  channelCode: z.string(),
  channelName: z.string().nullable(),
  kind: z.enum(['bank_transfer', 'online']).nullable(),
  amount: amountString,
  currency: z.string(),
  status: z.enum(opsDepositStatuses),
  /** The gateway's reference of an online payment, once it called back. */
  gatewayRef: z.string().nullable(),
  /** Receipt images, served to operators at `/ops/uploads/:id`. */
  receiptIds: z.array(z.string()),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type OpsDepositRow = z.infer<typeof opsDepositRowSchema>;

export const opsDepositListSchema = z.object({
  list: z.array(opsDepositRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type OpsDepositList = z.infer<typeof opsDepositListSchema>;

// ---- withdrawals ----

/** Risk flags the server computes for every withdrawal in the queue. */
export const withdrawalRiskFlags = [
  /** The member still owes wagering (turnover requirements not met). */
  'turnover_unmet',
  /** The payout account was added less than 24 hours before the request. */
  'payout_account_new_24h',
  /** The amount is above the merchant's review threshold. */
  'over_threshold',
  /** The member has never had a withdrawal paid before this one. */
  'first_withdrawal',
  /** Another player has a payout account with the same account number. */
  'payout_account_shared',
] as const;
export type WithdrawalRiskFlag = (typeof withdrawalRiskFlags)[number];

export const opsWithdrawalStatuses = ['pending', 'approved', 'rejected', 'disputed'] as const;

export const opsWithdrawalQuerySchema = z.strictObject({
  merchantCode: merchantCode.optional(),
  status: z.enum([...opsWithdrawalStatuses, 'all']).default('pending'),
  /** Only the withdrawals carrying this flag. */
  flag: z.enum(withdrawalRiskFlags).optional(),
  page,
  size,
  sort: z.enum(['createdAt', 'amount']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type OpsWithdrawalQuery = z.input<typeof opsWithdrawalQuerySchema>;

export const opsWithdrawalRowSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  accountId: z.string(),
  username: z.string().nullable(),
  amount: amountString,
  currency: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  confirmation: z
    .enum(['awaiting', 'received', 'partial', 'not_received', 'auto_received'])
    .nullable(),
  receivedAmount: amountString.nullable(),
  resolution: z.enum(['paid', 'returned']).nullable(),
  /** Where the money goes: the full account number, for the operator who pays it. */
  payoutAccount: z.object({
    id: z.string(),
    kind: z.enum(['bank', 'ewallet']),
    provider: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    createdAt: z.string(),
  }),
  flags: z.array(z.enum(withdrawalRiskFlags)),
  paymentRef: z.string().nullable(),
  decisionNote: z.string().nullable(),
  proofIds: z.array(z.string()),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type OpsWithdrawalRow = z.infer<typeof opsWithdrawalRowSchema>;

export const opsWithdrawalListSchema = z.object({
  list: z.array(opsWithdrawalRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type OpsWithdrawalList = z.infer<typeof opsWithdrawalListSchema>;

/**
 * Pay a pending withdrawal: the operator has sent the money and gives the bank's or gateway's
 * reference. It approves the withdrawal (the money leaves the member's hold for the payout) and
 * the member then confirms it arrived.
 */
export const opsWithdrawalPayBodySchema = z.strictObject({
  paymentRef: z.string().trim().min(3).max(100),
  note: z.string().trim().max(500).optional(),
});
export type OpsWithdrawalPayBody = z.infer<typeof opsWithdrawalPayBodySchema>;

// ---- payment channels ----

const channelCode = z.string().regex(/^[A-Z0-9_]{2,40}$/, 'capitals, digits and _, 2 to 40');

/** Where a bank transfer goes: shown to the member who deposits. */
export const channelReceivingSchema = z.strictObject({
  bank: z.string().trim().min(2).max(80),
  accountName: z.string().trim().min(2).max(100),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9 -]{6,34}$/, 'digits, spaces and dashes'),
  branch: z.string().trim().max(80).optional(),
});

const channelFields = {
  name: z.string().trim().min(2).max(60),
  minAmount: amountString,
  maxAmount: amountString,
  /** The member's fee: a fixed amount plus basis points (100 = 1%) of the deposit. */
  feeFixed: amountString.default('0'),
  feeBps: z.number().int().min(0).max(10_000).default(0),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(0),
  /** Kept in the audit log. */
  reason: opsReason,
};

export const opsChannelCreateBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({
    merchantCode,
    code: channelCode,
    kind: z.literal('bank_transfer'),
    ...channelFields,
    receiving: channelReceivingSchema,
  }),
  z.strictObject({
    merchantCode,
    code: channelCode,
    kind: z.literal('online'),
    ...channelFields,
    /** The gateway adapter that settles the channel's payments. */
    gateway: z.string().regex(/^[a-z0-9_-]{2,30}$/),
  }),
]);
export type OpsChannelCreateBody = z.input<typeof opsChannelCreateBodySchema>;

/** Change some fields of a channel; its merchant, code and kind stay. */
export const opsChannelPatchBodySchema = z.strictObject({
  name: channelFields.name.optional(),
  minAmount: amountString.optional(),
  maxAmount: amountString.optional(),
  feeFixed: amountString.optional(),
  feeBps: z.number().int().min(0).max(10_000).optional(),
  enabled: z.boolean().optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
  /** Bank transfers only. */
  receiving: channelReceivingSchema.optional(),
  /** Online channels only. */
  gateway: z
    .string()
    .regex(/^[a-z0-9_-]{2,30}$/)
    .optional(),
  /** Kept in the audit log. */
  reason: opsReason,
});
export type OpsChannelPatchBody = z.infer<typeof opsChannelPatchBodySchema>;

export const opsChannelParamsSchema = z.strictObject({
  merchantCode,
  code: channelCode,
});

export const opsChannelQuerySchema = z.strictObject({
  merchantCode: merchantCode.optional(),
});

export const opsChannelSchema = z.object({
  merchantCode: z.string(),
  code: z.string(),
  kind: z.enum(['bank_transfer', 'online']),
  name: z.string(),
  gateway: z.string().nullable(),
  minAmount: amountString,
  maxAmount: amountString,
  feeFixed: amountString,
  feeBps: z.number().int(),
  receiving: z.record(z.string(), z.string()),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type OpsChannel = z.infer<typeof opsChannelSchema>;
export const opsChannelListSchema = z.array(opsChannelSchema);
