import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import { isApiPath, notFoundEnvelope } from './http';

/**
 * Serves the built web app (when there is one) and answers every unknown path: the app's shell
 * for a page the web router handles, the envelope's 404 for an API path. Registered last.
 */
export async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const hasShell = existsSync(path.join(config.webDist, 'index.html'));
  if (hasShell) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each file; the one the client accepts is sent
      // with its Content-Encoding (and `Vary: Accept-Encoding`).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' || req.method === 'HEAD';
    if (wantsPage && hasShell && !isApiPath(req.url)) {
      // The web app's own router handles every non-API path. Sent as a file, so it goes out
      // precompressed and revalidated like the other unhashed files.
      return reply.code(200).sendFile('index.html');
    }
    return notFoundEnvelope(req, reply);
  });
}
