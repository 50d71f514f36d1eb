import type { FastifyInstance } from 'fastify';
import {
  opsSessionEventsPath,
  sessionEventsPath,
  type OperatorAction,
  type SessionEvent,
} from '@taya/contracts';
import type { Access } from '../../platform/http';
import type { SessionStore } from '../../platform/auth/sessions';

/**
 * `GET /wps/session/events`: a server-sent-events stream the logged-in member app keeps open
 * (Bearer token in the header, read with a streaming fetch). It says `ready`, then `ended` the
 * moment this node revokes the session (an operator disabling the player, a revoke from the
 * security centre, a log-out elsewhere) and closes. Every `checkEveryMs` it sends a comment (so
 * proxies keep it open) and checks the session is still live, which catches an expiry and a revoke
 * made on another node. Nothing else travels on it: the app reads everything else by its calls.
 */
export function registerSessionEvents(
  app: FastifyInstance,
  sessions: SessionStore,
  checkEveryMs = 20_000,
): void {
  registerStream(app, sessions, checkEveryMs, sessionEventsPath, ['trial', 'member', 'agent']);
  // The console's: an operator disabled, or its session revoked, is logged out at once.
  registerStream(app, sessions, checkEveryMs, opsSessionEventsPath, ['operator'], 'session.read');
}

function registerStream(
  app: FastifyInstance,
  sessions: SessionStore,
  checkEveryMs: number,
  path: string,
  access: Access,
  permission?: OperatorAction,
): void {
  app.get(
    path,
    { config: { access, ...(permission ? { permission } : {}), rateLimit: false } },
    async (req, reply) => {
      const sessionId = req.principal!.sessionId;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      const send = (event: SessionEvent) =>
        raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);

      let open = true;
      const stop = () => {
        open = false;
        unsubscribe();
        clearInterval(timer);
      };
      const ended = () => {
        if (!open) return;
        stop();
        send({ type: 'ended' });
        raw.end();
      };
      const check = async () => {
        if (open && !(await sessions.isLive(sessionId).catch(() => true))) ended();
      };
      const unsubscribe = sessions.onEnded(sessionId, ended);
      const timer = setInterval(() => {
        if (!open) return;
        raw.write(': live\n\n');
        void check();
      }, checkEveryMs);
      timer.unref();
      req.raw.on('close', () => open && stop());
      send({ type: 'ready' });
      // Revoked between the guard's check and the subscription: say so now.
      await check();
    },
  );
}
