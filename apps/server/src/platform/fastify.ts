import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import { requestIdHeader } from '@taya/contracts';
import type { Config } from './config';
import { AppError } from './errors';
import { installEnvelope, type Access } from './http';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared access, for the guard's own tests. */
    routeTable: RouteEntry[];
  }
}

/**
 * The Fastify instance with the HTTP plugins every module relies on: logging without query
 * strings, request ids, security headers, the envelope, cookies, form bodies, the rate limit and
 * WebSockets. Modules add their routes to it.
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
  });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header(requestIdHeader, req.id);
  });

  // While shutting down, answers still in flight tell their clients to hang up, so that no
  // kept-alive connection holds the process open after its last request.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await app.register(helmet, {
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

  installEnvelope(app);
  await app.register(cookie);
  // The forgot-password-by-e-mail call is form-encoded (API-NOTES).
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  });
  // Live chat sockets (/ws/*); their routes opt out of the per-request rate limit.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  return app;
}
