import type { SlotDefinition } from './types';

export type FortuneSymbol =
  | 'NINE'
  | 'TEN'
  | 'JACK'
  | 'QUEEN'
  | 'KING'
  | 'ACE'
  | 'PEARL'
  | 'COIN'
  | 'DRAGON'
  | 'WILD'
  | 'SCATTER';

/** Builds a strip from symbol counts, spreading each symbol out (no two scatters close). */
function strip(counts: Partial<Record<FortuneSymbol, number>>): FortuneSymbol[] {
  const pool: FortuneSymbol[] = [];
  const entries = Object.entries(counts) as [FortuneSymbol, number][];
  const max = Math.max(...entries.map(([, n]) => n));
  for (let round = 0; round < max; round++) {
    for (const [symbol, n] of entries) if (round < n) pool.push(symbol);
  }
  return pool;
}

/** Reels 1 and 5: every symbol but the wild. */
const outerReel: Partial<Record<FortuneSymbol, number>> = {
  NINE: 6,
  TEN: 6,
  JACK: 5,
  QUEEN: 5,
  KING: 4,
  ACE: 4,
  PEARL: 3,
  COIN: 2,
  DRAGON: 2,
  SCATTER: 1,
};

/** Reels 2, 3 and 4: the same, with two wilds. */
const innerReel: Partial<Record<FortuneSymbol, number>> = { ...outerReel, WILD: 2 };

/**
 * Taya Fortune: 5 reels, 3 rows, 20 fixed lines. Wilds (reels 2–4) stand in for every symbol but
 * the scatter; five wilds pay as five dragons. Scatters pay anywhere on the total bet. The
 * return to player is 95.91 % (exact, from `exactRtp`: 94.50 % from lines, 1.41 % from
 * scatters); bench/slot-rtp.ts simulates ten million spins against it.
 */
export const tayaFortune: SlotDefinition<FortuneSymbol> = {
  code: 'TAYA_FORTUNE',
  rows: 3,
  reels: [strip(outerReel), strip(innerReel), strip(innerReel), strip(innerReel), strip(outerReel)],
  lines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [0, 1, 1, 1, 0],
    [2, 1, 1, 1, 2],
    [1, 0, 1, 2, 1],
    [1, 2, 1, 0, 1],
    [0, 1, 0, 1, 0],
    [2, 1, 2, 1, 2],
    [1, 1, 0, 1, 1],
    [1, 1, 2, 1, 1],
    [0, 2, 0, 2, 0],
    [2, 0, 2, 0, 2],
    [0, 2, 2, 2, 0],
  ],
  pays: {
    NINE: [15, 45, 180],
    TEN: [15, 45, 180],
    JACK: [15, 60, 240],
    QUEEN: [20, 60, 240],
    KING: [30, 90, 360],
    ACE: [30, 100, 400],
    PEARL: [50, 150, 600],
    COIN: [60, 250, 1000],
    DRAGON: [80, 300, 1000],
  },

  wild: 'WILD',
  wildPaysAs: 'DRAGON',
  scatter: 'SCATTER',
  scatterPays: [3, 15, 100],
};
