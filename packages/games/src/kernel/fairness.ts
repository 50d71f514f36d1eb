import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The fairness kit: every result comes from a committed server seed, a client seed and a nonce.
 *
 * Bytes: blocks i = 0, 1, 2, … of `HMAC-SHA256(key = the 32 server-seed bytes,
 * message = UTF-8 of "<client seed>:<nonce>:<i>")`, read in order.
 * An integer below n (n ≤ 2^32) takes 4 bytes as a big-endian u32 and rejects values at or above
 * the largest multiple of n below 2^32 (so every integer is equally likely: no modulo bias).
 * The commitment shown before play is SHA-256 of the 32 seed bytes, lowercase hex.
 *
 * The same code runs on the server and in the browser's verifier.
 */
export interface Rng {
  /** A uniform integer in [0, n). */
  int(n: number): number;
}

const SEED = /^[0-9a-f]{64}$/;

/** A fresh server seed from the platform's CSPRNG: 32 bytes as 64 lowercase hex digits. */
export function newServerSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** SHA-256 of the seed's 32 bytes, lowercase hex: published before the seed is used. */
export function seedCommitment(serverSeed: string): string {
  if (!SEED.test(serverSeed)) throw new Error('a server seed is 64 lowercase hex digits');
  return bytesToHex(sha256(hexToBytes(serverSeed)));
}

/** The deterministic, unbiased generator of one round's results. */
export function fairRng(serverSeed: string, clientSeed: string, nonce: number): Rng {
  if (!SEED.test(serverSeed)) throw new Error('a server seed is 64 lowercase hex digits');
  const key = hexToBytes(serverSeed);
  let block = 0;
  let bytes = new Uint8Array(0);
  let at = 0;
  const u32 = (): number => {
    if (at + 4 > bytes.length) {
      bytes = hmac(sha256, key, utf8ToBytes(`${clientSeed}:${nonce}:${block++}`));
      at = 0;
    }
    const v =
      ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    at += 4;
    return v;
  };
  return {
    int(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new Error('n must be in 1..2^32');
      const limit = 2 ** 32 - (2 ** 32 % n);
      for (;;) {
        const v = u32();
        if (v < limit) return v % n;
      }
    },
  };
}
