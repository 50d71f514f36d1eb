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
  /** The fee the member pays on this channel: a fixed amount plus basis points of the deposit. */
  feeFixed: amountString.default('0.00'),
  feeBps: z.number().int().default(0),
  receiving: z.record(z.string(), z.string()),
});

/** A payment channel as anyone may see it (the site footer): no receiving account, no limits. */
export const publicPaymentChannelSchema = paymentChannelSchema.pick({
  code: true,
  kind: true,
  name: true,
});
export type PublicPaymentChannel = z.infer<typeof publicPaymentChannelSchema>;

/** Uploaded images (SPEC §5): png or jpg by content, at most 5 MB each, at most 3 at a time. */
export const uploadLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxFiles: 3,
  contentTypes: ['image/png', 'image/jpeg'],
} as const;

export const uploadSchema = z.object({
  id: z.string(),
  contentType: z.enum(uploadLimits.contentTypes),
  size: z.number().int(),
});
export type Upload = z.infer<typeof uploadSchema>;

/** Ids of the member's own uploads attached to a request (receipts, proof). */
export const attachmentIds = z.array(z.uuid()).max(uploadLimits.maxFiles);

export const createDepositBodySchema = z.strictObject({
  channelCode: z.string().min(1).max(40),
  amount: amountString,
  /** Bank transfers need at least one receipt image; online payments none. */
  receiptIds: attachmentIds.optional(),
});

export const depositOrderSchema = z.object({
  id: z.string(),
  channelCode: z.string(),
  amount: amountString,
  status: z.enum(['pending', 'credited', 'rejected']),
  createdAt: z.string(),
  /** Online channels: where the member pays. */
  payUrl: z.string().nullable(),
  receiptIds: z.array(z.string()),
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
  /** Paid out but not confirmed as received: awaiting the member, or disputed. */
  outstanding: amountString,
  /** How an operator settled a dispute: paid (the money did arrive) or returned to the member. */
  resolution: z.enum(['paid', 'returned']).nullable(),
  /** The bank's or gateway's reference of the payout, once an operator paid it. */
  paymentRef: z.string().nullable().default(null),
  /** The operator's reason for a rejection (or note on a payout). */
  decisionNote: z.string().nullable().default(null),
  confirmDeadline: z.string().nullable(),
  proofIds: z.array(z.string()),
  createdAt: z.string(),
});

export const confirmWithdrawalBodySchema = z.discriminatedUnion('result', [
  z.strictObject({ result: z.literal('received') }),
  z.strictObject({
    result: z.literal('partial'),
    receivedAmount: amountString,
    proofIds: attachmentIds.optional(),
  }),
  z.strictObject({
    result: z.literal('not_received'),
    proofIds: attachmentIds.min(1, 'at least one proof image'),
  }),
]);

/** An operator settles a disputed withdrawal (partly or not received). */
export const resolveWithdrawalBodySchema = z.strictObject({
  outcome: z.enum(['paid', 'returned']),
  note: z.string().max(500).optional(),
});

export const withdrawInfoSchema = z.object({
  minAmount: amountString,
  maxAmount: amountString,
  /** The stricter of the merchant's daily count and the member's VIP level's. */
  dailyCount: z.number().int(),
  usedToday: z.number().int(),
  /** The VIP level's daily withdrawn amount; null when the level sets none. */
  dailyAmount: amountString.nullable().optional(),
  /** Withdrawn today (rejected withdrawals returned their money and do not count). */
  usedAmountToday: amountString.optional(),
  turnoverRemaining: amountString,
  balance: balanceString,
});

/**
 * Every type of ledger entry the server posts, by the name its entry and postings carry. The
 * ledger's posting API takes only these; the account record has a label for each. The record's
 * wire field stays a string: rows of a type retired later are still read back.
 */
export const ledgerEntryTypes = [
  // cashier
  'deposit',
  'withdrawal_hold',
  'withdrawal',
  'withdrawal_received',
  'withdrawal_return',
  'agent_transfer',
  // transfer-type vendor wallets
  'vendor_transfer',
  'vendor_transfer_reversal',
  // seamless games
  'bet',
  'win',
  'bet_rollback',
  // jackpot
  'jackpot_win',
  'jackpot_seed',
  // lottery
  'lottery_bet',
  'lottery_settle',
  'lottery_cancel',
  'lottery_chase_refund',
  // agents
  'agent_commission',
  // promotions, missions, bonuses
  'promotion_bonus',
  'promotion_rebate',
  'mission_reward',
  'bonus_release',
  // points
  'points_reward',
  'points_convert',
  // operators
  'manual_adjustment',
] as const;
export type LedgerEntryType = (typeof ledgerEntryTypes)[number];
export const ledgerEntryTypeSchema = z.enum(ledgerEntryTypes);

/** Whether a record row's type is one the server posts (and so has a label). */
export function isLedgerEntryType(type: string): type is LedgerEntryType {
  return ledgerEntryTypeSchema.safeParse(type).success;
}

export const transactionQuerySchema = z.strictObject({
  type: z.string().max(40).optional(),
  /** Inclusive start and exclusive end, ISO 8601 with offset. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** Which of the member's wallets a record row moved. */
export const walletKinds = [
  'main',
  'withdrawal_hold',
  'withdrawal_sent',
  'bonus',
  'vendor',
] as const;
export type WalletKind = (typeof walletKinds)[number];

export const transactionPageSchema = z.object({
  list: z.array(
    z.object({
      /** The journal entry: one row per movement. */
      id: z.string(),
      time: z.string(),
      type: z.string(),
      wallet: z.enum(walletKinds),
      /** For vendor wallets: the wallet's account type id. */
      accountTypeId: z.number().int().nullable(),
      /** Signed change to that wallet. */
      amount: balanceString,
      /** That wallet's balance after the movement. */
      balanceAfter: balanceString,
      reference: z.string().nullable(),
    }),
  ),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});

// ---- transfer-type vendor wallets ----

/** GET /wps/relay/GCS_merchantWallet: a single wallet merchant has no "my wallet" page. */
export const merchantWalletSchema = z.object({
  isSingle: z.boolean(),
  wallets: z.array(
    z.object({
      accountTypeId: z.number().int(),
      vendorCode: z.string(),
      name: z.string(),
      maintenance: z.boolean(),
    }),
  ),
});

/** POST /wps/relay/GCS_walletTransfer: between the main wallet and one vendor wallet. */
export const walletTransferBodySchema = z.strictObject({
  fromAccountTypeId: z.number().int(),
  toAccountTypeId: z.number().int(),
  amount: amountString,
  /** The client's id for this transfer; a retry with the same id moves nothing more. */
  requestId: z.uuid().optional(),
});

export const walletTransferSchema = z.object({
  id: z.string(),
  fromAccountTypeId: z.number().int(),
  toAccountTypeId: z.number().int(),
  amount: amountString,
  /** pending: the vendor has not answered yet; it is settled by a job, never lost. */
  status: z.enum(['completed', 'failed', 'pending']),
  balance: walletBalanceSchema,
});

/** POST /wps/relay/GCS_walletReturn: every vendor balance back to the main wallet. */
export const walletReturnSchema = z.object({
  transfers: z.array(walletTransferSchema.omit({ balance: true })),
  balance: walletBalanceSchema,
});

/** GET /wps/member/info/funds/consolidated: everything the member holds, wallet by wallet. */
export const consolidatedFundsSchema = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  sumBalance: balanceString,
  main: balanceString,
  /** Withdrawals requested or paid out and not yet confirmed as received. */
  inProcess: balanceString,
  vendors: z.array(
    z.object({ accountTypeId: z.number().int(), name: z.string(), balance: balanceString }),
  ),
  /**
   * For agents: the contracts paying them (active, V) or offered to them (pending, P), keyed by
   * product type (CONS: every game), in the original front end's shapes. Rates are percentages.
   */
  divtypereq: z
    .record(
      z.string(),
      z.object({
        contractId: z.string(),
        period: z.enum(['D', 'W', 'H', 'M']),
        minimumBet: z.string(),
        netLoss: z.string(),
        periodicTotalBet: z.string(),
        periodicTotalBetRequired: z.string(),
        activeMember: z.number().int(),
        contractRate: z.string(),
        status: z.enum(['P', 'V']),
        downlineHigherRate: z.boolean(),
      }),
    )
    .optional(),
  dailysalreqtype: z
    .record(
      z.string(),
      z.object({
        id: z.string(),
        status: z.enum(['P', 'V']),
        downlineHigherRate: z.boolean(),
        details: z.array(
          z.object({
            betVolume: z.string(),
            activeMember: z.number().int(),
            rateType: z.literal('P'),
            rate: z.string(),
          }),
        ),
      }),
    )
    .optional(),
  contracthoursalreqtype: z
    .record(
      z.string(),
      z.object({
        contractId: z.string(),
        status: z.enum(['P', 'V']),
        downlineHigherRate: z.boolean(),
        hourSalaryRates: z.array(
          z.object({
            minimumBet: z.string(),
            activeMember: z.number().int(),
            rateType: z.literal('P'),
            rate: z.string(),
          }),
        ),
      }),
    )
    .optional(),
  realtimesalreqtype: z
    .record(
      z.string(),
      z.object({
        contractId: z.string(),
        status: z.enum(['P', 'V']),
        downlineHigherRate: z.boolean(),
        /** Taya pays one rate on valid bet whether the team won or lost: both carry it. */
        realTimeSalaryRates: z.array(
          z.object({ betAmount: z.string(), lossRate: z.string(), winRate: z.string() }),
        ),
      }),
    )
    .optional(),
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFundsSchema>;

// ---- agent transfers (transferUpline, downline transfer) ----

export const agentTransferInfoSchema = z.object({
  upline: z.object({ username: z.string() }).nullable(),
  balance: balanceString,
});

export const uplineTransferBodySchema = z.strictObject({
  requestId: z.uuid(),
  amount: amountString,
  paymentPassword: z.string().min(1).max(32),
});

export const downlineTransferBodySchema = uplineTransferBodySchema.extend({
  username: z.string().trim().min(1).max(64),
});

export const agentTransferSchema = z.object({
  id: z.string(),
  direction: z.enum(['upline', 'downline']),
  counterparty: z.string(),
  amount: amountString,
  createdAt: z.string(),
  balance: balanceString,
});
