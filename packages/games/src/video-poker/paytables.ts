import type { Multiplier } from '../originals/types';

/** The video poker games Taya deals. */
export type VideoPokerGame = 'jacks-or-better' | 'deuces-wild';
export const VIDEO_POKER_GAMES: readonly VideoPokerGame[] = ['jacks-or-better', 'deuces-wild'];

export type JacksOrBetterHand =
  | 'royal-flush'
  | 'straight-flush'
  | 'four-of-a-kind'
  | 'full-house'
  | 'flush'
  | 'straight'
  | 'three-of-a-kind'
  | 'two-pair'
  | 'jacks-or-better'
  | 'nothing';

export type DeucesWildHand =
  | 'natural-royal-flush'
  | 'four-deuces'
  | 'wild-royal-flush'
  | 'five-of-a-kind'
  | 'straight-flush'
  | 'four-of-a-kind'
  | 'full-house'
  | 'flush'
  | 'straight'
  | 'three-of-a-kind'
  | 'nothing';

export type VideoPokerHand = JacksOrBetterHand | DeucesWildHand;

export interface PaytableRow {
  hand: VideoPokerHand;
  /** What the hand pays per coin staked, at 5 coins (the column Taya always plays). */
  pays: number;
}

export interface Paytable {
  game: VideoPokerGame;
  /** The rows from the best hand down; the last is `nothing` (pays 0). A hand's class is its index. */
  rows: readonly PaytableRow[];
  /**
   * Return to player with optimal play, as computed by exact enumeration over all 2,598,960 deals
   * (`npm run bench:video-poker-rtp`), in percent to four places.
   */
  rtpPercent: string;
}

/**
 * Jacks or Better 9/6 ("full pay", GAMES.md §8.2). The royal pays 800 per coin, the 5-coin column
 * (4,000 for 5 coins; 250 per coin with fewer coins, which Taya does not offer).
 */
export const JACKS_OR_BETTER_9_6: Paytable = {
  game: 'jacks-or-better',
  rows: [
    { hand: 'royal-flush', pays: 800 },
    { hand: 'straight-flush', pays: 50 },
    { hand: 'four-of-a-kind', pays: 25 },
    { hand: 'full-house', pays: 9 },
    { hand: 'flush', pays: 6 },
    { hand: 'straight', pays: 4 },
    { hand: 'three-of-a-kind', pays: 3 },
    { hand: 'two-pair', pays: 2 },
    { hand: 'jacks-or-better', pays: 1 },
    { hand: 'nothing', pays: 0 },
  ],
  rtpPercent: '99.5439',
};

/** Deuces Wild, full pay (GAMES.md §8.3): all four 2s are wild; three of a kind is the least win. */
export const DEUCES_WILD_FULL_PAY: Paytable = {
  game: 'deuces-wild',
  rows: [
    { hand: 'natural-royal-flush', pays: 800 },
    { hand: 'four-deuces', pays: 200 },
    { hand: 'wild-royal-flush', pays: 25 },
    { hand: 'five-of-a-kind', pays: 15 },
    { hand: 'straight-flush', pays: 9 },
    { hand: 'four-of-a-kind', pays: 5 },
    { hand: 'full-house', pays: 3 },
    { hand: 'flush', pays: 2 },
    { hand: 'straight', pays: 2 },
    { hand: 'three-of-a-kind', pays: 1 },
    { hand: 'nothing', pays: 0 },
  ],
  rtpPercent: '100.7620',
};

export const VIDEO_POKER_PAYTABLES: Readonly<Record<VideoPokerGame, Paytable>> = {
  'jacks-or-better': JACKS_OR_BETTER_9_6,
  'deuces-wild': DEUCES_WILD_FULL_PAY,
};

export function isVideoPokerGame(game: unknown): game is VideoPokerGame {
  return game === 'jacks-or-better' || game === 'deuces-wild';
}

/** The multiplier of a hand class (its row index): pay per coin, so payout = stake × pays. */
export function classMultiplier(game: VideoPokerGame, cls: number): Multiplier {
  const row = VIDEO_POKER_PAYTABLES[game].rows[cls];
  if (!row) throw new Error('no such hand class');
  return { num: BigInt(row.pays), den: 1n };
}

/** The largest multiplier a game pays (its royal, 800): for the max-profit check before a deal. */
export function videoPokerMaxMultiplier(game: VideoPokerGame): Multiplier {
  return classMultiplier(game, 0);
}
