import { createHash, randomBytes } from 'node:crypto';

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Single-use tickets that stand for a session's bearer token for a few seconds, so that a
 * browser can open the operator socket (it cannot set an Authorization header there). Held in
 * this node's memory: the desk asks for a ticket right before it connects, to the same API.
 */
export class WsTickets {
  private readonly tickets = new Map<string, { token: string; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  issue(token: string): { ticket: string; expiresAt: Date } {
    this.prune();
    const ticket = randomBytes(24).toString('base64url');
    const expiresAt = this.now() + this.ttlMs;
    this.tickets.set(hash(ticket), { token, expiresAt });
    return { ticket, expiresAt: new Date(expiresAt) };
  }

  /** The token behind a ticket, once: a used, unknown or expired ticket gives null. */
  take(ticket: string): string | null {
    const key = hash(ticket);
    const entry = this.tickets.get(key);
    if (!entry) return null;
    this.tickets.delete(key);
    return entry.expiresAt > this.now() ? entry.token : null;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.tickets) if (entry.expiresAt <= now) this.tickets.delete(key);
  }
}
