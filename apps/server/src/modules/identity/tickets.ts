import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { LoginValue } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import { issue } from './login';
import type { ClientContext, IdentityDeps } from './model';
import { sessionTickets } from './schema';
import { digest } from './secrets';

/**
 * Sign-in tickets for the app download QR code: the link carries one of these, never the session
 * token. A ticket lasts `ticketMinutes`, signs one device in once, and only while the session
 * that asked for it lasts.
 */
export const ticketMinutes = 5;

export async function issueTicket(
  deps: IdentityDeps,
  accountId: string,
  sessionId: string,
): Promise<{ ticket: string; expiresInSeconds: number }> {
  const ticket = randomBytes(32).toString('base64url');
  const now = Date.now();
  // Tickets a day past their end are of no more use to anyone.
  await deps.db
    .delete(sessionTickets)
    .where(lt(sessionTickets.expiresAt, new Date(now - 86_400_000)));
  await deps.db.insert(sessionTickets).values({
    ticketHash: digest(ticket),
    accountId,
    sessionId,
    expiresAt: new Date(now + ticketMinutes * 60_000),
  });
  return { ticket, expiresInSeconds: ticketMinutes * 60 };
}

/** A new session for the ticket's account; the ticket is spent in the statement that finds it. */
export async function exchangeTicket(
  deps: IdentityDeps,
  ticket: string,
  client: ClientContext,
): Promise<LoginValue> {
  const [spent] = await deps.db
    .update(sessionTickets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(sessionTickets.ticketHash, digest(ticket)),
        isNull(sessionTickets.usedAt),
        gt(sessionTickets.expiresAt, new Date()),
      ),
    )
    .returning({ accountId: sessionTickets.accountId, sessionId: sessionTickets.sessionId });
  const refused = new AppError(
    'verification_code_invalid',
    'This sign-in link has expired or was already used',
  );
  if (!spent || !(await deps.sessions.isLive(spent.sessionId))) throw refused;
  const account = await deps.store.byId(spent.accountId);
  if (!account || account.status !== 'active') throw refused;
  return issue(deps, account, client, 'ticket');
}
