import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { checkRtpBps, fraction } from './exact';
import type { Multiplier } from './types';

/**
 * Crash, bustabit v2's scheme (GAMES.md §9.1, Appendix C 8–9).
 *
 * Hash chain. From a secret (64 lowercase hex digits) the chain is h₀ = secret,
 * hᵢ = SHA-256(UTF-8 of hᵢ₋₁ as lowercase hex), as lowercase hex. For a chain of N games the
 * terminating hash h_N is published before play, and games are played in reverse: game n uses
 * h_{N−n}, so hashing game n's hash n times gives the terminating hash, and hashing it once gives
 * game n − 1's.
 *
 * Crash point. HMAC-SHA256(key = UTF-8 of the salt, message = UTF-8 of the game hash); r = the
 * 52 most significant bits (first 13 hex digits); the result in hundredths is
 *   max(100, floor(rtpBps · 2^52 / (100 · (2^52 − r))))
 * which is bustabit's `max(1, floor(99 / (1 − r/2^52)) / 100)` at rtpBps 9,900, computed with
 * bigints. For a target m = M/100 (M ≥ 101), crash ≥ M ⇔ r ≥ 2^52 − rtpBps·2^52/(100M), so
 * P(crash ≥ m) = floor(rtpBps·2^52 / (100M)) / 2^52: rtp / m to within 2^−52 (`crashChance`), and
 * cashing out at any target returns the RTP. A crash at 1.00× happens when r < 2^52·(1 − rtp/1.01)
 * (1.98 % of games at 99 %: every bet loses).
 *
 * Curve (display and the server's clock): the multiplier after t ms of flight is
 * floor(100 · e^(0.00006 · t)) hundredths (bustabit's growth; 2× at 11.6 s, 10× at 38.4 s,
 * 100× at 76.8 s); `timeToReach(M)` is the first whole millisecond at which it reaches M. These
 * two use floating point and only say *when*: what a round pays comes from the integer crash point
 * and the cash-out multiplier in hundredths the server records.
 */

export const CRASH_ENGINE_ID = 'taya-crash@1';
const HASH = /^[0-9a-f]{64}$/;
const TWO52 = 1n << 52n;

function checkHash(h: string, what: string): void {
  if (!HASH.test(h)) throw new Error(`${what} must be 64 lowercase hex digits`);
}

/** The next element of the chain: SHA-256 of the hash's lowercase hex text (= game n − 1's hash). */
export function nextChainHash(hash: string): string {
  checkHash(hash, 'a chain hash');
  return bytesToHex(sha256(utf8ToBytes(hash)));
}

/** Hashes `times` times along the chain. */
export function hashForward(hash: string, times: number): string {
  if (!Number.isInteger(times) || times < 0) throw new Error('times must be a whole number ≥ 0');
  checkHash(hash, 'a chain hash');
  let h = hash;
  for (let i = 0; i < times; i++) h = bytesToHex(sha256(utf8ToBytes(h)));
  return h;
}

/** The hash published before play for a chain of `length` games grown from `secret`. */
export function terminatingHash(secret: string, length: number): string {
  return hashForward(secret, length);
}

/** Game n's hash (1 ≤ n ≤ length) of the chain grown from `secret`: h_{length − n}. */
export function chainGameHash(secret: string, length: number, game: number): string {
  if (!Number.isInteger(game) || game < 1 || game > length) throw new Error('no such game');
  return hashForward(secret, length - game);
}

/** Whether `gameHash` is game n of the chain that ends in `terminating` (hashes it n times). */
export function verifyGameHash(gameHash: string, game: number, terminating: string): boolean {
  if (!HASH.test(gameHash) || !HASH.test(terminating) || !Number.isInteger(game) || game < 1)
    return false;
  return hashForward(gameHash, game) === terminating;
}

/** The 52 most significant bits of HMAC-SHA256(key = salt, message = game hash). */
export function crashBits(gameHash: string, salt: string): bigint {
  checkHash(gameHash, 'a game hash');
  if (salt.length === 0) throw new Error('a crash game needs its salt');
  const mac = bytesToHex(hmac(sha256, utf8ToBytes(salt), utf8ToBytes(gameHash)));
  return BigInt(`0x${mac.slice(0, 13)}`);
}

/** The crash point in hundredths from the 52 bits r (0 ≤ r < 2^52). */
export function crashFromBits(r: bigint, rtpBps: number): bigint {
  const rtp = checkRtpBps(rtpBps);
  if (r < 0n || r >= TWO52) throw new Error('r must be 52 bits');
  const h = (rtp * TWO52) / (100n * (TWO52 - r));
  return h < 100n ? 100n : h;
}

/** The crash point of a game, in hundredths (198n = 1.98×). */
export function crashPoint(gameHash: string, salt: string, rtpBps: number): bigint {
  return crashFromBits(crashBits(gameHash, salt), rtpBps);
}

/** Hundredths as a multiplier text with 2 decimals ("1.98"). */
export function crashText(hundredths: bigint): string {
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** The exact P(crash ≥ target), target in hundredths: floor(rtpBps·2^52 / (100·target)) / 2^52. */
export function crashChance(target: bigint, rtpBps: number): Multiplier {
  const rtp = checkRtpBps(rtpBps);
  if (target <= 100n) return { num: 1n, den: 1n };
  return fraction((rtp * TWO52) / (100n * target), TWO52);
}

/** The exact RTP of cashing out at `target` hundredths: P(crash ≥ target) × target / 100. */
export function crashRtp(target: bigint, rtpBps: number): Multiplier {
  const p = crashChance(target, rtpBps);
  return fraction(p.num * target, p.den * 100n);
}

/** Growth per millisecond of the displayed multiplier. */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** The multiplier after `ms` milliseconds of flight, in hundredths (100 at 0). */
export function multiplierAt(ms: number): number {
  if (!(ms >= 0)) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * ms));
}

/** The first whole millisecond at which `multiplierAt` reaches `hundredths` (0 for ≤ 100). */
export function timeToReach(hundredths: number | bigint): number {
  const target = Number(hundredths);
  if (!(target > 100)) return 0;
  let ms = Math.max(0, Math.ceil(Math.log(target / 100) / CRASH_GROWTH_PER_MS));
  while (ms > 0 && multiplierAt(ms - 1) >= target) ms--;
  while (multiplierAt(ms) < target) ms++;
  return ms;
}
