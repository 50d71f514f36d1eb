import type { SlotGame, SlotSpin } from './types';

/** Symbols the catalogue names (Taya Fortune's); others show their code. */
export const knownSymbols = [
  'NINE',
  'TEN',
  'JACK',
  'QUEEN',
  'KING',
  'ACE',
  'PEARL',
  'COIN',
  'DRAGON',
  'WILD',
  'SCATTER',
] as const;
export type KnownSymbol = (typeof knownSymbols)[number];

export function isKnownSymbol(symbol: string): symbol is KnownSymbol {
  return (knownSymbols as readonly string[]).includes(symbol);
}

/** "reel:row" of every cell a spin's wins use (line runs from the left, scatters anywhere). */
export function winningCells(game: SlotGame, spin: SlotSpin): Set<string> {
  const cells = new Set<string>();
  for (const win of spin.lineWins) {
    const rows = game.lines[win.line] ?? [];
    rows.slice(0, win.count).forEach((row, reel) => cells.add(`${reel}:${row}`));
  }
  if (spin.scatterMultiple > 0) {
    spin.grid.forEach((column, reel) =>
      column.forEach((symbol, row) => {
        if (symbol === game.scatter) cells.add(`${reel}:${row}`);
      }),
    );
  }
  return cells;
}

/** Symbols that pay on a line, best first (the paytable's order). */
export function payingSymbols(game: SlotGame): [string, number[]][] {
  return Object.entries(game.pays)
    .filter(([symbol, pays]) => pays.length > 0 && symbol !== game.wild && symbol !== game.scatter)
    .sort(([, a], [, b]) => (b.at(-1) ?? 0) - (a.at(-1) ?? 0) || (b[0] ?? 0) - (a[0] ?? 0));
}

/** A still screen before the first spin: every symbol shows, no line pays. */
export function restingGrid(game: SlotGame): string[][] {
  const symbols = [
    ...payingSymbols(game).map(([symbol]) => symbol),
    game.wild,
    game.scatter,
  ].filter(Boolean);
  if (symbols.length === 0) return [];
  return Array.from({ length: game.reels }, (_, reel) =>
    Array.from(
      { length: game.rows },
      (_, row) => symbols[(reel * 4 + row * 3 + reel * row) % symbols.length]!,
    ),
  );
}

/** Reduced motion, or no way to ask (then the reels simply show the result). */
export function prefersReducedMotion(): boolean {
  if (typeof window.matchMedia !== 'function') return true;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
