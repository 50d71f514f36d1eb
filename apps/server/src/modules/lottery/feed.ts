import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { LotteryEvent } from '@taya/contracts';
import type { Db } from '../../platform/db';
import { lotteryIssues } from './schema';

type IssueRow = typeof lotteryIssues.$inferSelect;
export type LotteryListener = (event: LotteryEvent) => void;

/** How many of the steps closed, result, settled an issue of each status has passed. */
const rank: Record<Exclude<IssueRow['status'], 'cancelled'>, number> = {
  open: 0,
  closed: 1,
  drawn: 2,
  settled: 3,
};

/**
 * Live lottery events for sockets: `closed`, `open` (the next issue, once one closes), `result`,
 * `settled` and `cancelled`. The events are read from the issues table itself (every change stamps
 * `updated_at`), polled once a second while anyone listens, so a socket on any node hears what
 * the jobs did on any other node, with no bus between them.
 */
export class LotteryFeed {
  private readonly listeners = new Map<string, Set<LotteryListener>>();
  private timer: NodeJS.Timeout | null = null;
  private since = new Date();
  /** `id:event` already announced (kept a minute, longer than the look-back window). */
  private readonly seen = new Map<string, number>();
  private polling = false;

  constructor(
    private readonly db: Db,
    private readonly wire: (row: IssueRow) => LotteryEvent['issue'],
    private readonly intervalMs = 1000,
  ) {}

  subscribe(gameCode: string, listener: LotteryListener): () => void {
    let set = this.listeners.get(gameCode);
    if (!set) this.listeners.set(gameCode, (set = new Set()));
    set.add(listener);
    this.start();
    return () => {
      const current = this.listeners.get(gameCode);
      current?.delete(listener);
      if (current?.size === 0) this.listeners.delete(gameCode);
      if (this.listeners.size === 0) this.stop();
    };
  }

  private start() {
    if (this.timer) return;
    this.since = new Date();
    this.timer = setInterval(() => void this.poll(), this.intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private publish(gameCode: string, event: LotteryEvent) {
    for (const listener of this.listeners.get(gameCode) ?? []) {
      try {
        listener(event);
      } catch {
        // One broken socket must not keep the event from the others.
      }
    }
  }

  /** The issue now open for betting after one closed. */
  private async announceNext(gameCode: string) {
    const [next] = await this.db
      .select()
      .from(lotteryIssues)
      .where(
        and(
          eq(lotteryIssues.gameCode, gameCode),
          eq(lotteryIssues.status, 'open'),
          sql`${lotteryIssues.closesAt} > now()`,
        ),
      )
      .orderBy(asc(lotteryIssues.drawAt))
      .limit(1);
    if (next) this.publish(gameCode, { type: 'open', issue: this.wire(next) });
  }

  /** Reads what changed since the last poll (with a look-back for late commits) and announces it. */
  async poll(): Promise<void> {
    if (this.polling || this.listeners.size === 0) return;
    this.polling = true;
    try {
      const codes = [...this.listeners.keys()];
      const from = new Date(this.since.getTime() - 5000);
      const rows = await this.db
        .select()
        .from(lotteryIssues)
        .where(and(inArray(lotteryIssues.gameCode, codes), gt(lotteryIssues.updatedAt, from)))
        .orderBy(asc(lotteryIssues.updatedAt));
      const now = Date.now();
      for (const row of rows) {
        if (row.updatedAt > this.since) this.since = row.updatedAt;
        // Several steps may fall between two polls (closed, drawn and settled within a second):
        // each one not announced yet is, in order.
        const steps: LotteryEvent['type'][] =
          row.status === 'cancelled'
            ? ['cancelled', ...(row.settledAt ? (['settled'] as const) : [])]
            : (['closed', 'result', 'settled'] as const).slice(0, rank[row.status]);
        for (const step of steps) {
          const key = `${row.id}:${step}`;
          if (this.seen.has(key)) continue;
          this.seen.set(key, now);
          this.publish(row.gameCode, { type: step, issue: this.wire(row) });
          if (step === 'closed') await this.announceNext(row.gameCode);
        }
      }
      for (const [key, at] of this.seen) if (now - at > 60_000) this.seen.delete(key);
    } catch {
      // The next tick tries again.
    } finally {
      this.polling = false;
    }
  }
}
