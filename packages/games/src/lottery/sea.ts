import type {
  Bet,
  BetLimits,
  BetTypeDefinition,
  Evaluation,
  FourDResult,
  GameDefinition,
  LotteryProblem,
  PrizeHit,
  ThaiResult,
} from './types';
import { ratio } from './ratio';

/**
 * South-East Asian draws.
 *
 * **4D** draws 23 different four-digit numbers: first, second and third prizes, ten special
 * (starter) and ten consolation prizes. Bet types, each on one four-digit number:
 * - `BIG` — wins every prize the number is drawn for (first, second, third, starter, consolation).
 * - `SMALL` — first, second and third only, at higher prizes.
 * - `IBOX_BIG`, `IBOX_SMALL` — the number in any order: a draw that is a permutation of its digits
 *   wins that prize divided by the number of distinct permutations (24 for four different
 *   digits, 12 with one pair, 6 with two pairs, 4 with a triple). A number of four equal digits
 *   has one permutation and is refused (`NO_PERMUTATIONS`): bet it straight.
 *
 * **Thai-style** draws a six-digit first prize and a separate two-digit bottom number:
 * - `TOP3` (3 ตัวบน) — three digits — the last three of the first prize.
 * - `TOP2` (2 ตัวบน) — two digits — the last two of the first prize.
 * - `BOTTOM2` (2 ตัวล่าง) — two digits — the bottom number.
 */
export const FOUR_D_BET_TYPES = ['BIG', 'SMALL', 'IBOX_BIG', 'IBOX_SMALL'] as const;
export type FourDBetType = (typeof FOUR_D_BET_TYPES)[number];
export const THAI_BET_TYPES = ['TOP3', 'TOP2', 'BOTTOM2'] as const;
export type ThaiBetType = (typeof THAI_BET_TYPES)[number];

const problem = (field: string, code: LotteryProblem['code'], message: string) => ({
  code,
  field,
  message,
});
const digitsOf = (s: string, n: number) => s.length === n && /^[0-9]+$/.test(s);

/** How many different orders the digits of a number have (4!/multiplicities). */
export function permutationCount(number: string): number {
  const counts = new Map<string, number>();
  for (const c of number) counts.set(c, (counts.get(c) ?? 0) + 1);
  let n = 1;
  for (let i = 2; i <= number.length; i++) n *= i;
  for (const k of counts.values()) for (let i = 2; i <= k; i++) n /= i;
  return n;
}

const sorted = (s: string) => [...s].sort().join('');

export function fourDSelectionProblems(bet: Bet): LotteryProblem[] {
  if (!(FOUR_D_BET_TYPES as readonly string[]).includes(bet.type))
    return [problem('type', 'UNKNOWN_BET_TYPE', `unknown bet type ${bet.type}`)];
  const s = bet.selection;
  if (s.length !== 1 || !digitsOf(s[0]!, 4))
    return [problem('selection', 'BAD_SELECTION', 'choose one four-digit number')];
  if (bet.type.startsWith('IBOX') && permutationCount(s[0]!) === 1)
    return [
      problem(
        'selection',
        'NO_PERMUTATIONS',
        'four equal digits have no other order; bet straight',
      ),
    ];
  return [];
}

export function fourDResultProblems(result: FourDResult): LotteryProblem[] {
  const all = [
    result.first,
    result.second,
    result.third,
    ...result.starters,
    ...result.consolations,
  ];
  if (
    result.starters.length !== 10 ||
    result.consolations.length !== 10 ||
    !all.every((n) => digitsOf(n, 4))
  )
    return [
      problem(
        'result',
        'BAD_RESULT',
        'a 4D result is first, second, third, 10 starters and 10 consolations of 4 digits',
      ),
    ];
  if (new Set(all).size !== all.length)
    return [problem('result', 'BAD_RESULT', 'the 23 numbers of a 4D draw all differ')];
  return [];
}

/** What a valid 4D bet hits. For iBox, `divisor` is the permutation count of the selection. */
export function evaluateFourD(bet: Bet, result: FourDResult): Evaluation {
  const pick = bet.selection[0]!;
  const box = bet.type.startsWith('IBOX');
  const big = bet.type === 'BIG' || bet.type === 'IBOX_BIG';
  const matches = box ? (n: string) => sorted(n) === sorted(pick) : (n: string) => n === pick;
  const prizes: [string, readonly string[]][] = [
    ['first', [result.first]],
    ['second', [result.second]],
    ['third', [result.third]],
  ];
  if (big) prizes.push(['starter', result.starters], ['consolation', result.consolations]);
  const hits: PrizeHit[] = [];
  for (const [prize, numbers] of prizes) {
    const count = numbers.filter(matches).length;
    if (count > 0) hits.push({ prize, count });
  }
  return box ? { hits, divisor: permutationCount(pick) } : { hits };
}

export function thaiSelectionProblems(bet: Bet): LotteryProblem[] {
  const n = { TOP3: 3, TOP2: 2, BOTTOM2: 2 }[bet.type as ThaiBetType];
  if (n === undefined) return [problem('type', 'UNKNOWN_BET_TYPE', `unknown bet type ${bet.type}`)];
  return bet.selection.length === 1 && digitsOf(bet.selection[0]!, n)
    ? []
    : [problem('selection', 'BAD_SELECTION', `choose one ${n}-digit number`)];
}

export function thaiResultProblems(result: ThaiResult): LotteryProblem[] {
  return digitsOf(result.first, 6) && digitsOf(result.bottom2, 2)
    ? []
    : [
        problem(
          'result',
          'BAD_RESULT',
          'a Thai result is a 6-digit first prize and 2 bottom digits',
        ),
      ];
}

export function evaluateThai(bet: Bet, result: ThaiResult): Evaluation {
  const pick = bet.selection[0]!;
  const drawn =
    bet.type === 'TOP3'
      ? result.first.slice(-3)
      : bet.type === 'TOP2'
        ? result.first.slice(-2)
        : result.bottom2;
  return { hits: drawn === pick ? [{ prize: 'win', count: 1 }] : [] };
}

const r = ratio;

/**
 * The standard 4D table per unit of stake (e.g. per RM1). Each prize is one number of 10,000,
 * so the return to player is the sum of a type's prizes over 10,000: big 2,500 + 1,000 + 500 +
 * 10 × 180 + 10 × 60 = 6,400 → 64 %; small 3,500 + 2,000 + 1,000 → 65 %. iBox pays the same
 * prizes divided by the permutation count, so it returns the same (less rounding down).
 */
export const FOUR_D_PAYS: Readonly<Record<FourDBetType, BetTypeDefinition['pays']>> = {
  BIG: { first: r(2500), second: r(1000), third: r(500), starter: r(180), consolation: r(60) },
  SMALL: { first: r(3500), second: r(2000), third: r(1000) },
  IBOX_BIG: {
    first: r(2500),
    second: r(1000),
    third: r(500),
    starter: r(180),
    consolation: r(60),
  },
  IBOX_SMALL: { first: r(3500), second: r(2000), third: r(1000) },
};

/** Thai-style table: 3 top 900 (1/1000 → 90 %), 2 top and 2 bottom 90 (1/100 → 90 %). */
export const THAI_PAYS: Readonly<Record<ThaiBetType, BetTypeDefinition['pays']>> = {
  TOP3: { win: r(900) },
  TOP2: { win: r(90) },
  BOTTOM2: { win: r(90) },
};

const NAMES: Record<FourDBetType | ThaiBetType, string> = {
  BIG: 'Big',
  SMALL: 'Small',
  IBOX_BIG: 'iBox big',
  IBOX_SMALL: 'iBox small',
  TOP3: '3 top',
  TOP2: '2 top',
  BOTTOM2: '2 bottom',
};

/** A 4D game drawing at 19:00 (Asia/Kuala_Lumpur) on Wednesday, Saturday and Sunday. */
export function fourDGame(options: {
  code: string;
  name: string;
  closeBeforeDrawSeconds: number;
  limits: BetLimits;
  maxCostPerPlayerPerIssue: bigint;
}): GameDefinition {
  return {
    code: options.code,
    name: options.name,
    family: 'SEA_4D',
    prizeMode: 'SEA',
    schedule: {
      kind: 'calendar',
      time: '19:00',
      weekdays: [0, 3, 6],
      timeZone: 'Asia/Kuala_Lumpur',
      utcOffsetMinutes: 480,
    },
    closeBeforeDrawSeconds: options.closeBeforeDrawSeconds,
    numberFormat: { kind: 'SEA_4D', starters: 10, consolations: 10 },
    betTypes: FOUR_D_BET_TYPES.map((code) => ({
      code,
      name: NAMES[code],
      pays: FOUR_D_PAYS[code],
      limits: options.limits,
    })),
    maxCostPerPlayerPerIssue: options.maxCostPerPlayerPerIssue,
  };
}

/** A Thai-style game drawing at 15:00 (Asia/Bangkok) on the 1st and 16th of each month. */
export function thaiGame(options: {
  code: string;
  name: string;
  closeBeforeDrawSeconds: number;
  limits: BetLimits;
  maxCostPerPlayerPerIssue: bigint;
}): GameDefinition {
  return {
    code: options.code,
    name: options.name,
    family: 'THAI',
    prizeMode: 'SEA',
    schedule: {
      kind: 'calendar',
      time: '15:00',
      monthDays: [1, 16],
      timeZone: 'Asia/Bangkok',
      utcOffsetMinutes: 420,
    },
    closeBeforeDrawSeconds: options.closeBeforeDrawSeconds,
    numberFormat: { kind: 'THAI', firstDigits: 6, bottomDigits: 2 },
    betTypes: THAI_BET_TYPES.map((code) => ({
      code,
      name: NAMES[code],
      pays: THAI_PAYS[code],
      limits: options.limits,
    })),
    maxCostPerPlayerPerIssue: options.maxCostPerPlayerPerIssue,
  };
}
