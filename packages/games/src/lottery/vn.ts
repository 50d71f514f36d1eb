import type {
  Bet,
  BetLimits,
  BetTypeDefinition,
  Evaluation,
  GameDefinition,
  LotteryProblem,
  VnRegion,
  VnResult,
  VnTier,
  VnTierLayout,
} from './types';
import { ratio } from './ratio';

/**
 * Vietnamese lottery (xổ số). The northern draw (miền Bắc) has 27 prize numbers, the central
 * (miền Trung) and southern (miền Nam) draws 18 each; the special prize (giải đặc biệt) is five
 * digits in the north and six in the centre and south.
 *
 * Bet types (code — selection — what wins):
 * - `LO2` (lô 2 số) — one two-digit number — one hit for every prize number whose last two
 *   digits are it. Each of the 27 (or 18) numbers is its own prize: a number ending the special,
 *   the first and one of the six third prizes hits 3 times, and two third prizes ending in it
 *   count twice ("về 2 nháy"). Only the last two digits of a number count, never a pair inside
 *   it. Pays per hit.
 * - `DE` (đề) — one two-digit number — the last two digits of the special prize.
 * - `DE_DAU` (đề đầu) — one two-digit number — the first two digits of the special prize.
 * - `CANG3` (3 càng) — one three-digit number — the last three digits of the special prize.
 * - `XIEN2`, `XIEN3`, `XIEN4` (xiên) — 2, 3 or 4 different two-digit numbers — every one of them
 *   is among the lô numbers (at least once each). Pays once, however often they appear.
 * - `DAU` (đầu) — one digit — the tens digit of the special prize's last two.
 * - `DUOI` (đuôi) — one digit — the last digit of the special prize.
 */
export const VN_BET_TYPES = [
  'LO2',
  'DE',
  'DE_DAU',
  'CANG3',
  'XIEN2',
  'XIEN3',
  'XIEN4',
  'DAU',
  'DUOI',
] as const;
export type VnBetType = (typeof VN_BET_TYPES)[number];

/** The northern draw: 27 numbers. */
export const VN_NORTH_LAYOUT: readonly VnTierLayout[] = [
  { tier: 'special', count: 1, digits: 5 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 2, digits: 5 },
  { tier: 'third', count: 6, digits: 5 },
  { tier: 'fourth', count: 4, digits: 4 },
  { tier: 'fifth', count: 6, digits: 4 },
  { tier: 'sixth', count: 3, digits: 3 },
  { tier: 'seventh', count: 4, digits: 2 },
];

/** The central and southern draws: 18 numbers. */
export const VN_SOUTH_LAYOUT: readonly VnTierLayout[] = [
  { tier: 'special', count: 1, digits: 6 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 1, digits: 5 },
  { tier: 'third', count: 2, digits: 5 },
  { tier: 'fourth', count: 7, digits: 5 },
  { tier: 'fifth', count: 1, digits: 4 },
  { tier: 'sixth', count: 3, digits: 4 },
  { tier: 'seventh', count: 1, digits: 3 },
  { tier: 'eighth', count: 1, digits: 2 },
];

export const VN_TIERS: readonly VnTier[] = [
  'special',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
];

export function vnLayout(region: VnRegion): readonly VnTierLayout[] {
  return region === 'north' ? VN_NORTH_LAYOUT : VN_SOUTH_LAYOUT;
}

const problem = (field: string, code: LotteryProblem['code'], message: string) => ({
  code,
  field,
  message,
});

const digitsOf = (s: string, n: number) => s.length === n && /^[0-9]+$/.test(s);

/** Problems with a Vietnamese bet's selection (the type is known). */
export function vnSelectionProblems(bet: Bet): LotteryProblem[] {
  const s = bet.selection;
  const one = (n: number) =>
    s.length === 1 && digitsOf(s[0]!, n)
      ? []
      : [problem('selection', 'BAD_SELECTION', `choose one ${n}-digit number`)];
  switch (bet.type as VnBetType) {
    case 'LO2':
    case 'DE':
    case 'DE_DAU':
      return one(2);
    case 'CANG3':
      return one(3);
    case 'DAU':
    case 'DUOI':
      return one(1);
    case 'XIEN2':
    case 'XIEN3':
    case 'XIEN4': {
      const n = Number(bet.type.slice(4));
      if (s.length !== n || !s.every((x) => digitsOf(x, 2)))
        return [problem('selection', 'BAD_SELECTION', `choose ${n} two-digit numbers`)];
      if (new Set(s).size !== n)
        return [problem('selection', 'DUPLICATE_NUMBERS', 'the numbers must all differ')];
      return [];
    }
    default:
      return [problem('type', 'UNKNOWN_BET_TYPE', `unknown bet type ${bet.type}`)];
  }
}

/** Problems with a Vietnamese result against the region's layout. */
export function vnResultProblems(region: VnRegion, result: VnResult): LotteryProblem[] {
  const layout = vnLayout(region);
  const problems: LotteryProblem[] = [];
  for (const tier of VN_TIERS) {
    const want = layout.find((l) => l.tier === tier);
    const got = result.prizes[tier] ?? [];
    if (!want) {
      if (got.length > 0)
        problems.push(problem('result', 'BAD_RESULT', `the ${region} draw has no ${tier} prize`));
    } else if (got.length !== want.count || !got.every((x) => digitsOf(x, want.digits))) {
      problems.push(
        problem(
          'result',
          'BAD_RESULT',
          `the ${tier} prize is ${want.count} number(s) of ${want.digits} digits`,
        ),
      );
    }
  }
  return problems;
}

/** The last two digits of every prize number of a result: one entry per prize number. */
export function loNumbers(result: VnResult): string[] {
  return VN_TIERS.flatMap((tier) => (result.prizes[tier] ?? []).map((n) => n.slice(-2)));
}

/** What a valid Vietnamese bet hits on a valid result. */
export function evaluateVn(bet: Bet, result: VnResult): Evaluation {
  const special = result.prizes.special![0]!;
  const pick = bet.selection[0]!;
  const hitIf = (condition: boolean): Evaluation => ({
    hits: condition ? [{ prize: 'win', count: 1 }] : [],
  });
  switch (bet.type as VnBetType) {
    case 'LO2': {
      const count = loNumbers(result).filter((n) => n === pick).length;
      return { hits: count > 0 ? [{ prize: 'hit', count }] : [] };
    }
    case 'DE':
      return hitIf(special.slice(-2) === pick);
    case 'DE_DAU':
      return hitIf(special.slice(0, 2) === pick);
    case 'CANG3':
      return hitIf(special.slice(-3) === pick);
    case 'DAU':
      return hitIf(special.slice(-2, -1) === pick);
    case 'DUOI':
      return hitIf(special.slice(-1) === pick);
    case 'XIEN2':
    case 'XIEN3':
    case 'XIEN4': {
      const lo = new Set(loNumbers(result));
      return hitIf(bet.selection.every((n) => lo.has(n)));
    }
    default:
      throw new Error(`unknown bet type ${bet.type}`);
  }
}

const r = ratio;

/**
 * Payout tables, total return per unit of stake. Exact returns to player assume every digit of
 * every prize number uniform and independent (how the draws are made).
 *
 * Lô is priced by the point (điểm): in the north a point costs 23 and pays 80 per hit
 * (1 ăn 80), i.e. 80/23 per unit of stake: 27/100 × 80/23 = 93.913 %. In the centre and south
 * a point costs 18 and pays 94 per hit: 18/100 × 94/18 = 94 %. A bet whose stake is a whole
 * number of points is paid exactly; otherwise the payout rounds down.
 *
 * Xiên pays once when all its numbers are among the lô numbers; with N lô numbers and k chosen,
 * P = Σ_j (−1)^j C(k, j) ((100 − j)/100)^N. North (N = 27): xiên 2 17 → 93.300 %, xiên 3
 * 75 → 92.235 %, xiên 4 350 → 93.447 %. Centre and south (N = 18): xiên 2 36 → 93.988 %,
 * xiên 3 240 → 93.923 %, xiên 4 1700 → 94.388 %.
 *
 * Đề and đề đầu 95 (1/100 → 95 %), 3 càng 950 (1/1000 → 95 %), đầu and đuôi 9.5 (95 %).
 */
export const VN_PAYS: Readonly<
  Record<VnRegion, Readonly<Record<VnBetType, BetTypeDefinition['pays']>>>
> = {
  north: {
    LO2: { hit: r(80, 23) },
    DE: { win: r(95) },
    DE_DAU: { win: r(95) },
    CANG3: { win: r(950) },
    XIEN2: { win: r(17) },
    XIEN3: { win: r(75) },
    XIEN4: { win: r(350) },
    DAU: { win: r(95, 10) },
    DUOI: { win: r(95, 10) },
  },
  south: {
    LO2: { hit: r(94, 18) },
    DE: { win: r(95) },
    DE_DAU: { win: r(95) },
    CANG3: { win: r(950) },
    XIEN2: { win: r(36) },
    XIEN3: { win: r(240) },
    XIEN4: { win: r(1700) },
    DAU: { win: r(95, 10) },
    DUOI: { win: r(95, 10) },
  },
};

const VN_NAMES: Record<VnBetType, string> = {
  LO2: 'Lô 2 số',
  DE: 'Đề',
  DE_DAU: 'Đề đầu',
  CANG3: '3 càng',
  XIEN2: 'Xiên 2',
  XIEN3: 'Xiên 3',
  XIEN4: 'Xiên 4',
  DAU: 'Đầu',
  DUOI: 'Đuôi',
};

/**
 * A Vietnamese daily draw at `drawTime` (local "HH:MM", Asia/Ho_Chi_Minh): the north draws at
 * 18:15, the centre at 17:15, the south at 16:15.
 */
export function vnGame(options: {
  code: string;
  name: string;
  region: VnRegion;
  drawTime: string;
  closeBeforeDrawSeconds: number;
  limits: BetLimits;
  maxCostPerPlayerPerIssue: bigint;
}): GameDefinition {
  return {
    code: options.code,
    name: options.name,
    family: 'VN',
    prizeMode: 'LOTT',
    schedule: {
      kind: 'calendar',
      time: options.drawTime,
      timeZone: 'Asia/Ho_Chi_Minh',
      utcOffsetMinutes: 420,
    },
    closeBeforeDrawSeconds: options.closeBeforeDrawSeconds,
    numberFormat: { kind: 'VN', region: options.region, layout: vnLayout(options.region) },
    betTypes: VN_BET_TYPES.map((code) => ({
      code,
      name: VN_NAMES[code],
      pays: VN_PAYS[options.region][code],
      limits: options.limits,
    })),
    maxCostPerPlayerPerIssue: options.maxCostPerPlayerPerIssue,
  };
}
