import type { LotteryFamilyCode } from '@taya/contracts';

/**
 * How the bet board asks for each bet type's selection and positions (the rules are in
 * packages/games/src/lottery: elott.ts, vn.ts, sea.ts). Several picked numbers or options make
 * several bets, except a xiên set, which is one bet.
 */
export type SelectionPicker =
  /** Named choices: big/small, odd/even, sum bands, dragon/tiger/tie, three-digit forms. */
  | { kind: 'options'; options: readonly string[] }
  /** One digit 0–9 per bet. */
  | { kind: 'digit' }
  /** One two-digit number 00–99 per bet, from a grid. */
  | { kind: 'grid2' }
  /** One number of `digits` digits per bet, typed. */
  | { kind: 'number'; digits: number }
  /** A set of `size` different two-digit numbers making one bet (xiên). */
  | { kind: 'set2'; size: number };

export type PositionPicker =
  | { kind: 'none' }
  /** One of the five positions. */
  | { kind: 'one' }
  /** The front (1,2,3), middle (2,3,4) or back (3,4,5) three. */
  | { kind: 'three' }
  /** `count` different positions, ascending. */
  | { kind: 'choose'; count: number };

export interface BetTypeUi {
  selection: SelectionPicker;
  positions: PositionPicker;
}

const none: PositionPicker = { kind: 'none' };

export const sumBands = ['0-15', '16-20', '21-24', '25-29', '30-45'] as const;
export const forms = ['leopard', 'straight', 'pair', 'half_straight', 'mixed'] as const;

const betTypeUi: Readonly<Record<string, BetTypeUi>> = {
  // Fast e-lottery
  SUM_BS: { selection: { kind: 'options', options: ['big', 'small'] }, positions: none },
  SUM_OE: { selection: { kind: 'options', options: ['odd', 'even'] }, positions: none },
  POS_BS: { selection: { kind: 'options', options: ['big', 'small'] }, positions: { kind: 'one' } },
  POS_OE: { selection: { kind: 'options', options: ['odd', 'even'] }, positions: { kind: 'one' } },
  POS_DIGIT: { selection: { kind: 'digit' }, positions: { kind: 'one' } },
  SUM_BAND: { selection: { kind: 'options', options: sumBands }, positions: none },
  DRAGON_TIGER: {
    selection: { kind: 'options', options: ['dragon', 'tiger', 'tie'] },
    positions: none,
  },
  FORM3: { selection: { kind: 'options', options: forms }, positions: { kind: 'three' } },
  DIRECT2: { selection: { kind: 'number', digits: 2 }, positions: { kind: 'choose', count: 2 } },
  DIRECT3: { selection: { kind: 'number', digits: 3 }, positions: { kind: 'choose', count: 3 } },
  // Vietnamese
  LO2: { selection: { kind: 'grid2' }, positions: none },
  DE: { selection: { kind: 'grid2' }, positions: none },
  DE_DAU: { selection: { kind: 'grid2' }, positions: none },
  CANG3: { selection: { kind: 'number', digits: 3 }, positions: none },
  XIEN2: { selection: { kind: 'set2', size: 2 }, positions: none },
  XIEN3: { selection: { kind: 'set2', size: 3 }, positions: none },
  XIEN4: { selection: { kind: 'set2', size: 4 }, positions: none },
  DAU: { selection: { kind: 'digit' }, positions: none },
  DUOI: { selection: { kind: 'digit' }, positions: none },
  // 4D
  BIG: { selection: { kind: 'number', digits: 4 }, positions: none },
  SMALL: { selection: { kind: 'number', digits: 4 }, positions: none },
  IBOX_BIG: { selection: { kind: 'number', digits: 4 }, positions: none },
  IBOX_SMALL: { selection: { kind: 'number', digits: 4 }, positions: none },
  // Thai
  TOP3: { selection: { kind: 'number', digits: 3 }, positions: none },
  TOP2: { selection: { kind: 'grid2' }, positions: none },
  BOTTOM2: { selection: { kind: 'grid2' }, positions: none },
};

/** The board for a bet type code, or null for a code this version does not know. */
export function betTypeUiOf(code: string): BetTypeUi | null {
  return betTypeUi[code] ?? null;
}

/** Every bet type code the board knows (their names are translated under lottery.bet_types). */
export const knownBetTypes = Object.keys(betTypeUi);

/** The position sets a `three` picker offers. */
export const threePositionSets = [
  [1, 2, 3],
  [2, 3, 4],
  [3, 4, 5],
] as const;

/** The routes a family's game opens on (SPEC §2: /lottery, /vnLottery, /seaLottery). */
export type LotteryRouteKind = 'lottery' | 'vn_lottery' | 'sea_lottery';

export function routeKindOf(family: LotteryFamilyCode): LotteryRouteKind {
  if (family === 'VN') return 'vn_lottery';
  if (family === 'SEA_4D' || family === 'THAI') return 'sea_lottery';
  return 'lottery';
}

/** A uniform random integer in [0, n), from the browser's cryptographic generator. */
export function randomBelow(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const cell = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(cell);
    if (cell[0]! < limit) return cell[0]! % n;
  }
}

/** A random n-digit number as text, leading zeros kept. */
export function randomNumber(digits: number): string {
  let text = '';
  for (let i = 0; i < digits; i++) text += String(randomBelow(10));
  return text;
}

/** `size` different random two-digit numbers, ascending. */
export function randomSet2(size: number): string[] {
  const picked = new Set<string>();
  while (picked.size < size) picked.add(randomNumber(2));
  return [...picked].sort();
}

/** A random position choice for a picker (ascending). */
export function randomPositions(picker: PositionPicker): number[] {
  switch (picker.kind) {
    case 'none':
      return [];
    case 'one':
      return [randomBelow(5) + 1];
    case 'three':
      return [...threePositionSets[randomBelow(3)]!];
    case 'choose': {
      const all = [1, 2, 3, 4, 5];
      const chosen: number[] = [];
      while (chosen.length < picker.count) chosen.push(all.splice(randomBelow(all.length), 1)[0]!);
      return chosen.sort((a, b) => a - b);
    }
  }
}

/** The numbers on a VN grid, 00–99. */
export const twoDigitNumbers = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
