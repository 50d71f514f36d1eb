import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  errorCatalogue,
  requestHeaders,
  type ErrorCode,
  type FailureEnvelope,
  type FieldIssue,
  type Role,
} from '@taya/contracts';
import { AppError } from './errors';
import type { Principal } from './auth/sessions';

/** Who may call a route: anyone, or a session of one of these roles. */
export type Access = 'public' | readonly Exclude<Role, 'visitor'>[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
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

export function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(root)',
    code: issue.code,
    message: issue.message,
  }));
}

function parsePart<S extends z.ZodType>(schema: S, input: unknown, where: string): z.output<S> {
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
}

export interface RouteDefinition<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  R extends z.ZodType,
> {
  method: Method;
  url: string;
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  /** The body arrives sealed (SPEC §7 "E"): opened before validation, plaintext refused. */
  sealed?: boolean;
  /** Schema of `value` in the success envelope. */
  response: R;
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
 * Registers one API route: validates params, query and body with their zod schemas (a failure is
 * a 400 naming the fields), runs the handler, and wraps its result in the success envelope.
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
  app.route({
    method: def.method,
    url: def.url,
    config: { access: def.access, sealed: def.sealed ?? false },
    handler: async (req, reply) => {
      const params = def.params ? parsePart(def.params, req.params, 'path parameters') : undefined;
      const query = def.query ? parsePart(def.query, req.query, 'query') : undefined;
      let body: unknown;
      if (def.body) {
        if (req.body === undefined || req.body === null)
          throw new AppError('request_body_required');
        body = parsePart(def.body, req.body, 'body');
      }
      const value = await def.handler({
        body: body as never,
        query: query as never,
        params: params as never,
        principal: req.principal,
        req,
        reply,
      });
      const out = checkResponse ? def.response.parse(value) : value;
      reply.code(def.status ?? 200);
      return { success: true, value: out };
    },
  });
}

const fastifyCodeMap: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request_body_required',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request_param_err',
  FST_ERR_VALIDATION: 'request_param_err',
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

/** What may be logged of an unexpected error: its kind and codes, never SQL, values or stack. */
export function describeForLog(err: unknown): Record<string, unknown> {
  const e = (err ?? {}) as ErrorLike;
  const cause = (e.cause ?? {}) as ErrorLike;
  const sqlState = [e.code, cause.code].find(
    (c): c is string => typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c),
  );
  const fromDatabase = sqlState !== undefined || e.name === 'DrizzleQueryError' || 'severity' in e;
  return {
    type: e.name ?? typeof err,
    ...(typeof e.code === 'string' && !fromDatabase ? { code: e.code } : {}),
    ...(sqlState ? { sqlState } : {}),
    ...(!fromDatabase && e.message ? { message: e.message.slice(0, 300) } : {}),
  };
}

export function isApiPath(url: string): boolean {
  return /^\/(wps|lgw|lotto|ops|dev|ws|sandbox|wallet-api|taya-games)(\/|$|\?)/.test(url);
}

/** Installs the envelope for errors and unknown API paths. */
export function installEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    const { status, body } = toFailure(err);
    if (status >= 500) req.log.error({ err: describeForLog(err) }, 'request failed');
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
