import { isRouletteSpot } from '@taya/games';

/**
 * How a tap on a number of the roulette board bets: straight up on it, or an inside bet it
 * anchors (the board lays the numbers out three to a row: 1 2 3, 4 5 6, …), or a neighbours bet.
 */
export const insideModes = [
  'straight',
  'split-right',
  'split-down',
  'street',
  'corner',
  'line',
  'neighbours',
] as const;
export type InsideMode = (typeof insideModes)[number];

/** The first number of n's row (1, 4, 7, …). */
const rowStart = (n: number) => n - ((n - 1) % 3);

/**
 * The spot a tap on number `n` bets in `mode`: the split with the number to its right or below,
 * its row (street), the four numbers it is the top-left of (corner), its row and the next (six
 * line). Null where the layout has no such bet (a split to the right from the last column, zero).
 */
export function insideSpot(mode: Exclude<InsideMode, 'neighbours'>, n: number): string | null {
  if (!Number.isInteger(n) || n < 0 || n > 36) return null;
  if (mode === 'straight') return `straight:${n}`;
  if (n === 0) return null;
  let spot: string;
  switch (mode) {
    case 'split-right':
      spot = `split:${n}-${n + 1}`;
      if (n % 3 === 0) return null;
      break;
    case 'split-down':
      spot = `split:${n}-${n + 3}`;
      break;
    case 'street': {
      const a = rowStart(n);
      spot = `street:${a}-${a + 1}-${a + 2}`;
      break;
    }
    case 'corner':
      if (n % 3 === 0) return null;
      spot = `corner:${n}-${n + 1}-${n + 3}-${n + 4}`;
      break;
    case 'line': {
      const a = rowStart(n);
      spot = `line:${Array.from({ length: 6 }, (_, i) => a + i).join('-')}`;
      break;
    }
  }
  return isRouletteSpot(spot) ? spot : null;
}

/** A saved set of stakes (minor units by spot) the player can put down again in one tap. */
export type Favourite = Record<string, string>;

const favouritesKey = (game: string) => `taya.live.favourites.${game}`;
/** The most favourites kept per game; saving another drops the oldest. */
export const maxFavourites = 5;

export function loadFavourites(game: string): Favourite[] {
  try {
    const raw = window.localStorage.getItem(favouritesKey(game));
    const list: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(list)) return [];
    return list.filter(
      (f): f is Favourite =>
        typeof f === 'object' &&
        f !== null &&
        Object.entries(f as object).every(
          ([spot, v]) => isRouletteSpot(spot) && typeof v === 'string' && /^\d{1,15}$/.test(v),
        ),
    );
  } catch {
    return [];
  }
}

export function saveFavourites(game: string, list: Favourite[]): void {
  try {
    window.localStorage.setItem(favouritesKey(game), JSON.stringify(list.slice(-maxFavourites)));
  } catch {
    // Storage full or blocked: the favourites last for this visit only.
  }
}
