import { z } from 'zod';

/**
 * Sealed request bodies for the calls SPEC §7 marks E (log-in, registration, password changes,
 * points redemption). The server publishes an RSA-OAEP-256 public key; for each request the client
 * makes a fresh AES-256-GCM key, seals `{ts, nonce, body}` with it (the method and path as
 * additional data, so a sealed body cannot be replayed on another call), and wraps the key with
 * the server's public key. Works with WebCrypto in browsers and in Node alike.
 */
export const sealedAlgorithm = 'RSA-OAEP-256+A256GCM';
export const encryptionHeader = 'encryption';

export const publicKeySchema = z.object({
  keyId: z.string(),
  algorithm: z.literal(sealedAlgorithm),
  /** SubjectPublicKeyInfo, DER, base64. */
  publicKey: z.string(),
});
export type PublicKeyValue = z.infer<typeof publicKeySchema>;

export const sealedBodySchema = z.strictObject({ value: z.string().min(16).max(2_000_000) });

/** How far a sealed request's clock may be from the server's. */
export const sealedMaxSkewMs = 120_000;

export interface SealedPlaintext {
  ts: number;
  nonce: string;
  body: unknown;
}

export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export function sealedAdditionalData(method: string, path: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${method.toUpperCase()} ${path.split('?')[0]}`);
}

/** Seals a request body: returns the Encryption header value and the JSON body to send. */
export async function sealRequest(
  key: PublicKeyValue,
  method: string,
  path: string,
  body: unknown,
  now: number = Date.now(),
): Promise<{ header: string; body: { value: string } }> {
  const subtle = globalThis.crypto.subtle;
  const rsa = await subtle.importKey(
    'spki',
    fromBase64(key.publicKey),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const raw = new Uint8Array(await subtle.exportKey('raw', aes));
  const wrapped = new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, raw));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const nonce = toBase64(globalThis.crypto.getRandomValues(new Uint8Array(16)));
  const plaintext: SealedPlaintext = { ts: now, nonce, body };
  const sealed = new Uint8Array(
    await subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: sealedAdditionalData(method, path) },
      aes,
      new TextEncoder().encode(JSON.stringify(plaintext)),
    ),
  );
  const payload = new Uint8Array(iv.length + sealed.length);
  payload.set(iv, 0);
  payload.set(sealed, iv.length);
  return { header: `v1.${key.keyId}.${toBase64(wrapped)}`, body: { value: toBase64(payload) } };
}
