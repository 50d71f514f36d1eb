import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DrizzleQueryError } from 'drizzle-orm';
import {
  errorCatalogue,
  requestHeaders,
  type ErrorCode,
  type FailureEnvelope,
  type FieldIssue,
  type OperatorAction,
  type Role,
} from '@taya/contracts';
import type { DbOrTx } from './db';
import { AppError } from './errors';
import { hostileInputIssue } from './hostile-input';
import { idempotencyKeyOf, requestHash, type IdempotencyClaim } from './idempotency';
import type { Principal } from './auth/sessions';

/** Who may call a route: anyone, or a session of one of these roles. */
export type Access = 'public' | readonly Exclude<Role, 'visitor'>[];

/** What a route declares about its calls: the API description (platform/openapi.ts) reads it. */
export interface RouteContract {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  status: number;
  sealed: boolean;
  idempotency?: 'required' | 'optional';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A guarded route a session may call before its required password change (guard.ts). */
    duringPasswordChange?: boolean;
    /**
     * What an operator needs to call the route (contracts' `operatorRolePermissions`); an
     * operator route without one refuses every operator (guard.ts).
     */
    permission?: OperatorAction;
    /**
     * Where the session's token comes from when no Authorization header carries it (a
     * WebSocket's single-use ticket); consulted by the guard only then.
     */
    tokenFrom?: (req: FastifyRequest) => string | null | Promise<string | null>;
    contract?: RouteContract;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function failure(
  code: ErrorCode,
  message?: string,
  fields?: FieldIssue[],
  value: Record<string, unknown> | null = null,
): FailureEnvelope {
  return {
    success: false,
    errorCode: code,
    message: message ?? errorCatalogue[code].message,
    value,
    ...(fields && fields.length > 0 ? { fields } : {}),
  };
}

/** zod's issues as field issues; a field the schema does not know is named by its own path. */
export function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    const at = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(root)';
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: at([...issue.path, key]),
        code: issue.code,
        message: `Unrecognized key: "${key}"`,
      }));
    }
    return [{ path: at(issue.path), code: issue.code, message: issue.message }];
  });
}

function refuseHostile(input: unknown, where: string): void {
  const issue = hostileInputIssue(input);
  if (issue) throw new AppError('request_param_err', `Invalid ${where}: ${issue.path}`, [issue]);
}

export function parsePart<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: string,
): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = zodIssues(result.error);
  const names = [...new Set(fields.map((f) => f.path))].slice(0, 5).join(', ');
  throw new AppError('request_param_err', `Invalid ${where}: ${names}`, fields);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  principal: Principal | null;
  req: FastifyRequest;
  reply: FastifyReply;
  /**
   * On an idempotent route called with a key: stores the answer (the handler's value) under the
   * key. Call it inside the command's own transaction, so the answer commits with the movement.
   * When the handler never calls it, the answer is stored right after the handler returns.
   */
  recordAnswer: RecordAnswer | null;
}

export type RecordAnswer = (tx: DbOrTx, value: unknown) => Promise<void>;

export interface RouteDefinition<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  R extends z.ZodType,
> {
  method: Method;
  url: string;
  access: Access;
  /**
   * Callable by a session that must change its password first: only what the change needs
   * (the change itself, the caller's own account, log-out). Other guarded routes refuse it.
   */
  duringPasswordChange?: boolean;
  /** The action an operator's role must hold (see guard.ts); required on operator routes. */
  permission?: OperatorAction;
  body?: B;
  query?: Q;
  params?: P;
  /** The body arrives sealed (SPEC §7 "E"): opened before validation, plaintext refused. */
  sealed?: boolean;
  /**
   * A money command that takes an `Idempotency-Key` header (see platform/idempotency.ts):
   * `required` refuses a call without one; `optional` runs a keyless call as before.
   */
  idempotency?: 'required' | 'optional';
  /** Schema of `value` in the success envelope. */
  response: R;
  /**
   * The handler answers with objects a read cache keeps and hands to every caller asking the same
   * thing, never changed once made (an answer that depends on the caller's session is in such a
   * cache only under a key of its own). The envelope's JSON of each such object is made once and
   * kept beside it, by identity: a repeated answer is neither checked against `response` again
   * nor serialised again. Not for idempotent commands.
   */
  shared?: boolean;
  status?: number;
  handler: (
    ctx: RouteContext<
      B extends z.ZodType ? z.output<B> : undefined,
      Q extends z.ZodType ? z.output<Q> : undefined,
      P extends z.ZodType ? z.output<P> : undefined
    >,
  ) => Promise<z.input<R>>;
}

export interface RouteInfo {
  method: Method;
  url: string;
  access: Access;
}

/**
 * Registers one API route: refuses hostile strings and keys in params, query and body
 * (platform/hostile-input.ts), validates them with their zod schemas (a failure is a 400 naming
 * the fields), runs the handler, and wraps its result in the success envelope.
 * Outside production the result is also checked against the response schema, so a route cannot
 * drift from its contract unnoticed.
 */
export function addRoute<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  R extends z.ZodType,
>(app: FastifyInstance, def: RouteDefinition<B, Q, P, R>): void {
  const checkResponse = process.env.NODE_ENV !== 'production';
  const serialised = def.shared && !def.idempotency ? new WeakMap<object, Buffer>() : null;
  app.route({
    method: def.method,
    url: def.url,
    config: {
      access: def.access,
      duringPasswordChange: def.duringPasswordChange ?? false,
      ...(def.permission ? { permission: def.permission } : {}),
      sealed: def.sealed ?? false,
      contract: {
        body: def.body,
        query: def.query,
        params: def.params,
        response: def.response,
        status: def.status ?? 200,
        sealed: def.sealed ?? false,
        idempotency: def.idempotency,
      },
    },
    handler: async (req, reply) => {
      // Hostile strings and keys are refused in any part before any part is validated, so the
      // refusal names them whatever else is wrong with the call.
      refuseHostile(def.params && req.params, 'path parameters');
      refuseHostile(def.query && req.query, 'query');
      refuseHostile(def.body && req.body, 'body');
      const params = def.params ? parsePart(def.params, req.params, 'path parameters') : undefined;
      const query = def.query ? parsePart(def.query, req.query, 'query') : undefined;
      let body: unknown;
      if (def.body) {
        if (req.body === undefined || req.body === null)
          throw new AppError('request_body_required');
        body = parsePart(def.body, req.body, 'body');
      }
      const status = def.status ?? 200;
      const claim = def.idempotency
        ? await claimKey(req, def.idempotency === 'required', def.method, def.url, {
            params,
            query,
            body,
          })
        : null;
      if (claim?.kind === 'replay') {
        reply.header('idempotent-replayed', 'true');
        reply.code(claim.answer.status);
        return claim.answer.body;
      }
      let recorded = false;
      const recordAnswer: RecordAnswer | null = claim
        ? async (tx, value) => {
            const out = checkResponse ? def.response.parse(value) : value;
            await claim.claim.complete(tx, { status, body: { success: true, value: out } });
            recorded = true;
          }
        : null;
      let value: unknown;
      try {
        value = await def.handler({
          body: body as never,
          query: query as never,
          params: params as never,
          principal: req.principal,
          req,
          reply,
          recordAnswer,
        });
        if (recordAnswer && !recorded) await recordAnswer(req.server.idempotency!.db, value);
      } catch (error) {
        // Only a claim whose answer did not commit is given up (a rolled-back one included).
        if (claim) await claim.claim.release().catch(() => {});
        throw error;
      }
      reply.code(status);
      if (serialised && typeof value === 'object' && value !== null) {
        let json = serialised.get(value);
        if (json === undefined) {
          const out: unknown = checkResponse ? def.response.parse(value) : value;
          // Kept as bytes: a string would be encoded again on every send.
          json = Buffer.from(JSON.stringify({ success: true, value: out }));
          serialised.set(value, json);
        }
        // Bytes with their content type go out as they are.
        reply.type('application/json; charset=utf-8');
        return json;
      }
      const out = checkResponse ? def.response.parse(value) : value;
      return { success: true, value: out };
    },
  });
}

/** Claims the request's idempotency key (its caller's own), or finds the answer to replay. */
async function claimKey(
  req: FastifyRequest,
  required: boolean,
  method: Method,
  url: string,
  request: unknown,
): Promise<
  | { kind: 'replay'; answer: { status: number; body: unknown } }
  | { kind: 'claimed'; claim: IdempotencyClaim }
  | null
> {
  const key = idempotencyKeyOf(req, required);
  if (key === null || !req.principal) return null;
  const store = req.server.idempotency;
  if (!store) throw new Error('The idempotency store is not installed');
  const { role, subjectId } = req.principal;
  return store.begin(`${role}:${subjectId}`, `${method} ${url}`, key, requestHash(request));
}

const fastifyCodeMap: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request_body_required',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request_param_err',
  FST_ERR_VALIDATION: 'request_param_err',
  FST_ERR_BAD_URL: 'request_param_err',
  FST_ERR_MAX_PARAM_LENGTH: 'request_param_err',
};

const statusCodeMap: Record<number, ErrorCode> = {
  400: 'request_param_err',
  401: 'login.not.session',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'TOO_MANY_REQUESTS',
  503: 'service_unavailable',
};

interface ErrorLike {
  name?: string;
  code?: unknown;
  statusCode?: unknown;
  message?: string;
  cause?: unknown;
}

/** Maps anything thrown to a status and an envelope that reveals nothing internal. */
export function toFailure(err: unknown): { status: number; body: FailureEnvelope } {
  if (err instanceof AppError) {
    return { status: err.status, body: failure(err.code, err.message, err.fields, err.value) };
  }
  const e = (err ?? {}) as ErrorLike;
  const mapped = typeof e.code === 'string' ? fastifyCodeMap[e.code] : undefined;
  if (mapped) return { status: errorCatalogue[mapped].status, body: failure(mapped) };
  if (err instanceof SyntaxError && e.statusCode === 400) {
    return { status: 400, body: failure('invalid_json') };
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = statusCodeMap[status] ?? 'request_param_err';
    return { status: errorCatalogue[code].status, body: failure(code) };
  }
  if (status === 503) return { status, body: failure('service_unavailable') };
  return { status: 500, body: failure('internal_error') };
}

/** A database error's SQLSTATE: five digits or capitals. */
const sqlStateOf = (code: unknown) =>
  typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;

/** A safe error code: a short word such as `ECONNREFUSED` or `FST_ERR_X`, never a sentence. */
const plainCode = (code: unknown) =>
  typeof code === 'string' && /^[A-Za-z0-9_.-]{1,40}$/.test(code) ? code : undefined;

/** A safe class name, or `Error` when a name looks like anything else. */
const className = (name: unknown) =>
  typeof name === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,40}$/.test(name) ? name : 'Error';

/**
 * The ORM's wrapper of a failed statement (its message is the SQL text and the parameters). It
 * names itself only through its fields: its `name` is the plain `Error`.
 */
function isQueryError(e: ErrorLike): boolean {
  return e instanceof DrizzleQueryError || ('query' in e && 'params' in e);
}

/**
 * What may be logged of an unexpected error: its class and codes (and its cause's), never its
 * message, SQL text, parameter values or stack. A message may quote any of them: a failed query
 * carries its statement and parameters (an account id among them), a pool timeout included.
 * The log line's `reqId` ties it to the request.
 */
export function describeForLog(err: unknown): Record<string, unknown> {
  const e = (err ?? {}) as ErrorLike;
  const cause = (e.cause ?? {}) as ErrorLike;
  const sqlState = sqlStateOf(e.code) ?? sqlStateOf(cause.code);
  const code = sqlState ? undefined : plainCode(e.code);
  const causeCode = sqlState ? undefined : plainCode(cause.code);
  const hasCause = typeof e.cause === 'object' && e.cause !== null;
  return {
    type: isQueryError(e) ? 'DrizzleQueryError' : className(e.name ?? typeof err),
    ...(code ? { code } : {}),
    ...(sqlState ? { sqlState } : {}),
    ...(hasCause ? { cause: className(cause.name) } : {}),
    ...(causeCode ? { causeCode } : {}),
  };
}

/** The first path segments of the API's calls (a test checks every registered route is here). */
const apiPrefixes = [
  'wps',
  'lgw',
  'lotto',
  'ops',
  'dev',
  'ws',
  'sandbox',
  'wallet-api',
  'taya-games',
  'play',
  'originals',
  'live-tables',
  'cockfight-arenas',
  'sportsbook',
  'docs',
  'openapi.json',
];
/** Probes a load balancer or monitor may try; none is a page. */
const probePaths = ['healthz', 'readyz', 'livez', 'health', 'ready', 'metrics', 'status'];
const apiPath = new RegExp(`^/(${[...apiPrefixes, ...probePaths].join('|')})(/|$)`, 'i');
/** A last segment with an extension names a file (a bundle, an icon, a map), never a page. */
const filePath = /\/[^/]*\.[A-Za-z][A-Za-z0-9]{0,11}$/;

/**
 * Whether an unknown path gets the envelope's 404 rather than the web app's shell: API calls,
 * health probes, the API description and files that do not exist.
 */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return apiPath.test(path) || filePath.test(path);
}

/** Installs the envelope for errors and unknown API paths. */
export function installEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    const { status, body } = toFailure(err);
    // A node that says it is not ready (503 from a check that ran) reports itself where the
    // check runs, on a change of state, not on every probe.
    const expected = err instanceof AppError && err.code === 'service_unavailable';
    if (status >= 500 && !expected) req.log.error({ err: describeForLog(err) }, 'request failed');
    reply.code(status).send(body);
  });
}

export function notFoundEnvelope(req: FastifyRequest, reply: FastifyReply) {
  const path = req.url.split('?')[0]!.slice(0, 200);
  return reply.code(404).send(failure('not_found', `No such call: ${req.method} ${path}`));
}

/** The bearer token of a request, if it carries one in a plausible shape. */
export function requestToken(req: FastifyRequest): string | null {
  const raw = req.headers[requestHeaders.authorization];
  return typeof raw === 'string' ? tokenFromAuthorization(raw) : null;
}

function tokenFromAuthorization(header: string): string | null {
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token.length >= 20 && token.length <= 200 ? token : null;
}
