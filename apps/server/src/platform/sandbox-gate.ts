import type { FastifyInstance } from 'fastify';
import { isLoopbackClient, type Config } from './config';
import { notFoundEnvelope } from './http';

/**
 * The development and sandbox calls (registered outside production only): the outbox of what the
 * sandbox providers "sent", the sandbox payment gateway's pages, the sandbox lottery results feed.
 */
const sandboxRoute = /^\/(dev|sandbox|ops\/sandbox)(\/|$)/;

export function isSandboxRoute(url: string | undefined): boolean {
  return url !== undefined && sandboxRoute.test(url);
}

/**
 * Development features answer only this machine: a client whose own socket address (never a
 * forwarded header, which anyone can write) is not loopback gets the same 404 as an unknown path,
 * unless SANDBOX_PUBLIC opened them on purpose. The matched route's pattern is checked, not the
 * raw path, so an encoded or oddly written path that still reaches such a route is caught too.
 * Production registers none of them; should one slip in, it answers nobody.
 */
export function installSandboxGate(app: FastifyInstance, config: Config): void {
  if (config.sandboxPublic) return;
  const production = config.env === 'production';
  app.addHook('onRequest', async (req, reply) => {
    if (!isSandboxRoute(req.routeOptions.url)) return;
    if (!production && isLoopbackClient(req.socket.remoteAddress)) return;
    return notFoundEnvelope(req, reply);
  });
}
