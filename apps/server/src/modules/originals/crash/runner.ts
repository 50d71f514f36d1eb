import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { crashPoint, multiplierAt, timeToReach } from '@taya/games';
import type { Tx } from '../../../platform/db';
import type { PhaseStepper } from '../../../platform/phase-loop';
import { activeChain, ChainHashes, takeGame } from './chain';
import { crashRtpBps, type CrashService } from './service';
import { settleRound } from './settle';
import { crashBets, crashChains, crashRounds } from './schema';
import { betWire, cashoutPayout, roundWire, type CrashRoundRow } from './wire';

/**
 * Drives crash's rounds (one process at a time: `startPhaseLoop`). Each step reads the live
 * round and moves it on when its time has come:
 *  - none yet: round 1 opens, taking bets for `bettingMs`;
 *  - open, betting over: it runs from `betting_ends_at`, its crash time known from its crash
 *    point (`timeToReach`), and the next round opens (bets sent meanwhile wait there);
 *  - running: auto cash-outs the multiplier has reached are written, exactly at their target;
 *  - running, crash time passed: the round crashes and settles in ONE transaction (`settle.ts`),
 *    and the next round's betting starts after `pauseMs`.
 * Every change is conditional on the status read, so a second driver (should two ever run)
 * changes nothing twice. Events go to the feed once committed.
 */
/** How often a chain waiting for its salt is looked at again. */
const saltWaitMs = 5_000;

export class CrashRunner implements PhaseStepper {
  private readonly hashes = new ChainHashes();

  constructor(private readonly crash: CrashService) {}

  private get options() {
    return this.crash.deps.options;
  }

  async step(now: number): Promise<number> {
    const live = await this.crash.liveRound(this.crash.db);
    if (!live) {
      const opened = await this.crash.db.transaction((tx) =>
        this.open(tx, now + this.options.bettingMs),
      );
      // A chain without its salt yet opens no round: look again in a while.
      if (!opened) return saltWaitMs;
      this.publishPhase(now);
      return this.options.bettingMs;
    }
    if (live.status === 'open') {
      if (!live.bettingEndsAt) {
        await this.crash.db
          .update(crashRounds)
          .set({ bettingEndsAt: new Date(now + this.options.pauseMs + this.options.bettingMs) })
          .where(and(eq(crashRounds.number, live.number), isNull(crashRounds.bettingEndsAt)));
        this.publishPhase(now);
        return this.options.pauseMs;
      }
      const endsAt = live.bettingEndsAt.getTime();
      if (now < endsAt) return endsAt - now;
      await this.start(live);
      this.publishPhase(now);
      return 0;
    }
    const crashAt = live.crashAt!.getTime();
    if (now < crashAt) {
      await this.autoCashouts(live, now);
      return crashAt - now;
    }
    const crashed = await this.crash.db.transaction((tx) => settleRound(this.crash, tx, live, now));
    if (crashed) {
      const [chain] = await this.crash.db
        .select()
        .from(crashChains)
        .where(eq(crashChains.id, crashed.chainId));
      this.crash.deps.feed.publish({
        type: 'crashed',
        ...roundWire(crashed, chain!),
        serverNow: new Date(now).toISOString(),
      });
      this.publishPhase(now);
    }
    return this.options.pauseMs;
  }

  /**
   * Opens the next round on the chain's next game (a used-up chain gives way to a new one);
   * false when none opens: one is open already, or the chain waits for its salt.
   */
  private async open(tx: Tx, bettingEndsAt: number | null): Promise<boolean> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('crash:open', 0))`);
    const chain = await activeChain(tx, this.options);
    if (chain.salt === null) return false;
    const [last] = await tx
      .select({ number: crashRounds.number })
      .from(crashRounds)
      .orderBy(desc(crashRounds.number))
      .limit(1);
    const [pending] = await tx
      .select({ number: crashRounds.number })
      .from(crashRounds)
      .where(eq(crashRounds.status, 'open'));
    if (pending) return false;
    const game = await takeGame(tx, chain);
    const hash = this.hashes.gameHash(chain, game);
    await tx.insert(crashRounds).values({
      number: (last?.number ?? 0) + 1,
      chainId: chain.id,
      game,
      hash,
      crashPoint: crashPoint(hash, chain.salt, crashRtpBps),
      rtpBps: crashRtpBps,
      status: 'open',
      bettingEndsAt: bettingEndsAt === null ? null : new Date(bettingEndsAt),
    });
    return true;
  }

  /** Betting is over: the round runs from the end of its betting, and the next one opens. */
  private async start(round: CrashRoundRow): Promise<void> {
    const startedAt = round.bettingEndsAt!.getTime();
    await this.crash.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(crashRounds)
        .set({
          status: 'running',
          startedAt: new Date(startedAt),
          crashAt: new Date(startedAt + timeToReach(round.crashPoint)),
        })
        .where(and(eq(crashRounds.number, round.number), eq(crashRounds.status, 'open')))
        .returning({ number: crashRounds.number });
      if (moved) await this.open(tx, null);
    });
  }

  /** Writes the auto cash-outs the multiplier has reached (each exactly at its target). */
  private async autoCashouts(round: CrashRoundRow, now: number): Promise<void> {
    const reached = BigInt(multiplierAt(now - round.startedAt!.getTime()));
    const due = await this.crash.db
      .update(crashBets)
      .set({
        cashout: crashBets.autoCashout,
        payout: sql`(${crashBets.stake} * ${crashBets.autoCashout}) / 100`,
      })
      .where(
        and(
          eq(crashBets.round, round.number),
          isNull(crashBets.cashout),
          lte(crashBets.autoCashout, reached),
        ),
      )
      .returning();
    for (const bet of due) {
      // The database's integer division is the floor of stake × target / 100 (both positive).
      if (bet.payout !== cashoutPayout(bet.stake, bet.cashout!)) throw new Error('payout drift');
      this.crash.deps.feed.publish({ type: 'cashout', ...betWire(bet) });
    }
  }

  private publishPhase(now: number): void {
    void now;
    void this.crash
      .liveRound(this.crash.db)
      .then((live) =>
        this.crash.deps.feed.publish({ type: 'phase', ...this.crash.liveWire(live) }),
      );
  }
}
