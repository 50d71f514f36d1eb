import { z } from 'zod';
import { amountString } from './wallet';

/** A contract's kind, by the call that handles it. */
export const contractKinds = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type ContractKindName = (typeof contractKinds)[number];

/** A rate on the wire: a percentage with at most two decimals ("0.60" is 0.60 %). */
export const ratePercent = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'a percentage such as 0.6 or 35')
  .refine((r) => Number(r) <= 100, 'at most 100 %');

export const contractTierSchema = z.strictObject({
  rate: ratePercent,
  minActiveMembers: z.number().int().min(0).max(1_000_000),
  minPeriodBet: amountString,
});
export type ContractTierInput = z.infer<typeof contractTierSchema>;

/**
 * The body of `MCS2_processDividendReq`, `MCS2_processDailySalContract`,
 * `MCS2_processContractHourSalary` and `MCSFE_processRealTimeSalaryContract`. REQUEST (the
 * upline offers `tiers` to a direct subordinate), A accept, R reject (the downline answers a
 * pending offer), C terminate (either side of an active contract). `confirm` agrees to the
 * lower-rate warning.
 */
export const contractProcessSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('REQUEST'),
    subordinateId: z.string().min(1).max(80),
    tiers: z.array(contractTierSchema).min(1).max(10),
    /** Dividends only: D daily, W weekly, H semi-monthly, M monthly. */
    period: z.enum(['D', 'W', 'H', 'M']).optional(),
  }),
  z.strictObject({
    action: z.enum(['A', 'R', 'C']),
    contractId: z.string().min(1).max(80),
    confirm: z.boolean().optional(),
  }),
]);
export type ContractProcessBody = z.infer<typeof contractProcessSchema>;

const party = z.object({ id: z.string(), username: z.string(), nickname: z.string().nullable() });

export const contractViewSchema = z.object({
  id: z.string(),
  kind: z.enum(contractKinds),
  productType: z.string(),
  period: z.enum(['D', 'W', 'H', 'M']).nullable(),
  /** Null: the operator's contract with a top agent. */
  upline: party.nullable(),
  downline: party,
  tiers: z.array(contractTierSchema),
  maxRate: ratePercent,
  status: z.enum(['pending', 'active', 'rejected', 'terminated', 'superseded']),
  requestedAt: z.string(),
  activeFrom: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  /**
   * For an offer to me: my active downline contracts of this kind whose rate is above the
   * offer's (agreeing ends them). Empty otherwise.
   */
  downlineHigherRate: z.array(
    z.object({ contractId: z.string(), downline: party, maxRate: ratePercent }),
  ),
});
export type ContractView = z.infer<typeof contractViewSchema>;

export const contractListQuerySchema = z.strictObject({
  kind: z.enum(contractKinds).optional(),
});

export const contractListSchema = z.object({
  /** Contracts that pay me (from my upline or the operator): active and pending. */
  mine: z.array(contractViewSchema),
  /** Contracts I granted my direct subordinates: active and pending. */
  granted: z.array(contractViewSchema),
});

export const settlementQuerySchema = z.strictObject({
  kind: z.enum(contractKinds),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** One settled window of one of my contracts, with the inputs it was computed from. */
export const settlementPageSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      contractId: z.string(),
      kind: z.enum(contractKinds),
      windowStart: z.string(),
      windowEnd: z.string(),
      teamValidBet: amountString,
      teamNetLoss: z.string(),
      activeMembers: z.number().int(),
      tier: z.number().int().nullable(),
      rate: ratePercent,
      gross: amountString,
      subordinatesPaid: amountString,
      payout: amountString,
      below: z.array(z.object({ contractId: z.string(), agentId: z.string(), paid: amountString })),
      settledAt: z.string(),
    }),
  ),
  totalPayout: amountString,
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});

/** `ODSFE2_subordinateSimple`: my direct subordinates (DIRECT) or anyone in my team (SELF). */
export const subordinateQuerySchema = z.strictObject({
  subordinateType: z.enum(['SELF', 'DIRECT']).default('DIRECT'),
  subordinateName: z.string().max(40).optional(),
  /** Browse below one of my team's agents instead of myself. */
  parentId: z.string().max(80).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const subordinatePageSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      nickname: z.string().nullable(),
      type: z.number().int(),
      isAgent: z.boolean(),
      parentId: z.string().nullable(),
      depth: z.number().int(),
      teamSize: z.number().int(),
      balance: amountString,
      registeredAt: z.string(),
    }),
  ),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});

/** The agent's register centre: a downline member (type 0) or agent (type 1) under me. */
export const createDownlineSchema = z.strictObject({
  username: z.string().min(4).max(20),
  password: z.string().min(6).max(40),
  type: z.union([z.literal(0), z.literal(1)]),
  nickname: z.string().max(40).optional(),
});

/** `agentTeamOverview`: my team's figures over a period, and per day in the merchant's zone. */
export const teamOverviewQuerySchema = z.strictObject({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});

const teamFigures = {
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  deposits: amountString,
  withdrawals: amountString,
  validBet: amountString,
  /** What the team's players lost (stakes less payouts); negative when they won. */
  profit: z.string(),
};

export const teamOverviewSchema = z.object({
  members: z.number().int(),
  agents: z.number().int(),
  ...teamFigures,
  days: z.array(z.object({ day: z.string(), ...teamFigures })),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

const period = {
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
};

/** Team betting (personalHistoryCopy for the team): bet records of anyone in my team. */
export const teamBetQuerySchema = z.strictObject({
  ...period,
  /** One member of my team, by exact username; all of it when absent. */
  username: z.string().max(40).optional(),
  gameType: z.string().max(20).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const teamBetPageSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      roundId: z.string(),
      vendor: z.string(),
      gameType: z.string(),
      gameName: z.string(),
      stake: amountString,
      validBet: amountString,
      payout: amountString,
      /** The player's result: payout less stake. */
      winLoss: z.string(),
      settledAt: z.string(),
    }),
  ),
  totals: z.object({
    count: z.number().int(),
    validBet: amountString,
    payout: amountString,
    winLoss: z.string(),
  }),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});

/** User loss (palStatementsAgentCopy): each direct subordinate with its own team's results. */
export const teamLossQuerySchema = z.strictObject({
  ...period,
  /** Browse below one of my team's agents instead of myself. */
  parentId: z.string().max(80).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const teamLossPageSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      isAgent: z.boolean(),
      teamSize: z.number().int(),
      bets: z.number().int(),
      validBet: amountString,
      payout: amountString,
      /** What the players under this line lost (stakes less payouts); negative when they won. */
      loss: z.string(),
    }),
  ),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});

/** My income (agentRevenueReport): settled contract pay by kind over a period. */
export const revenueQuerySchema = z.strictObject(period);

export const revenueSchema = z.object({
  byKind: z.array(
    z.object({
      kind: z.enum(contractKinds),
      windows: z.number().int(),
      payout: amountString,
    }),
  ),
  total: amountString,
});

/** Downline transaction details (`ODSFE2_MemTransDet`): money movements of my team's members. */
export const teamTransactionQuerySchema = z.strictObject({
  subordinateName: z.string().max(40).optional(),
  startTime: z.coerce.number().int().min(0),
  endTime: z.coerce.number().int().min(0),
  /** Comma-separated ledger entry types (deposit, withdrawal_hold, agent_transfer, …). */
  txTypeIds: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const teamTransactionPageSchema = z.object({
  list: z.array(
    z.object({
      username: z.string(),
      txTimeInTimestamp: z.number().int(),
      amount: z.string(),
      remark: z.string().nullable(),
      txTypeId: z.string(),
    }),
  ),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});

/** The register centre's invitation: my code, for links and QR codes that register under me. */
export const invitationSchema = z.object({ code: z.string() });
