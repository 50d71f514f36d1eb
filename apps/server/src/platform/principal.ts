import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { Principal } from './auth/sessions';

/** A member account as the services take it: whose, and of which merchant. */
export interface Member {
  accountId: string;
  merchantCode: string;
}

/** The `merchant` header the web app sends, when it is a non-empty text. */
export const merchantHeader = (header: unknown) =>
  typeof header === 'string' && header ? header : undefined;

/** The merchant a call is for: the session's, else the `merchant` header's (visitors). */
export const callerMerchant = (principal: Principal | null, req: FastifyRequest) =>
  principal?.merchantCode ?? merchantHeader(req.headers.merchant);

/** The caller as a member (members and agents take part; visitors and trial users look only). */
export const memberOf = (p: Principal | null): Member | null =>
  p && (p.role === 'member' || p.role === 'agent')
    ? { accountId: p.subjectId, merchantCode: p.merchantCode }
    : null;

/**
 * Refuses (403 forbidden) an operator whose merchant scope lacks `merchantCode`; any other
 * caller is left to the route's own checks. Routes that load a row of some merchant call it
 * with the row's merchant before they show or change it.
 */
export function requireMerchantScope(principal: Principal | null, merchantCode: string): void {
  const operator = principal?.operator;
  if (!operator || operator.merchants === null) return;
  if (!operator.merchants.includes(merchantCode))
    throw new AppError('forbidden', 'This merchant is outside your scope');
}

/** Whether an operator may see a merchant's data (members: their own merchant only). */
export const mayTouchMerchant = (principal: Principal | null, merchantCode: string) =>
  principal?.operator
    ? principal.operator.merchants === null || principal.operator.merchants.includes(merchantCode)
    : principal?.merchantCode === merchantCode;
