import { parseRate, type OriginalGame } from '@taya/contracts';
import { dice, keno, limbo, multiplierText, plinko, scratch, type InstantGame } from '@taya/games';

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

/** The games this app has pages for. */
export const playableOriginals = ['dice', 'limbo', 'plinko', 'keno', 'scratch'] as const;
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
const referenceBets: Record<PlayableOriginal, Record<string, unknown>> = {
  dice: { target: '50.00', direction: 'under' },
  limbo: { target: '2.00' },
  plinko: { rows: 16, risk: 'medium' },
  keno: { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'classic' },
  scratch: { card: 'carabao' },
};

/** A return as a percentage with two decimals, rounded down, as the server shows it. */
const percentText = (m: { num: bigint; den: bigint }) =>
  multiplierText({ num: m.num * 100n, den: m.den }, 2);

/** An engine's return at a rate, or none (0) for a rate it refuses (scratch: only 9,500–9,900). */
function rtpAt(engine: AnyInstantGame, params: unknown, bps: number) {
  try {
    return engine.rtp(params, bps);
  } catch {
    return { num: 0n, den: 1n };
  }
}

/**
 * The rate (basis points) the merchant plays a game at, from the exact return its info shows:
 * the engine's return of the reference bet at that rate, cut to two decimals, is the info's
 * `rtp` (dice shows 98.99 for 9,900: 9,900 ÷ 10,001). The pay table follows this rate, so the
 * page's figures do too. Where two rates cut to the same figure (a reference return below 99 %,
 * plinko's), the rounder rate is taken (9,600 before 9,601). Falls back to the shown figure.
 */
export function playedRtpBps(game: PlayableOriginal, rtp: string): number {
  const engine = originalEngines[game];
  const parsed = engine?.parse(referenceBets[game]);
  if (engine && parsed?.ok) {
    let found: number | null = null;
    for (let bps = 10_000; bps >= 7_500; bps--) {
      if (returnAt(engine, parsed.params, bps) !== rtp) continue;
      if (found === null || roundness(bps) > roundness(found)) found = bps;
    }
    if (found !== null) return found;
  }
  return parseRate(rtp) ?? 9_900;
}

/** The engine's return at a rate, as the info shows it; null at a rate it does not play. */
function returnAt(engine: AnyInstantGame, params: unknown, bps: number): string | null {
  try {
    return percentText(engine.rtp(params, bps));
  } catch {
    // Plinko and keno play at 95.00–99.00 % only.
    return null;
  }
}

/** How round a rate is: its trailing zeros (9,900 → 2, 9,610 → 1, 9,601 → 0). */
function roundness(bps: number): number {
  let zeros = 0;
  for (let v = bps; v % 10 === 0 && zeros < 4; v /= 10) zeros++;
  return zeros;
}
