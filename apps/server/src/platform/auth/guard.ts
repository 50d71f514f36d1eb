import type { FastifyInstance } from 'fastify';
import { roleMay } from '@taya/contracts';
import { AppError } from '../errors';
import { requestToken, type Access } from '../http';
import { requireMerchantScope } from '../principal';
import type { SessionStore } from './sessions';

/** An operator route: under `/ops/`, or callable by operators alone. */
const isOperatorRoute = (url: string, access: Access) =>
  url.startsWith('/ops/') ||
  (access !== 'public' && access.length === 1 && access[0] === 'operator');

/**
 * One guard for every route, declared per route as `access`. A public route still learns who is
 * asking when a valid token comes along; a guarded route refuses a missing token (401
 * login.not.session), an unknown or ended one (401 user.or.token.invalid), a trial session on a
 * real-money call (403 in_need_true_account) and any other role it does not list (403).
 * A session whose password must be changed first (an expired one, or a first log-in when the
 * merchant asks for it) gets 403 password_change_required from every guarded route but those
 * marked `duringPasswordChange` (the change itself, reading its own account, log-out).
 *
 * An operator also needs the route's `permission` in its role's list (contracts'
 * `operatorRolePermissions`); an operator route that declares none refuses every operator. A
 * `merchantCode` in the query or body must be one of the operator's merchants (403 otherwise).
 */
export function installGuard(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    const access: Access = req.routeOptions.config?.access ?? 'public';
    const token = requestToken(req) ?? (await req.routeOptions.config?.tokenFrom?.(req)) ?? null;
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
    if (principal.role === 'operator') {
      const permission = req.routeOptions.config?.permission;
      if (permission === undefined) {
        if (isOperatorRoute(req.routeOptions.url ?? '', access))
          throw new AppError('forbidden', 'This operator route declares no permission');
        return;
      }
      if (!principal.operator || !roleMay(principal.operator.role, permission))
        throw new AppError('forbidden');
    }
  });
  // After the body is parsed: a merchant named in the call must be in the operator's scope.
  app.addHook('preHandler', async (req) => {
    const operator = req.principal?.operator;
    if (!operator || operator.merchants === null) return;
    for (const part of [req.query, req.body]) {
      if (part && typeof part === 'object' && !Array.isArray(part)) {
        const merchant = (part as Record<string, unknown>).merchantCode;
        if (typeof merchant === 'string') requireMerchantScope(req.principal, merchant);
      }
    }
  });
}
