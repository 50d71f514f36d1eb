import { vi } from 'vitest';
import {
  fromBase64,
  sealedAdditionalData,
  sealedAlgorithm,
  toBase64,
  type FieldIssue,
  type PublicKeyValue,
  type SystemStatusValue,
} from '@taya/contracts';

export interface RecordedRequest {
  method: string;
  url: string;
  /** The path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /**
   * The JSON body as the server would see it — opened first when it came sealed; a multipart
   * body (uploads) is the `FormData` the client sent.
   */
  body: unknown;
  /** Whether the body arrived sealed (SPEC §7 "E" calls). */
  sealed: boolean;
}

export interface FakeReply {
  status: number;
  body: unknown;
}

export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

/** Handlers keyed by "METHOD /path", e.g. "POST /wps/session/login". */
export type FakeRoutes = Record<string, FakeHandler>;

/** A success envelope. */
export function ok(value: unknown, status = 200): FakeReply {
  return { status, body: { success: true, value } };
}

/** A failure envelope, shaped like the server's. */
export function fail(
  status: number,
  errorCode: string,
  extra: { message?: string; value?: unknown; fields?: FieldIssue[] } = {},
): FakeReply {
  return {
    status,
    body: {
      success: false,
      errorCode,
      message: extra.message ?? errorCode,
      value: extra.value ?? null,
      ...(extra.fields ? { fields: extra.fields } : {}),
    },
  };
}

const fakeKeyId = 'fake-key-0001';
let keyPair: Promise<CryptoKeyPair> | null = null;

/** One RSA key pair per test file: generating one is slow, and the client caches the public half. */
function fakeKeyPair(): Promise<CryptoKeyPair> {
  keyPair ??= crypto.subtle.generateKey(
    {
      name: 'RSA-OAEP',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['encrypt', 'decrypt'],
  );
  return keyPair;
}

async function fakePublicKey(): Promise<PublicKeyValue> {
  const { publicKey } = await fakeKeyPair();
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', publicKey));
  return { keyId: fakeKeyId, algorithm: sealedAlgorithm, publicKey: toBase64(spki) };
}

/** Opens a sealed body the way the server does; throws when it cannot. */
async function openSealed(header: string, raw: unknown, method: string, path: string) {
  const [version, keyId, wrapped] = header.split('.');
  const value = (raw as { value?: unknown } | null)?.value;
  if (version !== 'v1' || keyId !== fakeKeyId || !wrapped || typeof value !== 'string') {
    throw new Error('not sealed for this key');
  }
  const { privateKey } = await fakeKeyPair();
  const aesRaw = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, fromBase64(wrapped));
  const aes = await crypto.subtle.importKey('raw', aesRaw, 'AES-GCM', false, ['decrypt']);
  const payload = fromBase64(value);
  const plain = await crypto.subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: payload.slice(0, 12),
      additionalData: sealedAdditionalData(method, path),
    },
    aes,
    payload.slice(12),
  );
  return (JSON.parse(new TextDecoder().decode(plain)) as { body: unknown }).body;
}

/**
 * A small stand-in for the API server on `fetch`: answers the status call and the sealing key in
 * the real envelope, opens sealed bodies, then asks `routes`; anything else is a 404 (in the
 * envelope). Records every request so tests can check headers and bodies.
 */
export function installFakeApi(
  status: SystemStatusValue | 'network-down',
  routes: FakeRoutes = {},
) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const parsed = new URL(url, 'http://localhost');
    let body: unknown =
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : init?.body instanceof FormData
          ? init.body
          : undefined;
    const sealHeader = headers.get('encryption');
    let opened = true;
    if (sealHeader) {
      try {
        body = await openSealed(sealHeader, body, method, parsed.pathname);
      } catch {
        opened = false;
      }
    }
    const request: RecordedRequest = {
      method,
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers,
      body,
      sealed: sealHeader !== null && opened,
    };
    requests.push(request);

    if (status === 'network-down') throw new TypeError('Failed to fetch');
    const reply = async (): Promise<FakeReply> => {
      if (!opened) return fail(400, 'decryption_failed');
      if (method === 'GET' && parsed.pathname === '/wps/system/status') return ok(status);
      if (method === 'GET' && parsed.pathname === '/wps/session/key/rsa') {
        return ok(await fakePublicKey());
      }
      const handler = routes[`${method} ${parsed.pathname}`];
      return handler ? handler(request) : fail(404, 'not_found', { message: 'Not found' });
    };
    const { status: code, body: answer } = await reply();
    return Response.json(answer, { status: code });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** The recorded calls to one endpoint, in the order they were made. */
export function calls(requests: RecordedRequest[], method: string, path: string) {
  return requests.filter((request) => request.method === method && request.path === path);
}
