import { readStored, writeStored } from './storage';

const deviceIdKey = 'taya.deviceId';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * API-NOTES: log-in and register send a `loginDeviceId`, a stable id for this browser. Ours is a
 * random id kept in localStorage — not a fingerprint — so it identifies nothing but the browser
 * profile and disappears when the player clears site data.
 */
export function loginDeviceId(): string {
  const stored = readStored('local', deviceIdKey);
  if (stored) return stored;
  const id = randomId();
  writeStored('local', deviceIdKey, id);
  return id;
}
