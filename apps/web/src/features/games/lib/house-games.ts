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

/** The house live tables' catalogue codes (`TAYA_LIVE_BAC-1`): each opens its table's page. */
const liveTablePrefix = 'TAYA_LIVE_';

/** The house cockfight arenas' catalogue codes (`TAYA_SABONG_SAB-1`): each opens its arena. */
const arenaPrefix = 'TAYA_SABONG_';

/** The sportsbook's catalogue entries: each opens its game centre. */
const sportsbookPages: Record<string, () => string> = {
  TAYA_SPORTS: () => paths.sports.href(),
  TAYA_ESPORTS: () => paths.esports.href(),
};

/** A house tile that offers free play with play money besides real play (not a live table). */
export function hasFreePlay(
  card: Pick<GameCard, 'vassalage' | 'maintenance'> & { gameCode?: string },
): boolean {
  return (
    card.vassalage === houseSlotVendor &&
    !card.maintenance &&
    !(card.gameCode ?? '').startsWith(liveTablePrefix) &&
    !(card.gameCode ?? '').startsWith(arenaPrefix) &&
    !Object.hasOwn(sportsbookPages, card.gameCode ?? '')
  );
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
 * A house original's page (/house/dice) or a live table's (/live/BAC-1), for a TAYA tile whose
 * game has one; null for any other tile. The page plays without a launch: members bet for real, anyone plays for free.
 */
export function originalHref(
  card: Pick<GameCard, 'vassalage' | 'gameCode'>,
  demo = false,
): string | null {
  if (card.vassalage !== houseSlotVendor) return null;
  if (card.gameCode.startsWith(liveTablePrefix))
    return paths.liveTable.href(card.gameCode.slice(liveTablePrefix.length));
  if (card.gameCode.startsWith(arenaPrefix))
    return paths.cockfightArena.href(card.gameCode.slice(arenaPrefix.length));
  if (Object.hasOwn(sportsbookPages, card.gameCode)) return sportsbookPages[card.gameCode]!();
  const game = originalPages[card.gameCode];
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
