import type { OriginalGame } from '@taya/contracts';
import { dice, keno, limbo, plinko, scratch, type InstantGame } from '@taya/games';

/** An engine of `@taya/games` the browser can replay, whatever its parameters and outcome. */
export type AnyInstantGame = InstantGame<unknown, Record<string, unknown>>;

/** The originals this app verifies, with the engine code the server runs (`@taya/games`). */
export const originalEngines: Partial<Record<OriginalGame, AnyInstantGame>> = {
  dice: dice as unknown as AnyInstantGame,
  limbo: limbo as unknown as AnyInstantGame,
  plinko: plinko as unknown as AnyInstantGame,
  keno: keno as unknown as AnyInstantGame,
  scratch: scratch as unknown as AnyInstantGame,
};

/** The games this app has pages for: instant ones, then those played in steps. */
export const playableOriginals = [
  'dice',
  'limbo',
  'plinko',
  'keno',
  'scratch',
  'mines',
  'jacks-or-better',
  'deuces-wild',
  'blackjack',
] as const;
export type PlayableOriginal = (typeof playableOriginals)[number];

export function isPlayableOriginal(game: string | undefined): game is PlayableOriginal {
  return (playableOriginals as readonly string[]).includes(game ?? '');
}

/**
 * The game an engine id names (`taya-dice@1` → dice), if it is one this app verifies. One engine
 * deals both video pokers (`taya-video-poker@1`): the round's own `outcome.game` names the table.
 */
export function gameOfEngine(engineId: string, outcomeGame?: unknown): PlayableOriginal | null {
  const m = /^taya-([a-z-]+)@\d+$/.exec(engineId);
  if (!m) return null;
  if (m[1] === 'video-poker')
    return outcomeGame === 'jacks-or-better' || outcomeGame === 'deuces-wild' ? outcomeGame : null;
  return isPlayableOriginal(m[1]) ? m[1] : null;
}
