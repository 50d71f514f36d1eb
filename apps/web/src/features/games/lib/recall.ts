import { bpsToRate, minorToDecimal, parseAmount, type Recall } from '@taya/contracts';
import {
  fairRng,
  seedCommitment,
  slotEngine,
  tayaFortune,
  type LineWin,
  type SlotDefinition,
} from '@taya/games';
import { paths } from '../../../lib/paths';

/** One of the player's last games as GET /play/recall gives it: the bet and its round. */
export type RecalledGame = Recall['list'][number];

/** The in-house slots this browser can replay, by the engine id their rounds record. */
const slotsByEngine = new Map<string, SlotDefinition>(
  [tayaFortune].map((def) => [slotEngine(def, []).id, def]),
);

/** The slot whose engine ran a round, or null for an engine this browser cannot replay. */
export function slotOfEngine(engineId: string): SlotDefinition | null {
  return slotsByEngine.get(engineId) ?? null;
}

/** What a slot round records of its spin (the server's round state). */
export interface RecordedSpin {
  stops: number[];
  grid: string[][];
  lineWins: LineWin[];
  scatterCount: number;
  scatterMultiple: number;
  /** Minor units, as an integer string. */
  payout: string;
}

const isInt = (v: unknown): v is number => Number.isInteger(v);
const isLineWin = (v: unknown): v is LineWin => {
  const w = v as Partial<LineWin> | null;
  return (
    typeof w === 'object' &&
    w !== null &&
    isInt(w.line) &&
    typeof w.symbol === 'string' &&
    isInt(w.count) &&
    isInt(w.multiple)
  );
};

/** The recorded spin of a round's state, or null when the state holds none (or not whole). */
export function recordedSpin(state: Record<string, unknown>): RecordedSpin | null {
  const { stops, grid, lineWins, scatterCount, scatterMultiple, payout } = state;
  const ok =
    Array.isArray(stops) &&
    stops.every(isInt) &&
    Array.isArray(grid) &&
    grid.every((c) => Array.isArray(c) && c.every((s) => typeof s === 'string')) &&
    Array.isArray(lineWins) &&
    lineWins.every(isLineWin) &&
    isInt(scatterCount) &&
    isInt(scatterMultiple) &&
    typeof payout === 'string' &&
    /^\d{1,30}$/.test(payout);
  return ok ? (state as unknown as RecordedSpin) : null;
}

/** A wire amount's minor units, at the scale it was written with ("1.00" → 100n). */
function minorOf(decimal: string): { minor: bigint; scale: number } | null {
  const scale = decimal.includes('.') ? decimal.length - decimal.indexOf('.') - 1 : 0;
  const minor = parseAmount(decimal, scale);
  return minor === null ? null : { minor, scale };
}

/** A round this browser can replay: an in-house slot, closed, its seeds revealed, its spin kept. */
export function canVerify(game: RecalledGame): boolean {
  const { round } = game;
  return (
    slotOfEngine(round.engine) !== null &&
    round.status !== 'open' &&
    round.serverSeed !== null &&
    round.clientSeed !== null &&
    round.seedCommitment !== null &&
    recordedSpin(round.state) !== null
  );
}

/** Why a replay disagrees with the record. Amounts are decimals at the record's scale. */
export type RecallProblem =
  | { kind: 'unreadable' }
  | { kind: 'commitment' }
  | { kind: 'outcome' }
  | { kind: 'payout'; recorded: string; replayed: string }
  | { kind: 'paid'; paid: string; replayed: string };

export type RecallVerdict = { verified: true } | { verified: false; problems: RecallProblem[] };

/** Equal arrays of numbers or strings, nested (the stops, the grid). */
const sameValues = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((v, i) => sameValues(v, b[i]))
    : a === b;

/** Equal line wins, field by field (a stored round's JSON need not keep the keys' order). */
const sameWins = (a: readonly LineWin[], b: readonly LineWin[]) =>
  a.length === b.length &&
  a.every(
    (w, i) =>
      w.line === b[i]!.line &&
      w.symbol === b[i]!.symbol &&
      w.count === b[i]!.count &&
      w.multiple === b[i]!.multiple,
  );

/**
 * Replays a round here with the engine code the server ran: the revealed server seed must hash
 * to the commitment shown before play, and the seeds must draw the recorded reels, wins and
 * payout; a settled bet must have been paid that payout.
 */
export function verifyGame(game: RecalledGame): RecallVerdict {
  const unreadable: RecallVerdict = { verified: false, problems: [{ kind: 'unreadable' }] };
  const { round } = game;
  const def = slotOfEngine(round.engine);
  const spin = recordedSpin(round.state);
  const stake = minorOf(game.stake);
  const { serverSeed, clientSeed, seedCommitment: commitment } = round;
  if (!def || !spin || !stake || serverSeed === null || clientSeed === null || !commitment) {
    return unreadable;
  }
  let replay;
  try {
    const engine = slotEngine(def, [stake.minor]);
    if (engine.id !== round.engine) return unreadable;
    const stepped = engine.step(
      engine.open(),
      { type: 'spin', bet: { betId: game.betId, amount: stake.minor } },
      fairRng(serverSeed, clientSeed, 0),
    );
    replay = {
      commitment: seedCommitment(serverSeed),
      outcome: stepped.state.outcome!,
      payout: stepped.settlements[0]!.payout,
    };
  } catch {
    // A seed that is not 64 hex digits: nothing can be replayed from it.
    return unreadable;
  }

  const problems: RecallProblem[] = [];
  const dec = (minor: bigint) => minorToDecimal(minor, stake.scale);
  if (replay.commitment !== commitment) problems.push({ kind: 'commitment' });
  const { outcome } = replay;
  if (
    !sameValues(outcome.stops, spin.stops) ||
    !sameValues(outcome.grid, spin.grid) ||
    !sameWins(outcome.lineWins, spin.lineWins) ||
    outcome.scatterCount !== spin.scatterCount ||
    outcome.scatterMultiple !== spin.scatterMultiple
  ) {
    problems.push({ kind: 'outcome' });
  }
  if (BigInt(spin.payout) !== replay.payout) {
    problems.push({
      kind: 'payout',
      recorded: dec(BigInt(spin.payout)),
      replayed: dec(replay.payout),
    });
  }
  if (game.status === 'settled') {
    const paid = minorOf(game.payout);
    if (!paid || paid.minor !== replay.payout) {
      problems.push({ kind: 'paid', paid: game.payout, replayed: dec(replay.payout) });
    }
  }
  return problems.length ? { verified: false, problems } : { verified: true };
}

/** The house originals' engines whose rounds the originals' verify page replays. */
const originalEngines: Record<string, string> = {
  'taya-dice@1': 'dice',
  'taya-limbo@1': 'limbo',
  'taya-plinko@1': 'plinko',
  'taya-keno@1': 'keno',
};

/**
 * The originals' verify page for a dice, limbo, plinko or keno round (`/originals/verify?…`), once its server
 * seed is revealed: the round's state records the nonce and the bet's parameters. Null for any
 * other round, or one whose seed is still secret.
 */
export function originalVerifyHref(game: RecalledGame): string | null {
  const { round } = game;
  const name = originalEngines[round.engine];
  const { nonce, params } = round.state;
  if (
    !name ||
    round.status === 'open' ||
    round.serverSeed === null ||
    round.clientSeed === null ||
    !Number.isSafeInteger(nonce) ||
    typeof params !== 'object' ||
    params === null
  ) {
    return null;
  }
  return paths.originalsVerify.href({
    game: name,
    serverSeed: round.serverSeed,
    serverSeedHash: round.seedCommitment ?? undefined,
    clientSeed: round.clientSeed,
    nonce: String(nonce as number),
    params: JSON.stringify(params),
    amount: game.stake,
    ...(Number.isSafeInteger(round.state.rtpBps)
      ? { rtp: bpsToRate(Number(round.state.rtpBps)) }
      : {}),
  });
}
