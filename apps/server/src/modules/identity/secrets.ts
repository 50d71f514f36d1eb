import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes): about 25 ms a hash here. */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

// A hash of nothing anyone knows, so an unknown username costs as much time as a wrong password.
const decoy = hash('decoy-secret-never-used');

export async function verifySecret(stored: string | null, secret: string): Promise<boolean> {
  if (!stored) {
    await verify(await decoy, secret).catch(() => false);
    return false;
  }
  return verify(stored, secret).catch(() => false);
}

/** Short codes (SMS, captcha answers) are hashed fast: they live minutes and allow few tries. */
export function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
