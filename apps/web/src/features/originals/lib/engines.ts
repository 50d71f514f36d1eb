import { parseRate, type OriginalGame } from '@taya/contracts';
import { dice, limbo, multiplierText, type InstantGame } from '@taya/games';

/** An engine of `@taya/games` the browser can replay, whatever its parameters and outcome. */
export type AnyInstantGame = InstantGame<unknown, Record<string, unknown>>;

/** The originals this app verifies, with the engine code the server runs (`@taya/games`). */
export const originalEngines: Partial<Record<OriginalGame, AnyInstantGame>> = {
  dice: dice as unknown as AnyInstantGame,
  limbo: limbo as unknown as AnyInstantGame,
};

/** The games this app has pages for. */
export const playableOriginals = ['dice', 'limbo'] as const;
export type PlayableOriginal = (typeof playableOriginals)[number];

export function isPlayableOriginal(game: string | undefined): game is PlayableOriginal {
  return (playableOriginals as readonly string[]).includes(game ?? '');
}

/** The game an engine id names (`taya-dice@1` → dice), if it is one this app verifies. */
export function gameOfEngine(engineId: string): PlayableOriginal | null {
  const m = /^taya-([a-z]+)@\d+$/.exec(engineId);
  return m && isPlayableOriginal(m[1]) ? m[1] : null;
}

/** The bet whose exact return a game's info shows (the server's reference bet). */
const referenceBets: Record<PlayableOriginal, Record<string, string>> = {
  dice: { target: '50.00', direction: 'under' },
  limbo: { target: '2.00' },
};

/** A return as a percentage with two decimals, rounded down, as the server shows it. */
const percentText = (m: { num: bigint; den: bigint }) =>
  multiplierText({ num: m.num * 100n, den: m.den }, 2);

/**
 * The rate (basis points) the merchant plays a game at, from the exact return its info shows:
 * the engine's return of the reference bet at that rate, cut to two decimals, is the info's
 * `rtp` (dice shows 98.99 for 9,900: 9,900 ÷ 10,001). The pay table follows this rate, so the
 * page's figures do too. Falls back to the shown figure itself.
 */
export function playedRtpBps(game: PlayableOriginal, rtp: string): number {
  const engine = originalEngines[game];
  const parsed = engine?.parse(referenceBets[game]);
  if (engine && parsed?.ok) {
    for (let bps = 10_000; bps >= 7_500; bps--) {
      if (percentText(engine.rtp(parsed.params, bps)) === rtp) return bps;
    }
  }
  return parseRate(rtp) ?? 9_900;
}
