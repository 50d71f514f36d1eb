import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { FourDResult, GameDefinition, LotteryResult, ThaiResult, VnResult } from './types';
import { VN_TIERS, vnLayout } from './vn';

/**
 * House-drawn results with a commit–reveal seed.
 *
 * 1. When an issue opens the house picks a secret seed (`newSeed`: 32 random bytes, written as
 *    64 lowercase hex digits) and publishes its commitment, `commitmentOf(seed)` =
 *    SHA-256 of the 32 seed bytes (not of the hex text), as lowercase hex.
 * 2. When betting closes it reveals the seed. The result is a function of the seed and the
 *    issue id only, so anyone can recompute it:
 *
 *    Digit stream for a seed and a label (the issue id): for blocks i = 0, 1, 2, …, compute
 *    `HMAC-SHA256(key = the 32 seed bytes, message = UTF-8 of "<label>:<i>")`; read the 32
 *    bytes of each block in order; a byte b below 250 gives the digit b mod 10, a byte of
 *    250–255 is skipped (rejection sampling: 250 = 25 × 10, so each digit 0–9 comes from
 *    exactly 25 byte values and is uniform).
 *
 *    A fast e-lottery result is the first 5 digits of the stream. The demo results of the other
 *    families read the same stream: Vietnamese prizes tier by tier from the special prize down,
 *    each number's digits left to right; 4D the first, second, third, starters and consolations,
 *    four digits each, skipping a number already drawn; Thai the six digits of the first prize,
 *    then the two bottom digits.
 *
 * Example (Python): `hmac.new(bytes.fromhex(seed), f"{issue}:0".encode(), "sha256").digest()`.
 *
 * The same code runs on the server and in the browser (the verify page): SHA-256 and HMAC come
 * from `@noble/hashes`, synchronous and identical everywhere, and fresh seeds from the platform's
 * CSPRNG (`crypto.getRandomValues`, in Node and in browsers).
 */

const SEED = /^[0-9a-f]{64}$/;

/** A fresh secret seed: 32 random bytes as 64 lowercase hex digits. */
export function newSeed(): string {
  return bytesToHex(randomBytes(32));
}

function seedBytes(seed: string): Uint8Array {
  if (!SEED.test(seed)) throw new Error('a seed is 64 lowercase hex digits');
  return hexToBytes(seed);
}

/** The published commitment of a seed: SHA-256 of its 32 bytes, lowercase hex. */
export function commitmentOf(seed: string): string {
  return bytesToHex(sha256(seedBytes(seed)));
}

/** The endless uniform digit stream of a seed and a label (see the module notes). */
export function* digitStream(seed: string, label: string): Generator<number, never, void> {
  const key = seedBytes(seed);
  for (let block = 0; ; block++) {
    const bytes = hmac(sha256, key, utf8ToBytes(`${label}:${block}`));
    for (const b of bytes) if (b < 250) yield b % 10;
  }
}

/** The first `count` digits of the stream. */
export function digitsFromSeed(seed: string, label: string, count: number): number[] {
  const digits: number[] = [];
  if (count <= 0) return digits;
  for (const d of digitStream(seed, label)) {
    digits.push(d);
    if (digits.length === count) break;
  }
  return digits;
}

/** The five digits of a fast e-lottery issue drawn from `seed`. */
export function drawFromSeed(seed: string, issueId: string): number[] {
  return digitsFromSeed(seed, issueId, 5);
}

/**
 * Whether a published fast e-lottery result is the one its seed gives: the seed matches the
 * commitment and the digits are what `drawFromSeed(seed, issueId)` draws. False (never an
 * exception) for a malformed seed or commitment.
 */
export function verifyDraw(
  commitment: string,
  seed: string,
  issueId: string,
  digits: readonly number[],
): boolean {
  if (!SEED.test(seed) || commitmentOf(seed) !== commitment.toLowerCase()) return false;
  const drawn = drawFromSeed(seed, issueId);
  return digits.length === drawn.length && drawn.every((d, i) => d === digits[i]);
}

/** What a house draw needs of a game: the shape of its results. */
export type DrawnGame = Pick<GameDefinition, 'numberFormat'>;

/**
 * The house-drawn result of an issue of any game: the fast e-lottery's draw, or the demo draw of
 * the Vietnamese, 4D and Thai games (used offline and labelled as such by the product).
 */
export function houseDraw(def: DrawnGame, seed: string, issueId: string): LotteryResult {
  const stream = digitStream(seed, issueId);
  const next = (n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) s += String(stream.next().value);
    return s;
  };
  const format = def.numberFormat;
  switch (format.kind) {
    case 'ELOTT':
      return { kind: 'ELOTT', digits: [...next(5)].map(Number) };
    case 'VN': {
      const prizes: Record<string, string[]> = {};
      for (const tier of vnLayout(format.region))
        prizes[tier.tier] = Array.from({ length: tier.count }, () => next(tier.digits));
      return { kind: 'VN', prizes } satisfies VnResult;
    }
    case 'SEA_4D': {
      const drawn: string[] = [];
      while (drawn.length < 23) {
        const n = next(4);
        if (!drawn.includes(n)) drawn.push(n);
      }
      return {
        kind: 'SEA_4D',
        first: drawn[0]!,
        second: drawn[1]!,
        third: drawn[2]!,
        starters: drawn.slice(3, 13),
        consolations: drawn.slice(13, 23),
      } satisfies FourDResult;
    }
    case 'THAI':
      return { kind: 'THAI', first: next(6), bottom2: next(2) } satisfies ThaiResult;
  }
}

/** Whether a house-drawn result of any game is what its committed seed gives. */
export function verifyHouseDraw(
  def: DrawnGame,
  commitment: string,
  seed: string,
  issueId: string,
  result: LotteryResult,
): boolean {
  if (!SEED.test(seed) || commitmentOf(seed) !== commitment.toLowerCase()) return false;
  return canonicalResult(houseDraw(def, seed, issueId)) === canonicalResult(result);
}

/** What checking a published house-drawn result found, step by step (the verify page shows it). */
export interface HouseDrawCheck {
  /** The seed is 64 lowercase hex digits. */
  readonly seedWellFormed: boolean;
  /** SHA-256 of the seed, or null for a malformed seed. */
  readonly computedCommitment: string | null;
  readonly commitmentMatches: boolean;
  /** The result the seed gives, or null for a malformed seed. */
  readonly computedResult: LotteryResult | null;
  readonly resultMatches: boolean;
  /** Both match: the published result is the one committed to before betting closed. */
  readonly verified: boolean;
}

/**
 * Recomputes a house-drawn result from its revealed seed and compares both the commitment and
 * the result with the published ones. `verified` is what `verifyHouseDraw` answers; never an
 * exception for a malformed seed.
 */
export function checkHouseDraw(
  def: DrawnGame,
  commitment: string,
  seed: string,
  issueId: string,
  published: LotteryResult,
): HouseDrawCheck {
  if (!SEED.test(seed)) {
    return {
      seedWellFormed: false,
      computedCommitment: null,
      commitmentMatches: false,
      computedResult: null,
      resultMatches: false,
      verified: false,
    };
  }
  const computedCommitment = commitmentOf(seed);
  const computedResult = houseDraw(def, seed, issueId);
  const commitmentMatches = computedCommitment === commitment.toLowerCase();
  const resultMatches = canonicalResult(computedResult) === canonicalResult(published);
  return {
    seedWellFormed: true,
    computedCommitment,
    commitmentMatches,
    computedResult,
    resultMatches,
    verified: commitmentMatches && resultMatches,
  };
}

/** One text per result, independent of key order (Vietnamese tiers in prize order). */
export function canonicalResult(result: LotteryResult): string {
  switch (result.kind) {
    case 'ELOTT':
      return `ELOTT:${result.digits.join('')}`;
    case 'VN':
      return `VN:${VN_TIERS.map((t) => (result.prizes[t] ?? []).join(',')).join('|')}`;
    case 'SEA_4D':
      return `SEA_4D:${[result.first, result.second, result.third, ...result.starters, ...result.consolations].join(',')}`;
    case 'THAI':
      return `THAI:${result.first}/${result.bottom2}`;
    case 'cancelled':
      return 'cancelled';
  }
}
