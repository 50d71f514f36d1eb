import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { requestIdHeader } from '@taya/contracts';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { AppError } from './platform/errors';
import { installEnvelope, isApiPath, notFoundEnvelope } from './platform/http';
import { installGuard } from './platform/auth/guard';
import { SessionStore } from './platform/auth/sessions';
import { SystemStore } from './modules/system/store';
import { SystemService } from './modules/system/service';
import { registerSystemRoutes } from './modules/system/routes';

export interface Services {
  sessions: SessionStore;
  system: SystemService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole API (and the web app when it is built) without listening. Tests call this. */
export async function buildApp({
  config,
  database,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
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

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  });

  const sessions = new SessionStore(database.db, {
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
  });
  installGuard(app, sessions);

  const system = new SystemService(new SystemStore(database.db));
  app.decorate('services', { sessions, system });

  registerSystemRoutes(app, system, { geoCountryHeader: config.geoCountryHeader });

  const indexFile = path.join(config.webDist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' || req.method === 'HEAD';
    if (wantsPage && indexHtml !== null && !isApiPath(req.url)) {
      // The web app's own router handles every non-API path.
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    return notFoundEnvelope(req, reply);
  });

  return app;
}
