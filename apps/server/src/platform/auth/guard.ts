import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { requestToken, type Access } from '../http';
import type { SessionStore } from './sessions';

/**
 * One guard for every route, declared per route as `access`. A public route still learns who is
 * asking when a valid token comes along; a guarded route refuses a missing token (401
 * login.not.session), an unknown or ended one (401 user.or.token.invalid), a trial session on a
 * real-money call (403 in_need_true_account) and any other role it does not list (403).
 * A session whose password must be changed first (an expired one, or a first log-in when the
 * merchant asks for it) gets 403 password_change_required from every guarded route but those
 * marked `duringPasswordChange` (the change itself, reading its own account, log-out).
 */
export function installGuard(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    const access: Access = req.routeOptions.config?.access ?? 'public';
    const token = requestToken(req);
    req.principal = token ? await sessions.resolve(token) : null;
    if (access === 'public') return;
    if (!token) throw new AppError('login.not.session');
    const principal = req.principal;
    if (!principal) throw new AppError('user.or.token.invalid');
    if (!access.includes(principal.role)) {
      throw new AppError(principal.role === 'trial' ? 'in_need_true_account' : 'forbidden');
    }
    if (principal.passwordChangeRequired && req.routeOptions.config?.duringPasswordChange !== true)
      throw new AppError('password_change_required');
  });
}
