import {
  encryptionHeader,
  idempotencyKeyHeader,
  publicKeySchema,
  sealRequest,
  sessionEndingCodes,
  type DeviceKind,
  type FieldIssue,
  type PublicKeyValue,
} from '@taya/contracts';
import { currentLanguage, errorMessageKey, type ErrorMessageKey } from './i18n';
import { clearSession, getMerchantCode, getToken, setMustChangePassword } from './session';
import { takeFirstAnswer } from './first-answers';

/** Error codes the client makes up itself, beside the server's catalogue. */
export const clientErrorCodes = {
  /** fetch itself failed: offline, DNS, connection refused, CORS. */
  network: 'network',
  /** An answer arrived but was not our envelope, or its value failed its schema. */
  badResponse: 'bad_response',
  /** The browser could not seal a body (no WebCrypto, e.g. a page served over plain http). */
  sealFailed: 'seal_failed',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** A code from the contracts' catalogue, or one of `clientErrorCodes`. */
  readonly errorCode: string;
  readonly fields: readonly FieldIssue[];
  /**
   * The failure envelope's `value`: extra facts some failures carry, e.g. a login failure's
   * `{captcha: true}` (show the captcha from now on). `null` when there are none.
   */
  readonly value: unknown;

  constructor(
    status: number,
    errorCode: string,
    message: string,
    fields: readonly FieldIssue[] = [],
    value: unknown = null,
  ) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
    this.fields = fields;
    this.value = value;
  }

  /** The catalogue key that says this to the player in their language. */
  get messageKey(): `errors.${ErrorMessageKey}` {
    return this.errorCode === clientErrorCodes.network
      ? 'errors.network_error'
      : errorMessageKey(this.errorCode);
  }
}

/** Anything with zod's `parse` shape; keeps zod out of this module's imports. */
export interface Parser<T> {
  parse(input: unknown): T;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  /**
   * Sent as JSON, except a `FormData` (uploads), which goes as multipart/form-data as it is:
   * fetch writes that Content-Type itself, with the boundary.
   */
  body?: unknown;
  /**
   * Validates the envelope's value; without it the value is trusted as `T`. A contract's zod
   * schema is passed as `import.meta.env.DEV && xSchema`: answers are checked against their
   * contract in development and in the tests (as the server checks its own answers outside
   * production), and the production build leaves the schema, and zod with it, out of the pages
   * that need nothing else of it. Hand-written parsers that shape an answer are always passed.
   */
  schema?: Parser<T> | false;
  signal?: AbortSignal;
  /**
   * SPEC §7 "E" calls (log-in, registration, password changes): the body travels sealed with a
   * fresh AES-256-GCM key wrapped for the server's RSA key (see packages/contracts sealed.ts).
   */
  sealed?: boolean;
  /**
   * A money command's `Idempotency-Key`: the same key on a retry gets the first answer from the
   * server, so the money moves once (see lib/request-id.ts for how a form keeps it).
   */
  idempotencyKey?: string;
}

const device: DeviceKind = 'WEB';

/** The server's refusal of a session that must change its password before anything else. */
export const passwordChangeRequiredCode = 'password_change_required';

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

export const publicKeyPath = '/wps/session/key/rsa';

let serverKey: Promise<PublicKeyValue> | null = null;

/** The server's sealing key, fetched once and kept until the server says it changed. */
function getServerKey(): Promise<PublicKeyValue> {
  serverKey ??= request<PublicKeyValue>('GET', publicKeyPath, {
    schema: import.meta.env.DEV && publicKeySchema,
  }).catch((error: unknown) => {
    serverKey = null;
    throw error;
  });
  return serverKey;
}

/** Drops the cached sealing key (the server restarted or rotated it). */
export function forgetServerKey(): void {
  serverKey = null;
}

async function seal(
  key: PublicKeyValue,
  method: string,
  path: string,
  body: unknown,
): Promise<{ header: string; body: { value: string } }> {
  try {
    return await sealRequest(key, method, path, body);
  } catch {
    throw new ApiError(0, clientErrorCodes.sealFailed, 'The request could not be sealed');
  }
}

function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', Device: device });
  headers.set('Language', currentLanguage());
  const merchant = getMerchantCode();
  if (merchant) headers.set('Merchant', merchant);
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}

interface RawEnvelope {
  success: boolean;
  value?: unknown;
  errorCode?: unknown;
  message?: unknown;
  fields?: unknown;
}

function isEnvelope(body: unknown): body is RawEnvelope {
  return (
    typeof body === 'object' && body !== null && typeof (body as RawEnvelope).success === 'boolean'
  );
}

function toFields(raw: unknown): FieldIssue[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (item): item is FieldIssue =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as FieldIssue).path === 'string' &&
      typeof (item as FieldIssue).code === 'string' &&
      typeof (item as FieldIssue).message === 'string',
  );
}

async function request<T>(method: string, path: string, options: RequestOptions<T>): Promise<T> {
  if (!options.sealed || options.body === undefined) return send(method, path, options, null);
  // Sealing covers JSON bodies only; a sealed upload would be a programming error.
  if (options.body instanceof FormData) throw new TypeError('A multipart body cannot be sealed');
  try {
    return await send(method, path, options, await getServerKey());
  } catch (error) {
    // A key we hold may be stale (server restart, rotation): fetch the new one and try once more.
    if (!(error instanceof ApiError) || error.errorCode !== 'decryption_failed') throw error;
    forgetServerKey();
    return send(method, path, options, await getServerKey());
  }
}

async function send<T>(
  method: string,
  path: string,
  options: RequestOptions<T>,
  key: PublicKeyValue | null,
): Promise<T> {
  const form = options.body instanceof FormData ? options.body : null;
  const hasBody = options.body !== undefined;
  const headers = buildHeaders(hasBody && !form);
  if (options.idempotencyKey) headers.set(idempotencyKeyHeader, options.idempotencyKey);
  let payload: string | FormData | null = form ?? (hasBody ? JSON.stringify(options.body) : null);
  if (key && hasBody && !form) {
    const sealed = await seal(key, method, path, options.body);
    headers.set(encryptionHeader, sealed.header);
    payload = JSON.stringify(sealed.body);
  }
  const url = buildUrl(path, options.query);
  // The page may carry this call's answer already (lib/first-answers.ts).
  const written = method === 'GET' ? takeFirstAnswer(url) : undefined;
  let response: { status: number };
  let body: unknown;
  if (written !== undefined) {
    response = { status: 200 };
    body = written;
  } else {
    let fetched: Response;
    try {
      fetched = await fetch(url, {
        method,
        headers,
        body: payload,
        signal: options.signal ?? null,
      });
    } catch (cause) {
      // A cancelled query is not a network fault; let TanStack Query see the abort as it is.
      if (options.signal?.aborted) throw cause;
      throw new ApiError(0, clientErrorCodes.network, 'Network link is abnormal, please try again');
    }
    response = fetched;
    try {
      body = await fetched.json();
    } catch {
      body = undefined;
    }
  }
  if (!isEnvelope(body)) {
    throw new ApiError(
      response.status,
      clientErrorCodes.badResponse,
      'The answer was not an envelope',
    );
  }

  if (!body.success) {
    const errorCode = typeof body.errorCode === 'string' ? body.errorCode : 'unknown_error';
    if ((sessionEndingCodes as readonly string[]).includes(errorCode)) clearSession();
    // The server holds this session to a password change: the forced change screen opens.
    if (errorCode === passwordChangeRequiredCode) setMustChangePassword(true);
    throw new ApiError(
      response.status,
      errorCode,
      typeof body.message === 'string' ? body.message : errorCode,
      toFields(body.fields),
      body.value ?? null,
    );
  }

  if (!options.schema) return body.value as T;
  try {
    return options.schema.parse(body.value);
  } catch {
    throw new ApiError(
      response.status,
      clientErrorCodes.badResponse,
      `Unexpected answer from ${path}`,
    );
  }
}

export function apiGet<T>(path: string, options: Omit<RequestOptions<T>, 'body'> = {}): Promise<T> {
  return request('GET', path, options);
}

export function apiPost<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return request('POST', path, options);
}

export function apiPut<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return request('PUT', path, options);
}

export function apiDelete<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return request('DELETE', path, options);
}
