import type { FastifyRequest } from 'fastify';
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
