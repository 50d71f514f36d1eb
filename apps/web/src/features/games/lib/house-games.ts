import { originalGames } from '@taya/contracts';
import { paths, searchParams } from '../../../lib/paths';
import type { GameCard } from './types';

/** The in-house slot vendor: its games run on the /seamless page, with a free-play mode. */
export const houseSlotVendor = 'TAYA';

/** The in-house lottery vendor: its games are the lottery feature's pages, not a launch. */
export const houseLotteryVendor = 'LOTT';

/** A house lottery tile: it opens the lottery's own page instead of launching a vendor game. */
export function isHouseLottery(card: Pick<GameCard, 'vassalage'>): boolean {
  return card.vassalage === houseLotteryVendor;
}

/** A house slot tile: besides real play it offers free play with play money. */
export function hasFreePlay(card: Pick<GameCard, 'vassalage' | 'maintenance'>): boolean {
  return card.vassalage === houseSlotVendor && !card.maintenance;
}

/**
 * The page of a house lottery, by its game type and code (SPEC §2): the fast e-lottery games on
 * /lottery, the Vietnamese draws on /vnLottery, the 4D and Thai draws on /seaLottery. Every one of
 * these pages finds the game by its code, so a family guessed wrong still opens the right game.
 */
export function lotteryHref(card: Pick<GameCard, 'gameCode' | 'gameType'>): string {
  if (card.gameType === 'ELOTT') return paths.lottery.href(card.gameCode);
  if (card.gameCode.startsWith('VN_')) return paths.vnLottery.href(card.gameCode);
  return paths.seaLottery.href(card.gameCode);
}

/** The house originals' pages by catalogue code (TAYA_DICE → dice): every original has one. */
const originalPages: Record<string, string> = Object.fromEntries(
  Object.entries(originalGames).map(([game, code]) => [code, game]),
);

/**
 * A house original's page (/originals/dice), for a TAYA tile whose game has one; null for any
 * other tile. The page plays without a launch: members bet for real, anyone plays for free.
 */
export function originalHref(
  card: Pick<GameCard, 'vassalage' | 'gameCode'>,
  demo = false,
): string | null {
  const game = card.vassalage === houseSlotVendor ? originalPages[card.gameCode] : undefined;
  return game ? paths.original.href(game, demo) : null;
}

/** Free play of a house game: an original's page in demo mode, or the slot with play money. */
export function freePlayHref(card: Pick<GameCard, 'gameCode' | 'vassalage'>): string {
  const original = originalHref(card, true);
  if (original) return original;
  const query = new URLSearchParams({
    [searchParams.vendor]: houseSlotVendor,
    [searchParams.game]: card.gameCode,
    mode: 'demo',
  });
  return `${paths.seamless.href()}?${query.toString()}`;
}
