import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { Config } from './config';
import { firstAnswersFor, pageShellFor, readFirstAnswersPlan } from './first-answers';
import { isApiPath, notFoundEnvelope } from './http';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** Where the operator console lives: its own build, bundle and client-side routes. */
export const consolePrefix = '/console';

/** Whether a path (query string and all) is the console's: `/console` or below it. */
export function isConsolePath(url: string): boolean {
  const p = url.split('?')[0]!;
  return p === consolePrefix || p.startsWith(`${consolePrefix}/`);
}

/**
 * Art in a versioned folder (`/art/…/v1/…`, the house games' tiles): a changed drawing goes to
 * the next version's folder, so a file here is never replaced.
 */
const versionedArt = /[\\/]art[\\/](?:[^\\/]+[\\/])*v\d+[\\/][^\\/]+$/;

const staticOptions = {
  wildcard: false,
  index: false,
  // The build writes a .br and a .gz beside each file; the one the client accepts is sent
  // with its Content-Encoding (and `Vary: Accept-Encoding`).
  preCompressed: true,
  setHeaders: (res: FastifyReply, filePath: string) => {
    // Hashed bundles and versioned art never change; everything else is revalidated.
    const immutable =
      filePath.includes(`${path.sep}assets${path.sep}`) || versionedArt.test(filePath);
    res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  },
} satisfies Partial<FastifyStaticOptions>;

/**
 * Serves the built web app and the operator console (each when built) and answers every unknown
 * path: the console's shell below /console, the web app's shell for a page the web router
 * handles, the envelope's 404 for an API path or a missing file. Registered last.
 */
export async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const hasShell = existsSync(path.join(config.webDist, 'index.html'));
  const hasConsole = existsSync(path.join(config.consoleDist, 'index.html'));
  if (hasShell) {
    await app.register(fastifyStatic, { ...staticOptions, root: config.webDist });
  }
  if (hasConsole) {
    await app.register(fastifyStatic, {
      ...staticOptions,
      root: config.consoleDist,
      prefix: `${consolePrefix}/`,
      // One `reply.sendFile` for both: the first registration adds it.
      decorateReply: !hasShell,
    });
  }

  // Pages whose first calls the build lists get those answers written in (first-answers.ts).
  const { plan, html: shellHtml } = hasShell
    ? readFirstAnswersPlan(readFileSync(path.join(config.webDist, 'index.html'), 'utf8'))
    : { plan: null, html: '' };

  app.setNotFoundHandler(async (req, reply) => {
    const wantsPage = req.method === 'GET' || req.method === 'HEAD';
    if (wantsPage && plan && plan.pages[req.url.split('?')[0]!]) {
      const [answers, shell] = await Promise.all([
        firstAnswersFor(app, plan, req),
        pageShellFor(app, plan, req),
      ]);
      const page = shellHtml
        .replace('<!--page-shell-->', () => shell)
        .replace('<!--first-answers-->', () => answers);
      // Compressed here: the compression plugin's hooks are the routes', not this handler's.
      const accepts = String(req.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
      reply
        .code(200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Encoding');
      if (!encoding) return reply.send(page);
      // The compression plugin's own hook would otherwise try again.
      req.headers['x-no-compression'] = '1';
      const body =
        encoding === 'br'
          ? await brotli(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : await gzip(page, { level: 6 });
      return reply.header('content-encoding', encoding).send(body);
    }
    if (wantsPage && !isApiPath(req.url)) {
      // Each app's own router handles its non-API paths. The shell is sent as a file, so it goes
      // out precompressed and revalidated like the other unhashed files.
      if (isConsolePath(req.url)) {
        if (hasConsole) return reply.code(200).sendFile('index.html', config.consoleDist);
      } else if (hasShell) {
        return reply.code(200).sendFile('index.html');
      }
    }
    return notFoundEnvelope(req, reply);
  });
}
