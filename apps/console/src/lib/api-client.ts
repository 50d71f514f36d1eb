import type { FieldIssue } from '@taya/contracts';
import { clearToken, getToken } from './session';

/** Error codes the client makes up itself, beside the server's catalogue. */
export const clientErrorCodes = {
  /** fetch itself failed: offline, DNS, connection refused. */
  network: 'network',
  /** An answer arrived but was not our envelope, or its value failed its schema. */
  badResponse: 'bad_response',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    /** A code from the contracts' catalogue, or one of `clientErrorCodes`. */
    readonly errorCode: string,
    message: string,
    /** The fields at fault in a 400 answer (`path` is the field's dotted name). */
    readonly fields: readonly FieldIssue[] = [],
    /** The failure envelope's `value`: extra facts some failures carry. */
    readonly value: unknown = null,
  ) {
    super(message);
  }
}

/** Anything with zod's `parse` shape; keeps zod out of this module's imports. */
export interface Parser<T> {
  parse(input: unknown): T;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /**
   * The contract's schema for the answer's value, passed as `import.meta.env.DEV && schema`:
   * checked in development and tests, left out (with zod) of the production pages.
   */
  schema?: Parser<T> | false;
  signal?: AbortSignal;
  /**
   * Log-in and enrolment calls: a 401 there is a wrong answer, not an ended session, so it
   * must not send the operator back to the log-in page.
   */
  anonymous?: boolean;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

function isEnvelope(body: unknown): body is { success: boolean } & Record<string, unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { success?: unknown }).success === 'boolean'
  );
}

/**
 * Calls the API and unwraps its envelope: the value of `{success: true, value}`, or an
 * `ApiError` carrying `{errorCode, message, fields}`. A 401 on an operator call ends the session
 * here, once, for every screen: the token is dropped and the log-in page says the session ended.
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = options.anonymous ? null : getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const hasBody = options.body !== undefined;
  if (hasBody) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, clientErrorCodes.network, 'The server could not be reached');
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.status, clientErrorCodes.badResponse, 'The answer was not JSON');
  }
  if (!isEnvelope(body)) {
    throw new ApiError(response.status, clientErrorCodes.badResponse, 'The answer had no envelope');
  }
  if (!body.success) {
    const failure = body as {
      errorCode?: unknown;
      message?: unknown;
      fields?: unknown;
      value?: unknown;
    };
    const error = new ApiError(
      response.status,
      typeof failure.errorCode === 'string' ? failure.errorCode : clientErrorCodes.badResponse,
      typeof failure.message === 'string' ? failure.message : 'The request failed',
      Array.isArray(failure.fields) ? (failure.fields as FieldIssue[]) : [],
      failure.value ?? null,
    );
    if (response.status === 401 && token) clearToken('session_ended');
    throw error;
  }
  const value = body.value;
  if (!options.schema) return value as T;
  try {
    return options.schema.parse(value);
  } catch (error) {
    console.error(`${method} ${path}: the answer does not match its contract`, error);
    throw new ApiError(
      response.status,
      clientErrorCodes.badResponse,
      'The answer did not match its contract',
    );
  }
}

export const get = <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
  request<T>('GET', path, options);
export const post = <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
  request<T>('POST', path, { ...options, body: body ?? {} });

/** Every page of a paged list, for an export: calls `fetchPage` until `total` rows arrived. */
export async function fetchAllPages<Row>(
  fetchPage: (page: number, pageSize: number) => Promise<{ rows: Row[]; total: number }>,
  pageSize = 200,
  maxRows = 50_000,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchPage(page, pageSize);
    rows.push(...result.rows);
    if (result.rows.length < pageSize || rows.length >= result.total || rows.length >= maxRows) {
      return rows.slice(0, maxRows);
    }
  }
}
