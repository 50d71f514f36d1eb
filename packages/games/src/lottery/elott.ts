import type {
  Bet,
  BetLimits,
  BetTypeDefinition,
  ElottResult,
  Evaluation,
  GameDefinition,
  LotteryProblem,
  PrizeHit,
} from './types';
import { ratio } from './ratio';

/**
 * Fast e-lottery (ELOTT): five digits 0–9, each uniform and independent, drawn by the house
 * from a committed seed (see `draw.ts`).
 *
 * Bet types (code — selection — positions — what wins):
 * - `SUM_BS` — `big` | `small` — none — the sum of the five digits: 0–22 small, 23–45 big
 *   (exactly half of the 100,000 results each).
 * - `SUM_OE` — `odd` | `even` — none — the parity of the sum.
 * - `POS_BS` — `big` | `small` — one position — that digit: 0–4 small, 5–9 big.
 * - `POS_OE` — `odd` | `even` — one position — that digit's parity.
 * - `POS_DIGIT` — one digit `0`–`9` — one position — that digit equals it.
 * - `SUM_BAND` — one band `0-15` | `16-20` | `21-24` | `25-29` | `30-45` — none — the sum lies
 *   in the band.
 * - `DRAGON_TIGER` — `dragon` | `tiger` | `tie` — none — dragon: 1st digit > 5th; tiger:
 *   1st < 5th; tie: equal. A tie returns the stake of dragon and tiger bets (push).
 * - `FORM3` — `leopard` | `straight` | `pair` | `half_straight` | `mixed` — three consecutive
 *   positions (1-2-3 front, 2-3-4 middle, 3-4-5 back) — the form of those three digits:
 *   leopard all equal; straight three digits consecutive in some order, 9 and 0 adjacent
 *   (e.g. 1-3-2, 8-9-0, 9-0-1); pair exactly two equal; half straight three different digits
 *   of which exactly two are adjacent (e.g. 1-2-7, 0-9-5); mixed anything else.
 * - `DIRECT2` — two digits, e.g. `07` — two positions — those digits, in order, at those
 *   positions.
 * - `DIRECT3` — three digits, e.g. `507` — three positions — likewise.
 */
export const ELOTT_BET_TYPES = [
  'SUM_BS',
  'SUM_OE',
  'POS_BS',
  'POS_OE',
  'POS_DIGIT',
  'SUM_BAND',
  'DRAGON_TIGER',
  'FORM3',
  'DIRECT2',
  'DIRECT3',
] as const;
export type ElottBetType = (typeof ELOTT_BET_TYPES)[number];

/** The sum bands of `SUM_BAND`, inclusive. */
export const ELOTT_SUM_BANDS: Readonly<Record<string, readonly [number, number]>> = {
  '0-15': [0, 15],
  '16-20': [16, 20],
  '21-24': [21, 24],
  '25-29': [25, 29],
  '30-45': [30, 45],
};

export const ELOTT_FORMS = ['leopard', 'straight', 'pair', 'half_straight', 'mixed'] as const;
export type ElottForm = (typeof ELOTT_FORMS)[number];

const DIGIT = /^[0-9]$/;

/** Whether two digits are neighbours on the ring 0-1-…-9-0. */
function adjacent(a: number, b: number): boolean {
  const d = (a - b + 10) % 10;
  return d === 1 || d === 9;
}

/** The form of three digits (see `FORM3`). */
export function formOf(a: number, b: number, c: number): ElottForm {
  if (a === b && b === c) return 'leopard';
  if (a === b || b === c || a === c) return 'pair';
  const links = (adjacent(a, b) ? 1 : 0) + (adjacent(b, c) ? 1 : 0) + (adjacent(a, c) ? 1 : 0);
  if (links >= 2) return 'straight';
  return links === 1 ? 'half_straight' : 'mixed';
}

function problem(field: string, code: LotteryProblem['code'], message: string): LotteryProblem {
  return { code, field, message };
}

function onePositionProblems(bet: Bet): LotteryProblem[] {
  const p = bet.positions;
  if (!p || p.length !== 1 || !Number.isInteger(p[0]) || p[0]! < 1 || p[0]! > 5)
    return [problem('positions', 'BAD_POSITIONS', 'choose exactly one position from 1 to 5')];
  return [];
}

function positionsProblems(bet: Bet, count: number): LotteryProblem[] {
  const p = bet.positions;
  const ok =
    p !== undefined &&
    p.length === count &&
    p.every((x, i) => Number.isInteger(x) && x >= 1 && x <= 5 && (i === 0 || x > p[i - 1]!));
  return ok
    ? []
    : [
        problem(
          'positions',
          'BAD_POSITIONS',
          `choose ${count} different positions from 1 to 5, in ascending order`,
        ),
      ];
}

function noPositions(bet: Bet): LotteryProblem[] {
  return bet.positions && bet.positions.length > 0
    ? [problem('positions', 'BAD_POSITIONS', 'this bet type takes no positions')]
    : [];
}

function oneOf(bet: Bet, allowed: readonly string[]): LotteryProblem[] {
  return bet.selection.length === 1 && allowed.includes(bet.selection[0]!)
    ? []
    : [problem('selection', 'BAD_SELECTION', `choose one of ${allowed.join(', ')}`)];
}

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** Problems with a fast e-lottery bet's selection and positions (the type is known). */
export function elottSelectionProblems(bet: Bet): LotteryProblem[] {
  switch (bet.type as ElottBetType) {
    case 'SUM_BS':
      return [...noPositions(bet), ...oneOf(bet, ['big', 'small'])];
    case 'SUM_OE':
      return [...noPositions(bet), ...oneOf(bet, ['odd', 'even'])];
    case 'POS_BS':
      return [...onePositionProblems(bet), ...oneOf(bet, ['big', 'small'])];
    case 'POS_OE':
      return [...onePositionProblems(bet), ...oneOf(bet, ['odd', 'even'])];
    case 'POS_DIGIT':
      return [...onePositionProblems(bet), ...oneOf(bet, DIGITS)];
    case 'SUM_BAND':
      return [...noPositions(bet), ...oneOf(bet, Object.keys(ELOTT_SUM_BANDS))];
    case 'DRAGON_TIGER':
      return [...noPositions(bet), ...oneOf(bet, ['dragon', 'tiger', 'tie'])];
    case 'FORM3': {
      const p = bet.positions ?? [];
      const ok =
        p.length === 3 && [1, 2, 3].includes(p[0]!) && p[1] === p[0]! + 1 && p[2] === p[0]! + 2;
      return [
        ...(ok
          ? []
          : [
              problem(
                'positions',
                'BAD_POSITIONS',
                'choose the front (1,2,3), middle (2,3,4) or back (3,4,5) three',
              ),
            ]),
        ...oneOf(bet, ELOTT_FORMS),
      ];
    }
    case 'DIRECT2':
    case 'DIRECT3': {
      const n = bet.type === 'DIRECT2' ? 2 : 3;
      const s = bet.selection;
      const ok = s.length === 1 && s[0]!.length === n && [...s[0]!].every((c) => DIGIT.test(c));
      return [
        ...positionsProblems(bet, n),
        ...(ok ? [] : [problem('selection', 'BAD_SELECTION', `choose one ${n}-digit number`)]),
      ];
    }
    default:
      return [problem('type', 'UNKNOWN_BET_TYPE', `unknown bet type ${bet.type}`)];
  }
}

/** Problems with a fast e-lottery result: exactly five integer digits 0–9. */
export function elottResultProblems(result: ElottResult): LotteryProblem[] {
  const d = result.digits;
  return d.length === 5 && d.every((x) => Number.isInteger(x) && x >= 0 && x <= 9)
    ? []
    : [problem('result', 'BAD_RESULT', 'a fast e-lottery result is five digits 0–9')];
}

const win = (prize = 'win'): PrizeHit[] => [{ prize, count: 1 }];

/** What a valid fast e-lottery bet hits on a valid result. */
export function evaluateElott(bet: Bet, digits: readonly number[]): Evaluation {
  const pick = bet.selection[0]!;
  const at = (position: number) => digits[position - 1]!;
  const sum = digits.reduce((s, d) => s + d, 0);
  const hitIf = (condition: boolean, prize = 'win'): Evaluation => ({
    hits: condition ? win(prize) : [],
  });
  switch (bet.type as ElottBetType) {
    case 'SUM_BS':
      return hitIf(sum >= 23 === (pick === 'big'));
    case 'SUM_OE':
      return hitIf((sum % 2 === 1) === (pick === 'odd'));
    case 'POS_BS':
      return hitIf(at(bet.positions![0]!) >= 5 === (pick === 'big'));
    case 'POS_OE':
      return hitIf((at(bet.positions![0]!) % 2 === 1) === (pick === 'odd'));
    case 'POS_DIGIT':
      return hitIf(at(bet.positions![0]!) === Number(pick));
    case 'SUM_BAND': {
      const [lo, hi] = ELOTT_SUM_BANDS[pick]!;
      return hitIf(sum >= lo && sum <= hi, pick);
    }
    case 'DRAGON_TIGER': {
      const first = at(1);
      const fifth = at(5);
      if (pick === 'tie') return hitIf(first === fifth, 'tie');
      if (first === fifth) return { hits: [], push: true };
      return hitIf(first > fifth === (pick === 'dragon'));
    }
    case 'FORM3': {
      const [a, b, c] = bet.positions!.map(at) as [number, number, number];
      return hitIf(formOf(a, b, c) === pick, pick);
    }
    case 'DIRECT2':
    case 'DIRECT3':
      return hitIf(bet.positions!.every((p, i) => at(p) === Number(pick[i])));
    default:
      throw new Error(`unknown bet type ${bet.type}`);
  }
}

const r = ratio;

/**
 * The fast e-lottery payout table: total return per unit of stake. The exact return to player
 * of each (over all 100,000 equally likely results) is in the comment; the house edge is one
 * minus it.
 */
export const ELOTT_PAYS: Readonly<Record<ElottBetType, BetTypeDefinition['pays']>> = {
  /** 1.97 × 1/2 = 98.5 % */
  SUM_BS: { win: r(197, 100) },
  /** 1.97 × 1/2 = 98.5 % */
  SUM_OE: { win: r(197, 100) },
  /** 1.97 × 1/2 = 98.5 % */
  POS_BS: { win: r(197, 100) },
  /** 1.97 × 1/2 = 98.5 % */
  POS_OE: { win: r(197, 100) },
  /** 9.7 × 1/10 = 97 % */
  POS_DIGIT: { win: r(97, 10) },
  /**
   * Sums 0–15 and 30–45: 14,244 results each, 6.7 → 95.4348 %; 16–20 and 25–29: 23,881 each,
   * 4 → 95.524 %; 21–24: 23,750, 4 → 95 %.
   */
  SUM_BAND: {
    '0-15': r(67, 10),
    '16-20': r(4),
    '21-24': r(4),
    '25-29': r(4),
    '30-45': r(67, 10),
  },
  /** Dragon or tiger: 1.96 × 45 % + 10 % push = 98.2 %; tie: 9.5 × 10 % = 95 %. */
  DRAGON_TIGER: { win: r(196, 100), tie: r(95, 10) },
  /**
   * Of the 1,000 three-digit forms: leopard 10 (96 → 96 %), straight 60 (16 → 96 %), pair 270
   * (3.55 → 95.85 %), half straight 360 (2.66 → 95.76 %), mixed 300 (3.2 → 96 %).
   */
  FORM3: {
    leopard: r(96),
    straight: r(16),
    pair: r(355, 100),
    half_straight: r(266, 100),
    mixed: r(32, 10),
  },
  /** 97 × 1/100 = 97 % */
  DIRECT2: { win: r(97) },
  /** 970 × 1/1000 = 97 % */
  DIRECT3: { win: r(970) },
};

const ELOTT_NAMES: Record<ElottBetType, string> = {
  SUM_BS: 'Sum big/small',
  SUM_OE: 'Sum odd/even',
  POS_BS: 'Position big/small',
  POS_OE: 'Position odd/even',
  POS_DIGIT: 'Position digit',
  SUM_BAND: 'Sum band',
  DRAGON_TIGER: 'Dragon/tiger',
  FORM3: 'Three-digit form',
  DIRECT2: 'Two-digit direct',
  DIRECT3: 'Three-digit direct',
};

/**
 * A fast e-lottery game drawing every `intervalSeconds` (60, 180, 300 for the shipped games),
 * closing `closeBeforeDrawSeconds` before each draw. Limits are in minor units.
 */
export function elottGame(options: {
  code: string;
  name: string;
  intervalSeconds: number;
  closeBeforeDrawSeconds: number;
  limits: BetLimits;
  maxCostPerPlayerPerIssue: bigint;
}): GameDefinition {
  return {
    code: options.code,
    name: options.name,
    family: 'ELOTT',
    prizeMode: 'ELOTT',
    schedule: {
      kind: 'interval',
      seconds: options.intervalSeconds,
      timeZone: 'Asia/Ho_Chi_Minh',
      utcOffsetMinutes: 420,
    },
    closeBeforeDrawSeconds: options.closeBeforeDrawSeconds,
    numberFormat: { kind: 'ELOTT', digits: 5 },
    betTypes: ELOTT_BET_TYPES.map((code) => ({
      code,
      name: ELOTT_NAMES[code],
      pays: ELOTT_PAYS[code],
      limits: options.limits,
    })),
    maxCostPerPlayerPerIssue: options.maxCostPerPlayerPerIssue,
  };
}
