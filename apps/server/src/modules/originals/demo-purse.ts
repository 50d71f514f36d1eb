import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import { minorToDecimal } from '@taya/contracts';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { originalDemoSessions } from './schema';

/** Play money a demo session starts with (minor units, two decimals) and how long it lasts. */
export const demoStartingBalance = 2_000_00n;
export const demoScale = 2;
const demoHours = 2;

/** A session token as its row keeps it (the token itself is never stored). */
export const demoDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/** The player column of a demo session's rows. */
export const demoPlayer = (token: string) => `demo:${demoDigest(token)}`;

/** The name a demo session shows on a shared round. */
export const demoGuestName = (token: string) => `guest-${demoDigest(token).slice(0, 2)}`;

/** A demo session as its answers show it. */
export interface DemoSession {
  session: string;
  balance: string;
  currency: 'DEMO';
}

const ended = () => new AppError('game_session_invalid', 'The demo has ended; open it again');

/**
 * One original's free play: sessions of 2,000.00 DEMO for two hours in `original_demo_sessions`,
 * found by the SHA-256 of their token. Stakes leave the play money only when it covers them.
 */
export class DemoPurse {
  constructor(
    private readonly db: Db,
    /** The game's short name (`crash`): a session plays only its own game. */
    readonly game: string,
    /** The server's clock (ms since the epoch). */
    private readonly now: () => number = Date.now,
  ) {}

  /** The session's row while it lasts (its game's, not yet expired). */
  live(token: string) {
    return and(
      eq(originalDemoSessions.tokenHash, demoDigest(token)),
      eq(originalDemoSessions.game, this.game),
      gt(originalDemoSessions.expiresAt, new Date(this.now())),
    );
  }

  /** Opens a session where the catalogue offers the game's free play (a 403 where not). */
  async open(game: { demoAllowed: boolean }): Promise<DemoSession> {
    if (!game.demoAllowed)
      throw new AppError('forbidden', 'Free play is not offered for this game');
    const session = randomBytes(24).toString('base64url');
    await this.db.insert(originalDemoSessions).values({
      tokenHash: demoDigest(session),
      game: this.game,
      balance: demoStartingBalance,
      expiresAt: new Date(this.now() + demoHours * 3_600_000),
    });
    return {
      session,
      balance: minorToDecimal(demoStartingBalance, demoScale),
      currency: 'DEMO',
    };
  }

  /** The play money of a live session (a 4xx once it has ended). */
  async balance(token: string): Promise<DemoSession> {
    const cash = await this.liveCash(token);
    return { session: token, balance: minorToDecimal(cash, demoScale), currency: 'DEMO' };
  }

  /** A live session's play money in minor units (a 4xx once it has ended). */
  async liveCash(token: string): Promise<bigint> {
    const cash = await this.cash(this.db, token, { live: true });
    if (cash === null) throw ended();
    return cash;
  }

  /** A session's play money in minor units (`live`: only while it lasts), null without one. */
  async cash(db: Db | Tx, token: string, { live }: { live: boolean }): Promise<bigint | null> {
    const [row] = await db
      .select({ balance: originalDemoSessions.balance })
      .from(originalDemoSessions)
      .where(live ? this.live(token) : eq(originalDemoSessions.tokenHash, demoDigest(token)));
    return row?.balance ?? null;
  }

  /** Locks a live session's row for the transaction (a 4xx once it has ended). */
  async lock(tx: Tx, token: string): Promise<void> {
    const [row] = await tx
      .select({ token: originalDemoSessions.tokenHash })
      .from(originalDemoSessions)
      .where(this.live(token))
      .for('update');
    if (!row) throw ended();
  }

  /**
   * Takes a stake from a live session, and with it a win already drawn (one statement: both or
   * neither, only when the play money covers the stake): its play money after, or a 4xx (ended,
   * or too little).
   */
  async take(db: Db | Tx, token: string, stake: bigint, win = 0n): Promise<bigint> {
    const [row] = await db
      .update(originalDemoSessions)
      .set({ balance: sql`${originalDemoSessions.balance} - ${stake} + ${win}` })
      .where(and(this.live(token), gte(originalDemoSessions.balance, stake)))
      .returning({ balance: originalDemoSessions.balance });
    if (row) return row.balance;
    const [found] = await db
      .select({ token: originalDemoSessions.tokenHash })
      .from(originalDemoSessions)
      .where(this.live(token));
    if (!found) throw ended();
    throw new AppError('insufficient_funds');
  }
}

/**
 * Pays a settled shared round's free-play wins back into their sessions: each session's total
 * in one UPDATE. `player` is the row's player column (`demo:` and the session's digest).
 */
export async function payDemoWins(
  tx: Tx,
  outcomes: Iterable<{ player: string; demo: boolean; payout: bigint }>,
): Promise<void> {
  const totals = new Map<string, bigint>();
  for (const o of outcomes) {
    if (!o.demo || o.payout === 0n) continue;
    const digest = o.player.slice('demo:'.length);
    totals.set(digest, (totals.get(digest) ?? 0n) + o.payout);
  }
  for (const [digest, won] of totals)
    await tx
      .update(originalDemoSessions)
      .set({ balance: sql`${originalDemoSessions.balance} + ${won}` })
      .where(eq(originalDemoSessions.tokenHash, digest));
}
