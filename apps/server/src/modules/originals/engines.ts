import { originalGames, type OriginalGame } from '@taya/contracts';
import { dice, keno, limbo, plinko, scratch, type InstantGame } from '@taya/games';
import { AppError } from '../../platform/errors';

// The engines differ in their parameters and outcomes; the server handles them alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyInstantGame = InstantGame<any, Record<string, unknown>>;

interface Original {
  game: OriginalGame;
  gameCode: string;
  engine: AnyInstantGame;
  /**
   * The bet whose exact return the game's info shows (dice's is the same for every target; plinko
   * and keno differ by rows, risk and picks, so their pages also show the selection's own).
   */
  reference: Record<string, unknown>;
}

/** The originals played here so far, by short name (the path segment). */
const played: Partial<Record<OriginalGame, Original>> = {
  dice: {
    game: 'dice',
    gameCode: originalGames.dice,
    engine: dice as AnyInstantGame,
    reference: { target: '50.00', direction: 'under' },
  },
  limbo: {
    game: 'limbo',
    gameCode: originalGames.limbo,
    engine: limbo as AnyInstantGame,
    reference: { target: '2.00' },
  },
  plinko: {
    game: 'plinko',
    gameCode: originalGames.plinko,
    engine: plinko as AnyInstantGame,
    // The board the page opens with: 16 rows, medium risk (98.98 % at 99 %).
    reference: { rows: 16, risk: 'medium' },
  },
  keno: {
    game: 'keno',
    gameCode: originalGames.keno,
    engine: keno as AnyInstantGame,
    // A full card on the classic table: ten picks (99.03 % at 99 %).
    reference: { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'classic' },
  },
  // Three cards under one code (TAYA_SCRATCH, category SC): the card is `params.card`, and every
  // card returns exactly the merchant's rate, so the reference card stands for all three.
  scratch: {
    game: 'scratch',
    gameCode: originalGames.scratch,
    engine: scratch as AnyInstantGame,
    reference: { card: 'carabao' },
  },
};

/** The original of a path segment, or a 404 for one not (yet) played here. */
export function originalOf(game: string): Original {
  const found = Object.hasOwn(played, game) ? played[game as OriginalGame] : undefined;
  if (!found) throw new AppError('not_found', 'No such game');
  return found;
}

/** Every original played here, in the registry's order (the console lists them all). */
export function playedOriginals(): Original[] {
  return Object.values(played);
}

/** Parses a bet's parameters with the engine: a 400 naming `params.<field>` when refused. */
export function parseParams(original: Original, params: unknown): unknown {
  const parsed = original.engine.parse(params);
  if (!parsed.ok) {
    throw new AppError(
      'request_param_err',
      `Invalid body: ${parsed.problems.map((p) => p.path).join(', ')}`,
      parsed.problems.map((p) => ({ path: p.path, code: 'invalid', message: p.message })),
    );
  }
  return parsed.params;
}

export type { Original };
