import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { SecretBox } from '../../platform/secret-box';
import { wsTickets } from './schema';

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Single-use tickets that stand for a session's bearer token for a few seconds, so that a
 * browser can open the operator socket (it cannot set an Authorization header there). Kept in
 * the database — the ticket's hash and the token sealed with the secrets key — so a ticket issued
 * by one node opens the socket on any node behind the load balancer, and only once: taking it
 * deletes its row, and of two nodes taking one ticket at once only one gets the row.
 */
export class WsTickets {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly ttlMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(token: string): Promise<{ ticket: string; expiresAt: Date }> {
    const ticket = randomBytes(24).toString('base64url');
    const expiresAt = new Date(this.now() + this.ttlMs);
    const ticketHash = hash(ticket);
    // Tickets past their time are of no use to anyone: each issue clears them.
    await this.db.delete(wsTickets).where(lt(wsTickets.expiresAt, new Date(this.now())));
    await this.db
      .insert(wsTickets)
      .values({ ticketHash, tokenSealed: this.box.seal(token, ticketHash), expiresAt });
    return { ticket, expiresAt };
  }

  /** The token behind a ticket, once: a used, unknown or expired ticket gives null. */
  async take(ticket: string): Promise<string | null> {
    const ticketHash = hash(ticket);
    const [row] = await this.db
      .delete(wsTickets)
      .where(eq(wsTickets.ticketHash, ticketHash))
      .returning();
    if (!row || row.expiresAt.getTime() <= this.now()) return null;
    try {
      return this.box.open(row.tokenSealed, ticketHash);
    } catch {
      return null;
    }
  }
}
