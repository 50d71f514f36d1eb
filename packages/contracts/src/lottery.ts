import { z } from 'zod';
import { opsReason } from './ops-reason';
import { amountString, balanceString } from './wallet';

/**
 * The lottery calls (SPEC §1, §4, §7): game menus, issues (numero) with their countdown and
 * commit–reveal seed, results, bets, chases, verification and the operator's result entry.
 * Money crosses the wire as decimal strings; times as ISO-8601 UTC strings.
 */

/** The families the product ships: fast e-lottery, Vietnamese, 4D and Thai. */
export const lotteryFamilies = ['ELOTT', 'VN', 'SEA_4D', 'THAI'] as const;
export type LotteryFamilyCode = (typeof lotteryFamilies)[number];

/** A game's prize mode (SPEC §1: LOTT, ZY, ELOTT, SEA). */
export const lotteryPrizeModes = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;

/** A game code such as ELOTT_1M, VN_NORTH, SEA_4D or THAI. */
export const lotteryGameCode = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{1,31}$/, 'a lottery game code such as ELOTT_1M');

/** An issue id (numero): `20261124-0001` for interval games, `20261124` for daily draws. */
export const lotteryIssueId = z
  .string()
  .regex(/^\d{8}(-\d{1,5})?$/, 'an issue id such as 20261124-0001');

/** Where an issue's result came from: the house seed (fast e-lottery), a results feed, an operator entry
 * (confirmed by a second operator), or the house-drawn demo mode of a feed game (labelled as such). */
export const lotteryResultSources = ['house', 'feed', 'operator', 'house_demo'] as const;
export type LotteryResultSource = (typeof lotteryResultSources)[number];

export const lotteryIssueStatuses = ['open', 'closed', 'drawn', 'settled', 'cancelled'] as const;
export type LotteryIssueStatus = (typeof lotteryIssueStatuses)[number];

export const lotteryBetStatuses = [
  'pending',
  'won',
  'lost',
  'push',
  'refunded',
  'cancelled',
] as const;
export type LotteryBetStatus = (typeof lotteryBetStatuses)[number];

const fourDigits = z.string().regex(/^\d{4}$/);
const vnTiers = [
  'special',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
] as const;

/** A draw's result, per family (the same shapes as the rules in `@taya/games`). */
export const lotteryResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ELOTT'),
    /** Five digits 0–9, 1st to 5th position. */
    digits: z.array(z.number().int().min(0).max(9)).length(5).readonly(),
  }),
  z.object({
    kind: z.literal('VN'),
    /** Each tier's numbers as digit strings, in drawing order. */
    prizes: z.partialRecord(
      z.enum(vnTiers),
      z
        .array(z.string().regex(/^\d{2,6}$/))
        .max(10)
        .readonly(),
    ),
  }),
  z.object({
    kind: z.literal('SEA_4D'),
    first: fourDigits,
    second: fourDigits,
    third: fourDigits,
    starters: z.array(fourDigits).length(10).readonly(),
    consolations: z.array(fourDigits).length(10).readonly(),
  }),
  z.object({
    kind: z.literal('THAI'),
    first: z.string().regex(/^\d{6}$/),
    bottom2: z.string().regex(/^\d{2}$/),
  }),
  z.object({ kind: z.literal('cancelled') }),
]);
export type LotteryResultWire = z.infer<typeof lotteryResultSchema>;

/** An exact payout ratio: one unit of stake returns `num / den` in total (stake included). */
export const lotteryRatioSchema = z.object({
  num: z.string().regex(/^\d+$/),
  den: z.string().regex(/^\d+$/),
});

export const lotteryBetTypeSchema = z.object({
  code: z.string(),
  /** An English label; the web shows its own translation keyed by `code`. */
  name: z.string(),
  /** Total return per unit of stake for one hit of each prize the type names. */
  pays: z.record(z.string(), lotteryRatioSchema),
  minCost: amountString,
  maxCost: amountString,
  maxUnits: z.number().int(),
});
export type LotteryBetType = z.infer<typeof lotteryBetTypeSchema>;

/** One issue (numero) of a game, as every call shows it. */
export const lotteryIssueSchema = z.object({
  id: z.string(),
  gameCode: z.string(),
  issueId: z.string(),
  status: z.enum(lotteryIssueStatuses),
  drawAt: z.string(),
  closesAt: z.string(),
  /** SHA-256 of the issue's secret seed, published when betting opens. */
  commitment: z.string(),
  /** The seed itself, revealed once betting closes (null before). */
  seed: z.string().nullable(),
  /** Null until drawn. */
  result: lotteryResultSchema.nullable(),
  resultSource: z.enum(lotteryResultSources).nullable(),
  drawnAt: z.string().nullable(),
  settledAt: z.string().nullable(),
});
export type LotteryIssue = z.infer<typeof lotteryIssueSchema>;

/** One game on the lottery menus. */
export const lotteryGameSchema = z.object({
  gameCode: z.string(),
  name: z.string(),
  family: z.enum(lotteryFamilies),
  prizeMode: z.enum(lotteryPrizeModes),
  /** Seconds between draws for interval games (60, 180, 300); null for daily calendar draws. */
  intervalSeconds: z.number().int().nullable(),
  /** Local draw time "HH:MM" for calendar games; null for interval games. */
  drawTime: z.string().nullable(),
  timeZone: z.string(),
  closeBeforeDrawSeconds: z.number().int(),
  /** Whether results come from the house seed (fast e-lottery) or a feed/operator (others). */
  houseDrawn: z.boolean(),
  betTypes: z.array(lotteryBetTypeSchema),
  maxCostPerPlayerPerIssue: amountString,
  /** The issue open for betting now, if any. */
  openIssue: lotteryIssueSchema.nullable(),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

/** The menus' query: `prizeMode` (lott, elott, sea, zy; any case) and the device asking. */
export const lotteryMenuQuerySchema = z.object({
  prizeMode: z.string().max(20).optional(),
  device: z.enum(['WEB', 'H5', 'APP']).default('WEB'),
  language: z.string().max(10).optional(),
});

/**
 * GET /lgw/vn/games/game_menu: the merchant's enabled lottery games. `prizeMode` is the
 * brand's mode (elott when the vendor data has an ELOTT card for TCG_LOTTO_VN or LOTT, otherwise
 * lott); `games` are filtered by the query's prizeMode when given.
 */
export const lotteryMenuSchema = z.object({
  prizeMode: z.enum(['elott', 'lott']),
  device: z.string(),
  games: z.array(lotteryGameSchema),
});
export type LotteryMenu = z.infer<typeof lotteryMenuSchema>;

/** GET /lgw/vn/games/game_menu/recent (T): the games the member bet on lately, newest first. */
export const lotteryRecentSchema = z.object({
  list: z.array(z.object({ gameCode: z.string(), name: z.string(), lastBetAt: z.string() })),
});
export type LotteryRecent = z.infer<typeof lotteryRecentSchema>;

export const lotteryGameQuerySchema = z.object({ gameCode: lotteryGameCode });

/** GET /lgw/vn/numeros/opened/game?gameCode=&pageNo=&pageSize=: drawn issues, newest first. */
export const lotteryHistoryQuerySchema = z.object({
  gameCode: lotteryGameCode,
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const lotteryHistorySchema = z.object({
  gameCode: z.string(),
  list: z.array(lotteryIssueSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type LotteryHistory = z.infer<typeof lotteryHistorySchema>;

/** GET /lotto/lgw/games/opened/numero?gameCode= (T): the open issue and its countdown. */
export const lotteryOpenNumeroSchema = z.object({
  gameCode: z.string(),
  serverTime: z.string(),
  /** Null between the close of one issue and the opening of the next. */
  issue: lotteryIssueSchema.nullable(),
  /** Whole seconds until betting on `issue` closes (0 when none is open). */
  countdownSeconds: z.number().int().min(0),
  /** Whole seconds until `issue` is drawn (0 when none is open). */
  drawCountdownSeconds: z.number().int().min(0),
  /** The latest drawn issue, for the result strip. */
  lastDrawn: lotteryIssueSchema.nullable(),
  /** What the caller already staked on `issue` (for the per-issue limit). */
  stakedThisIssue: amountString,
});
export type LotteryOpenNumero = z.infer<typeof lotteryOpenNumeroSchema>;

/** One bet of a POST /lotto/bets request. */
export const lotteryBetInputSchema = z.object({
  type: z.string().min(1).max(40),
  selection: z.array(z.string().max(12)).min(1).max(10),
  positions: z.array(z.number().int().min(1).max(5)).max(5).optional(),
  unitStake: amountString,
  units: z.number().int().min(1).max(100_000),
});
export type LotteryBetInput = z.infer<typeof lotteryBetInputSchema>;

/**
 * POST /lotto/bets: bets on the open issue of a game, debited in one transaction. `issueId`, when
 * given, must be the open issue (so a bet meant for an issue that just closed is refused with
 * `lottery_closed`). `requestId` makes the call idempotent: the same id returns the same bets.
 * A `chase` repeats every bet over the next `issues` issues (the first is the open one); all are
 * paid for up front, and with `stopOnWin` the rest are cancelled and refunded after a win.
 */
export const placeLotteryBetsSchema = z.object({
  gameCode: lotteryGameCode,
  issueId: lotteryIssueId.optional(),
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{8,64}$/, '8 to 64 letters, digits, dots, dashes or underscores'),
  bets: z.array(lotteryBetInputSchema).min(1).max(50),
  chase: z
    .object({
      issues: z.number().int().min(2).max(50),
      stopOnWin: z.boolean(),
      /** One positive multiplier per issue (e.g. 1, 2, 4); all 1 when absent. */
      multipliers: z.array(z.number().int().min(1).max(1000)).optional(),
    })
    .optional(),
});
export type PlaceLotteryBets = z.infer<typeof placeLotteryBetsSchema>;

export const lotteryBetSchema = z.object({
  id: z.string(),
  gameCode: z.string(),
  issueId: z.string(),
  drawAt: z.string(),
  type: z.string(),
  selection: z.array(z.string()),
  positions: z.array(z.number().int()).nullable(),
  unitStake: amountString,
  units: z.number().int(),
  cost: amountString,
  status: z.enum(lotteryBetStatuses),
  /** What the bet returned (stake included); null while pending. */
  payout: amountString.nullable(),
  chaseId: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBetSchema>;

export const lotteryChaseSchema = z.object({
  id: z.string(),
  gameCode: z.string(),
  stopOnWin: z.boolean(),
  status: z.enum(['active', 'completed', 'stopped', 'cancelled']),
  issueIds: z.array(z.string()),
  totalCost: amountString,
});
export type LotteryChase = z.infer<typeof lotteryChaseSchema>;

export const placeLotteryBetsResultSchema = z.object({
  bets: z.array(lotteryBetSchema),
  chases: z.array(lotteryChaseSchema),
  totalCost: amountString,
  balance: balanceString,
});
export type PlaceLotteryBetsResult = z.infer<typeof placeLotteryBetsResultSchema>;

/** GET /lotto/bets/mine: the caller's lottery bets, newest first. */
export const myLotteryBetsQuerySchema = z.object({
  gameCode: lotteryGameCode.optional(),
  status: z.enum(lotteryBetStatuses).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const myLotteryBetsSchema = z.object({
  list: z.array(lotteryBetSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type MyLotteryBets = z.infer<typeof myLotteryBetsSchema>;

export const lotteryIdParamsSchema = z.object({ id: z.uuid() });

/** POST /lotto/bets/:id/cancel: the bet, now cancelled and refunded, and the balance. */
export const cancelLotteryBetResultSchema = z.object({
  bet: lotteryBetSchema,
  balance: balanceString,
});

export const lotteryVerifyParamsSchema = z.object({
  gameCode: lotteryGameCode,
  issueId: lotteryIssueId,
});

/**
 * GET /lotto/verify/:gameCode/:issueId (public): what anyone needs to recompute a house-drawn
 * result. `verified` is null until the seed is revealed and the result drawn, or for results
 * not drawn by the house (feed, operator).
 */
export const lotteryVerifySchema = z.object({
  gameCode: z.string(),
  issueId: z.string(),
  status: z.enum(lotteryIssueStatuses),
  commitment: z.string(),
  seed: z.string().nullable(),
  result: lotteryResultSchema.nullable(),
  resultSource: z.enum(lotteryResultSources).nullable(),
  houseDrawn: z.boolean(),
  /** The result the revealed seed gives (null before the reveal). */
  recomputed: lotteryResultSchema.nullable(),
  verified: z.boolean().nullable(),
  /** How to recompute it by hand. */
  method: z.string(),
});
export type LotteryVerify = z.infer<typeof lotteryVerifySchema>;

/** POST /ops/lottery/results: an operator enters a result; a second operator confirms it. */
export const enterLotteryResultSchema = z.object({
  gameCode: lotteryGameCode,
  issueId: lotteryIssueId,
  result: lotteryResultSchema,
  reason: opsReason,
});
export type EnterLotteryResult = z.infer<typeof enterLotteryResultSchema>;

/** POST /ops/sandbox/lottery-feed/results: the sandbox feed publishes a result, as a real feed would. */
export const publishSandboxLotteryResultSchema = enterLotteryResultSchema.extend({
  reason: opsReason.optional(),
});

/** POST /ops/lottery/results/:id/confirm: the second operator's confirmation, with a reason. */
export const confirmLotteryResultSchema = z.strictObject({ reason: opsReason });

/** POST /ops/lottery/issues/:id/cancel: why the issue is cancelled (its bets are refunded). */
export const cancelLotteryIssueSchema = z.strictObject({ reason: opsReason });

export const lotteryResultEntrySchema = z.object({
  id: z.string(),
  gameCode: z.string(),
  issueId: z.string(),
  result: lotteryResultSchema,
  status: z.enum(['pending', 'confirmed', 'superseded']),
  enteredBy: z.string(),
  confirmedBy: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type LotteryResultEntry = z.infer<typeof lotteryResultEntrySchema>;

export const lotteryResultEntryResultSchema = z.object({
  entry: lotteryResultEntrySchema,
  issue: lotteryIssueSchema,
});

/** POST /ops/lottery/issues/:id/cancel: the issue, cancelled; its bets are refunded by settlement. */
export const cancelLotteryIssueResultSchema = z.object({ issue: lotteryIssueSchema });

/** Events of the WebSocket `/ws/lottery?gameCode=`. */
export const lotteryEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('open'), issue: lotteryIssueSchema }),
  z.object({ type: z.literal('closed'), issue: lotteryIssueSchema }),
  z.object({ type: z.literal('result'), issue: lotteryIssueSchema }),
  z.object({ type: z.literal('cancelled'), issue: lotteryIssueSchema }),
  /** Every bet of the issue is settled (balances and bet statuses changed). */
  z.object({ type: z.literal('settled'), issue: lotteryIssueSchema }),
]);
export type LotteryEvent = z.infer<typeof lotteryEventSchema>;
