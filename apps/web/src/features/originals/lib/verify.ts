import { fairRng, multiplierText, payoutAt, seedCommitment } from '@taya/games';
import type { AnyInstantGame } from './engines';

export interface VerifyInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: unknown;
  /** The RTP the round was played at, in basis points (9900). */
  rtpBps: number;
  /** The hash shown before play, to check the revealed seed against; null when not given. */
  serverSeedHash: string | null;
  /** A stake to show the payout of, in minor units; null for none. */
  stake: bigint | null;
}

export type VerifyResult =
  | {
      ok: true;
      /** SHA-256 of the server seed, as the game showed it before play. */
      commitment: string;
      /** Whether it equals the hash given; null when none was given. */
      hashMatches: boolean | null;
      outcome: Record<string, unknown>;
      /** Four decimals ("2.0000"), "0.0000" for a loss. */
      multiplier: string;
      win: boolean;
      payout: bigint | null;
    }
  | { ok: false; problem: 'seed' | 'params' | 'nonce'; detail?: string };

const SEED = /^[0-9a-f]{64}$/;

/**
 * Replays one round here with the engine and the fairness kit the server used: the same seeds,
 * nonce and parameters draw the same outcome and multiplier, and the revealed server seed must
 * hash to what was shown before the bet.
 */
export function verifyRound(engine: AnyInstantGame, input: VerifyInput): VerifyResult {
  const serverSeed = input.serverSeed.trim().toLowerCase();
  if (!SEED.test(serverSeed)) return { ok: false, problem: 'seed' };
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) return { ok: false, problem: 'nonce' };
  const parsed = engine.parse(input.params);
  if (!parsed.ok) {
    return {
      ok: false,
      problem: 'params',
      detail: parsed.problems.map((p) => `${p.path}: ${p.message}`).join('; '),
    };
  }
  const commitment = seedCommitment(serverSeed);
  const { outcome, multiplier } = engine.play(
    parsed.params,
    fairRng(serverSeed, input.clientSeed, input.nonce),
    input.rtpBps,
  );
  const hash = input.serverSeedHash?.trim().toLowerCase() || null;
  return {
    ok: true,
    commitment,
    hashMatches: hash === null ? null : hash === commitment,
    outcome,
    multiplier: multiplierText(multiplier),
    win: multiplier.num > 0n,
    payout: input.stake === null ? null : payoutAt(input.stake, multiplier),
  };
}
