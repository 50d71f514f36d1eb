import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import { requestIdHeader, type OperatorAction } from '@taya/contracts';
import type { ZodType } from 'zod';
import type { Config } from './config';
import { AppError } from './errors';
import { installEnvelope, toFailure, type Access } from './http';
import { isPageSelfCall } from './first-answers';
import { installApiDocs } from './openapi';
import { installSandboxGate } from './sandbox-gate';

/** The health probes (health.ts). */
const probePaths = new Set(['/healthz', '/readyz']);

/** A seamless-wallet call's path; its first group is the vendor's code. */
const seamlessVendorPath = /^\/wallet-api\/seamless\/([A-Z0-9_]{2,20})\//;

/**
 * Fastify's JSON-schema compilers (Ajv and fast-json-stringify), loaded the first time a route
 * with such a schema is added: the API's own routes check with zod (http.ts), so a start does not
 * pay for loading them.
 */
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
type CompilerFactory = (...args: unknown[]) => unknown;
const lazyCompilers = {
  buildValidator: (...args: unknown[]) =>
    (fastifyRequire('@fastify/ajv-compiler') as () => CompilerFactory)()(...args),
  buildSerializer: (...args: unknown[]) =>
    (fastifyRequire('@fastify/fast-json-stringify-compiler') as () => CompilerFactory)()(...args),
};

/** Answers smaller than this many bytes go uncompressed. */
export const compressThreshold = 1024;

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** The operator action the route requires (http.ts), when it declares one. */
  permission?: OperatorAction;
  /** The schema its body is checked with (http.ts `addRoute`), when it declares one. */
  body?: ZodType | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared access, for the guard's own tests. */
    routeTable: RouteEntry[];
  }
}

/**
 * The Fastify instance with the HTTP plugins every module relies on: logging without query
 * strings, request ids, security headers, compression, the envelope, cookies, form bodies, the
 * rate limit, WebSockets and the API description. Modules add their routes to it.
 */
export async function createHttpApp(
  config: Config,
  logStream?: NodeJS.WritableStream,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(logStream ? { stream: logStream } : {}),
            // Log the path only: query strings may carry tokens (the app download link does).
            serializers: {
              req: (req) => ({ method: req.method, path: req.url.split('?')[0], ip: req.ip }),
              res: (res) => ({ statusCode: res.statusCode }),
            },
          },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: { compilersFactory: lazyCompilers as never },
    // A path the router cannot decode or whose parameter is too long gets the envelope too.
    // Neither names a parameter (the router has not matched one yet): the refusal names the path.
    frameworkErrors: (err, _req, reply) => {
      const message =
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path parameter is too long'
          : 'The path is not valid UTF-8';
      const { status, body } = toFailure(
        err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new AppError('request_param_err', message, [
              { path: '(path)', code: 'invalid_path', message },
            ])
          : err,
      );
      void (reply as FastifyReply).code(status).send(body);
    },
  });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          access,
          permission: route.config?.permission,
          body: route.config?.contract?.body,
        });
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header(requestIdHeader, req.id);
  });
  installSandboxGate(app, config);

  // While shutting down, answers still in flight tell their clients to hang up, so that no
  // kept-alive connection holds the process open after its last request.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
    // API answers are for their caller only: a public one may still depend on the session sent
    // along, the merchant or the client's region. No browser or proxy keeps them.
    if (
      !reply.hasHeader('cache-control') &&
      /^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''))
    ) {
      reply.header('cache-control', 'no-store');
    }
  });

  // Security headers (CSP and the rest), the middleware built once: building it per request, as a
  // plugin that allows per-route options does, parses the CSP directives on every call.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // An API answer (a route declared with `addRoute`: JSON, never a document a browser renders)
  // carries the set OWASP's REST guidance names, its policy denying everything; pages, files and
  // anything else get the full set above.
  const apiHeaders: [string, string][] = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
  ];
  app.addHook('onRequest', (req, reply, done) => {
    if (req.routeOptions.config?.contract) {
      for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
      return done();
    }
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });

  // Answers in brotli or gzip, as the client accepts; small ones are not worth it. The built web
  // app's files come precompressed (web-app.ts) and pass through as they are.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: compressThreshold });
  // The threshold only applies to answers in memory; a small file streamed from disk (a web app
  // file too small to have been precompressed) is sent as it is too, through the plugin's own
  // opt-out. This app-wide hook runs before the plugin's per-route one.
  app.addHook('onSend', async (req, reply, payload) => {
    const length = Number(reply.getHeader('content-length'));
    const streamed = typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';
    if (streamed && length < compressThreshold) req.headers['x-no-compression'] = '1';
    return payload;
  });

  installEnvelope(app);
  await app.register(cookie);
  // The forgot-password-by-e-mail call is form-encoded (API-NOTES).
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  // Per client address, except a game vendor's seamless-wallet calls: those come from the
  // vendor's few servers (the in-house vendor's from this process) on behalf of all its players,
  // so each vendor has one bucket of its own, keyed by its code, with a limit of its own.
  const vendorOf = (url: string) => seamlessVendorPath.exec(url)?.[1];
  // With several nodes the counts live in Redis, so the limit holds over all of them (not N times
  // over); if Redis does not answer within a moment a request is let through rather than refused.
  const counts = config.redisUrl
    ? new Redis(config.redisUrl, {
        connectionName: 'taya-rate-limit',
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
      })
    : null;
  if (counts) {
    counts.on('error', () => {});
    app.addHook('onClose', async () => {
      await counts.quit().catch(() => counts.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: true,
    ...(counts ? { redis: counts, nameSpace: 'taya:rate:', skipOnError: true } : {}),
    keyGenerator: (req) => {
      const vendor = vendorOf(req.url);
      return vendor ? `vendor:${vendor}` : req.ip;
    },
    max: (req) =>
      vendorOf(req.url) ? config.seamlessRateLimitPerMinute : config.rateLimitPerMinute,
    timeWindow: 60_000,
    // A page's own calls (first-answers.ts) are counted with the page; the health probes, which a
    // load balancer sends every second from one address to every node, are not counted at all.
    allowList: (req) => isPageSelfCall(req) || probePaths.has(req.routeOptions.url ?? ''),
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  });
  // Live chat sockets (/ws/*); their routes opt out of the per-request rate limit.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  await installApiDocs(app, config);
  return app;
}
