import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import {
  biggestWinsIn,
  mostPlayedGames,
  playByHourAndGame,
  topWinsByQuarter,
  type BetStream,
} from '../play';
import { gamePlayHourly, gameRollupCursors, gameTopWins } from './schema';

const hourMs = 3_600_000;
const quarterMs = 900_000;
/** The rollup's row in `game_rollup_cursors`. */
const cursorName = 'rankings';
/** Records read from the stream per step (each step a short query on the stream's index). */
const stepRecords = 50_000;
/** The most any winner board asks for (the contracts' `limit` / `limitNum`). */
export const topWinsPerQuarter = 20;
/** How far back the rollup keeps hours (hot games read the last 7 days) and quarters (a month). */
export const playHorizonMs = 8 * 86_400_000;
export const winsHorizonMs = 40 * 86_400_000;
export const floorTo = (at: Date, stepMs: number) =>
  new Date(Math.floor(at.getTime() / stepMs) * stepMs);

/**
 * The rankings rollup: hot games and the winner boards read small tables kept by following the
 * settled-bet stream (modules/play) with a cursor, rather than scanning a week of bet records on
 * each call.
 *
 * The stream's cursor says which merchants' hours and quarter hours changed; each of those is
 * recomputed from the stream's report reads and replaced whole. A record changed in place comes
 * round again and its period is recomputed again, so a run never counts a record twice, and
 * running it twice changes nothing. One run at a time holds the cursor's row (other nodes wait).
 */
export class Rankings {
  private running: Promise<number> | null = null;
  private dirty = false;
  /** The cursor as this process last read or left it (unknown before its first run). */
  private cursor: string | null = null;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly stream: BetStream,
    private readonly now: () => number = Date.now,
  ) {}

  /** Called when the rollup moved: answers made from it are out of date. */
  onAdvance(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** A bet was settled in this process: the next read brings the rollup up to date first. */
  markDirty(): void {
    this.dirty = true;
  }

  /** Brings the rollup up to date when a bet was settled in this process since its last run. */
  async refreshIfDirty(): Promise<void> {
    if (this.dirty) await this.advance();
  }

  /**
   * Brings the rollup up to date when the stream has records past its cursor (one probe of the
   * stream's index when it has none): bets settled by other nodes, or written outside the
   * kernel's settle (the vendors' own), show at once too.
   */
  async refreshIfMoved(): Promise<void> {
    if (this.dirty || this.cursor === null || (await this.stream.movedSince(this.cursor))) {
      await this.advance();
    }
  }

  /**
   * Reads the stream from the cursor to its head and recomputes the periods it touched; returns
   * how many records it read. One run at a time in this process; concurrent callers share it.
   */
  advance(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<number> {
    this.dirty = false;
    const { read, cursor } = await this.db.transaction(async (tx) => {
      await tx
        .insert(gameRollupCursors)
        .values({ name: cursorName, cursor: '' })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ cursor: gameRollupCursors.cursor })
        .from(gameRollupCursors)
        .where(eq(gameRollupCursors.name, cursorName))
        .for('update');
      let cursor = row!.cursor;
      let read = 0;
      const touched = new Map<string, Set<number>>();
      for (;;) {
        const page = await this.stream.touchedSince({ after: cursor, limit: stepRecords }, tx);
        for (const t of page.touched) {
          const quarters = touched.get(t.merchantCode) ?? new Set<number>();
          quarters.add(Date.parse(t.quarter));
          touched.set(t.merchantCode, quarters);
        }
        read += page.read;
        cursor = page.next;
        if (page.read < stepRecords) break;
      }
      if (read === 0) return { read, cursor };
      const now = this.now();
      for (const [merchantCode, quarters] of touched) {
        await this.recompute(tx, merchantCode, [...quarters], now);
      }
      await tx
        .update(gameRollupCursors)
        .set({ cursor, updatedAt: new Date(now) })
        .where(eq(gameRollupCursors.name, cursorName));
      await tx.delete(gamePlayHourly).where(lt(gamePlayHourly.hour, new Date(now - playHorizonMs)));
      await tx.delete(gameTopWins).where(lt(gameTopWins.quarter, new Date(now - winsHorizonMs)));
      return { read, cursor };
    });
    this.cursor = cursor;
    if (read > 0) for (const listener of this.listeners) listener();
    return read;
  }

  /** Replaces a merchant's figures of the hours and quarter hours these quarters fall in. */
  private async recompute(tx: Tx, merchantCode: string, quarters: number[], now: number) {
    const hours = [
      ...new Set(
        quarters
          .map((q) => floorTo(new Date(q), hourMs).getTime())
          .filter((h) => h >= floorTo(new Date(now - playHorizonMs), hourMs).getTime()),
      ),
    ].map((h) => new Date(h).toISOString());
    const kept = quarters
      .filter((q) => q >= now - winsHorizonMs)
      .map((q) => new Date(q).toISOString());
    if (hours.length > 0) {
      const figures = await playByHourAndGame(tx, merchantCode, hours);
      await tx
        .delete(gamePlayHourly)
        .where(
          and(
            eq(gamePlayHourly.merchantCode, merchantCode),
            sql`${gamePlayHourly.hour} in (select x::timestamptz from unnest(${sql.param(hours)}::text[]) as x)`,
          ),
        );
      for (let i = 0; i < figures.length; i += 1000) {
        await tx
          .insert(gamePlayHourly)
          .values(figures.slice(i, i + 1000).map((f) => ({ merchantCode, ...f })));
      }
    }
    if (kept.length > 0) {
      const wins = await topWinsByQuarter(tx, merchantCode, kept, topWinsPerQuarter);
      await tx
        .delete(gameTopWins)
        .where(
          and(
            eq(gameTopWins.merchantCode, merchantCode),
            sql`${gameTopWins.quarter} in (select x::timestamptz from unnest(${sql.param(kept)}::text[]) as x)`,
          ),
        );
      for (let i = 0; i < wins.length; i += 1000) {
        await tx
          .insert(gameTopWins)
          .values(wins.slice(i, i + 1000).map((w) => ({ merchantCode, ...w })));
      }
    }
  }

  /**
   * Records settled per game of a merchant from the start of the hour `since` falls in, the most
   * played first (then by game id): `mostPlayedGames` on whole hours. Before the rollup's horizon,
   * the stream is scanned instead.
   */
  async mostPlayed(merchantCode: string, since: Date, limit: number) {
    const from = floorTo(since, hourMs);
    if (from.getTime() < this.now() - playHorizonMs + hourMs) {
      return mostPlayedGames(this.db, merchantCode, from, limit);
    }
    return this.db
      .select({
        gameId: gamePlayHourly.gameId,
        rounds: sql<number>`sum(${gamePlayHourly.rounds})::int`,
      })
      .from(gamePlayHourly)
      .where(and(eq(gamePlayHourly.merchantCode, merchantCode), gte(gamePlayHourly.hour, from)))
      .groupBy(gamePlayHourly.gameId)
      .having(sql`sum(${gamePlayHourly.rounds}) > 0`)
      .orderBy(desc(sql`sum(${gamePlayHourly.rounds})`), asc(gamePlayHourly.gameId))
      .limit(limit);
  }

  /**
   * A merchant's biggest settled net wins in [start, end), biggest first, then the earliest (the
   * order of `biggestWinsIn`). Bounds are taken to their quarter hour (a local day, week or month
   * always starts on one). Before the rollup's horizon, the stream is scanned instead.
   */
  async biggestWins(merchantCode: string, window: { start: Date; end?: Date }, limit: number) {
    const start = floorTo(window.start, quarterMs);
    if (limit > topWinsPerQuarter || start.getTime() < this.now() - winsHorizonMs + hourMs) {
      return biggestWinsIn(this.db, merchantCode, { start, end: window.end }, limit);
    }
    return this.db
      .select({
        accountId: gameTopWins.accountId,
        gameId: gameTopWins.gameId,
        gameType: gameTopWins.gameType,
        vendorCode: gameTopWins.vendorCode,
        currency: gameTopWins.currency,
        stake: gameTopWins.stake,
        payout: gameTopWins.payout,
        settledAt: gameTopWins.settledAt,
        win: gameTopWins.win,
      })
      .from(gameTopWins)
      .where(
        and(
          eq(gameTopWins.merchantCode, merchantCode),
          gte(gameTopWins.quarter, start),
          window.end ? lt(gameTopWins.settledAt, window.end) : undefined,
        ),
      )
      .orderBy(desc(gameTopWins.win), asc(gameTopWins.settledAt), asc(gameTopWins.betRecordId))
      .limit(limit);
  }
}
