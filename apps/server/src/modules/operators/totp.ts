import { Secret, TOTP } from 'otpauth';

/** The identity module's authenticator settings (RFC 6238, SHA-1, six digits, 30 s). */
const period = 30;
/** One step either side, for a phone clock a little off. */
const window = 1;

export function totpOf(secretBase32: string, username: string): TOTP {
  return new TOTP({
    issuer: 'Taya Console',
    label: username,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: 6,
    period,
  });
}

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The time step a code belongs to, or null when wrong or not newer than `lastStep`. */
export function matchStep(
  secretBase32: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  const delta = totpOf(secretBase32, '').validate({ token: code, window, timestamp: now });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / period) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
