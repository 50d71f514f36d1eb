/**
 * The common model of every lottery family: game definitions, bets, results and settlements.
 * Pure data; the rules live in `rules.ts` and the family modules. Money is always an integer
 * count of minor units (`bigint`); odds are exact fractions ({@link Ratio}), never floats.
 */

/** Lottery families the product ships. */
export type LotteryFamily = 'ELOTT' | 'VN' | 'SEA_4D' | 'THAI';

/**
 * The prize modes of the brand (SPEC §1). The shipped games use `ELOTT` (fast e-lottery),
 * `LOTT` (Vietnamese draws) and `SEA` (4D and Thai); `ZY` is accepted for definitions an
 * operator adds.
 */
export type PrizeMode = 'LOTT' | 'ZY' | 'ELOTT' | 'SEA';

/**
 * An exact non-negative fraction `num / den` (`den > 0`). Payout ratios are what one unit of
 * stake returns in total (stake included): `{ num: 197n, den: 100n }` turns a stake of 100 into
 * 197.
 */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

/**
 * When a game draws. Times are wall-clock times at a fixed UTC offset (the shipped zones,
 * Asia/Ho_Chi_Minh, Asia/Bangkok and Asia/Kuala_Lumpur, have no daylight saving), so schedules
 * are integer maths on epoch seconds.
 */
export type DrawSchedule =
  | {
      /** A draw every `seconds`, aligned to the local midnight (e.g. 60 → 00:01, 00:02, …). */
      readonly kind: 'interval';
      readonly seconds: number;
      readonly timeZone: string;
      readonly utcOffsetMinutes: number;
    }
  | {
      /** One draw at `time` (local "HH:MM") on the listed days. */
      readonly kind: 'calendar';
      readonly time: string;
      /** Days of the week, 0 = Sunday … 6 = Saturday; absent = every day (unless `monthDays`). */
      readonly weekdays?: readonly number[];
      /** Days of the month (1–31); when present, only those days. */
      readonly monthDays?: readonly number[];
      readonly timeZone: string;
      readonly utcOffsetMinutes: number;
    };

/** One prize tier of a Vietnamese draw: how many numbers, of how many digits. */
export interface VnTierLayout {
  readonly tier: VnTier;
  readonly count: number;
  readonly digits: number;
}

/** Vietnamese prize tiers, from the special prize (giải đặc biệt) down to the eighth. */
export type VnTier =
  'special' | 'first' | 'second' | 'third' | 'fourth' | 'fifth' | 'sixth' | 'seventh' | 'eighth';

/** What a result of the game looks like. */
export type NumberFormat =
  | { readonly kind: 'ELOTT'; readonly digits: 5 }
  | { readonly kind: 'VN'; readonly region: VnRegion; readonly layout: readonly VnTierLayout[] }
  | { readonly kind: 'SEA_4D'; readonly starters: 10; readonly consolations: 10 }
  | { readonly kind: 'THAI'; readonly firstDigits: 6; readonly bottomDigits: 2 };

/** The northern draw (27 prizes) or the central and southern draws (18 prizes). */
export type VnRegion = 'north' | 'south';

/** Stake limits of one bet type, on the bet's cost (stake per unit × units), in minor units. */
export interface BetLimits {
  readonly minCost: bigint;
  readonly maxCost: bigint;
  /** The largest multiplier a bet may carry. */
  readonly maxUnits: number;
}

/**
 * One bet type of a game: what a bet of this type pays. `pays` is keyed by the prize the rules
 * name for the type (e.g. `win`, `tie`, `leopard`, `first`, `starter`); each entry is the total
 * return per unit of stake for one hit of that prize.
 */
export interface BetTypeDefinition {
  readonly code: string;
  /** An English label for operators; the web shows its own translations keyed by `code`. */
  readonly name: string;
  readonly pays: Readonly<Record<string, Ratio>>;
  readonly limits: BetLimits;
}

/** A lottery game: everything the server needs to schedule issues, take bets and settle them. */
export interface GameDefinition {
  readonly code: string;
  readonly name: string;
  readonly family: LotteryFamily;
  readonly prizeMode: PrizeMode;
  readonly schedule: DrawSchedule;
  /** Betting on an issue closes this many seconds before its draw. */
  readonly closeBeforeDrawSeconds: number;
  readonly numberFormat: NumberFormat;
  readonly betTypes: readonly BetTypeDefinition[];
  /** The most one player may stake on one issue, summed over all bets, in minor units. */
  readonly maxCostPerPlayerPerIssue: bigint;
}

/**
 * A bet on one issue. One bet is one wager: its cost is `unitStake × units`. Several numbers
 * are several bets, except for the types whose selection is a set that wins together (xiên,
 * iBox).
 *
 * - `type` is a bet type code of the game.
 * - `selection` are the type's tokens (see each family's documentation): e.g. `['big']`,
 *   `['7']`, `['12', '34']`, `['1234']`.
 * - `positions` (1-based, ascending) are needed by the per-position and combination types of the
 *   fast e-lottery and ignored elsewhere.
 */
export interface Bet {
  readonly type: string;
  readonly selection: readonly string[];
  readonly positions?: readonly number[];
  /** Stake per unit in minor units (> 0). */
  readonly unitStake: bigint;
  /** The multiplier: a positive integer. */
  readonly units: number;
}

/** The five digits of a fast e-lottery draw, 1st to 5th. */
export interface ElottResult {
  readonly kind: 'ELOTT';
  readonly digits: readonly number[];
}

/** A Vietnamese draw: each tier's numbers as digit strings, in drawing order. */
export interface VnResult {
  readonly kind: 'VN';
  readonly prizes: Readonly<Partial<Record<VnTier, readonly string[]>>>;
}

/** A 4D draw: 23 four-digit numbers. */
export interface FourDResult {
  readonly kind: 'SEA_4D';
  readonly first: string;
  readonly second: string;
  readonly third: string;
  /** The ten special (starter) prizes. */
  readonly starters: readonly string[];
  readonly consolations: readonly string[];
}

/** A Thai-style draw: the six-digit first prize and the separate two-digit bottom number. */
export interface ThaiResult {
  readonly kind: 'THAI';
  readonly first: string;
  readonly bottom2: string;
}

/** A cancelled issue: every bet is refunded. */
export interface CancelledResult {
  readonly kind: 'cancelled';
}

export type LotteryResult = ElottResult | VnResult | FourDResult | ThaiResult | CancelledResult;

/**
 * What a bet gets: `win` pays `payout` (> 0, stake included), `lose` pays 0, `push` returns the
 * cost (a tie the type does not decide), `refund` returns the cost (cancelled issue).
 */
export interface Settlement {
  readonly outcome: 'win' | 'lose' | 'push' | 'refund';
  readonly payout: bigint;
  /** The prizes hit and how many times (empty unless `win`). */
  readonly hits: readonly PrizeHit[];
}

export interface PrizeHit {
  readonly prize: string;
  readonly count: number;
}

/** Why a bet or result is refused. Stable codes for the transport layer to map. */
export type LotteryProblemCode =
  | 'UNKNOWN_BET_TYPE'
  | 'BAD_SELECTION'
  | 'BAD_POSITIONS'
  | 'DUPLICATE_NUMBERS'
  | 'NO_PERMUTATIONS'
  | 'BAD_STAKE'
  | 'BAD_UNITS'
  | 'BELOW_MIN_COST'
  | 'ABOVE_MAX_COST'
  | 'ABOVE_MAX_UNITS'
  | 'ABOVE_ISSUE_LIMIT'
  | 'BAD_RESULT';

export interface LotteryProblem {
  readonly code: LotteryProblemCode;
  /** Which part of the input: `type`, `selection`, `positions`, `unitStake`, `units`, `result`. */
  readonly field: string;
  readonly message: string;
}

/** What a family's rules found for a bet against a result, before money. */
export interface Evaluation {
  readonly hits: readonly PrizeHit[];
  /** A tie the type does not decide: the stake comes back. */
  readonly push?: boolean;
  /** The prizes are shared by this many (iBox: the permutation count). */
  readonly divisor?: number;
}
