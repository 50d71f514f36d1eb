import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  closesAt,
  commitmentOf,
  houseDraw,
  issueIdFor,
  newSeed,
  nextDraws,
  validateResult,
  type GameDefinition,
  type LotteryResult,
} from '@taya/games';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { LotteryPart, type LotteryDeps } from './context';
import type { LotteryHall } from './hall';
import {
  definitions,
  houseDrawn,
  lotteryGame,
  lotteryVendorCode,
  problemFields,
  type IssueRow,
} from './model';
import { lotteryIssues, lotteryResultEntries, type LotteryResultSource } from './schema';
import { entryWire, issueWire } from './wire';

/**
 * Issues and results: issues created ahead on each game's schedule with a committed seed, closed
 * and drawn when due (house seed, feed, or house demo), and operators' results (entered, then
 * confirmed by a second operator) and cancellations.
 */
export class LotteryDraws extends LotteryPart {
  private readonly issuesAhead: number;
  private readonly demoDrawAfterSeconds: number | null;

  constructor(
    deps: LotteryDeps,
    private readonly hall: LotteryHall,
  ) {
    super(deps);
    this.issuesAhead = deps.options.issuesAhead ?? 52;
    this.demoDrawAfterSeconds =
      deps.options.demoDrawAfterSeconds === undefined ? 600 : deps.options.demoDrawAfterSeconds;
  }

  /** Game codes some merchant has enabled (issues are global per game). */
  private async scheduledGames(): Promise<GameDefinition[]> {
    const codes = await this.games.enabledGameCodes(lotteryVendorCode);
    return codes.map((code) => definitions.get(code)).filter((d) => d !== undefined);
  }

  /** Creates each enabled game's issues ahead of now, each with a fresh seed and commitment. */
  async scheduleDue(now = new Date()): Promise<{ created: number }> {
    let created = 0;
    for (const def of await this.scheduledGames()) {
      const draws = nextDraws(def, now, this.issuesAhead).filter(
        (d) => closesAt(def, d).getTime() > now.getTime(),
      );
      if (draws.length === 0) continue;
      const known = new Set(
        (
          await this.db
            .select({ issueId: lotteryIssues.issueId })
            .from(lotteryIssues)
            .where(
              and(
                eq(lotteryIssues.gameCode, def.code),
                sql`${lotteryIssues.drawAt} >= ${draws[0]!.toISOString()}::timestamptz`,
              ),
            )
        ).map((r) => r.issueId),
      );
      const rows = draws
        .map((drawAt) => ({ drawAt, issueId: issueIdFor(def, drawAt) }))
        .filter((d) => !known.has(d.issueId))
        .map(({ drawAt, issueId }) => {
          const seed = newSeed();
          return {
            id: randomUUID(),
            gameCode: def.code,
            issueId,
            drawAt,
            closesAt: closesAt(def, drawAt),
            commitment: commitmentOf(seed),
            seed,
          };
        });
      if (rows.length === 0) continue;
      const inserted = await this.db
        .insert(lotteryIssues)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: lotteryIssues.id });
      created += inserted.length;
    }
    return { created };
  }

  /**
   * Closes issues whose betting time is over (revealing their seeds) and draws those whose draw
   * time has come: the house's seed for the fast e-lottery; for the other games a feed result,
   * else (after `demoDrawAfterSeconds`) the house's demo draw, labelled `house_demo`.
   */
  async drawDue(): Promise<{ closed: number; drawn: number }> {
    const closed = await this.db
      .update(lotteryIssues)
      .set({ status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(lotteryIssues.status, 'open'), sql`${lotteryIssues.closesAt} <= now()`))
      .returning({ id: lotteryIssues.id });
    const due = await this.db
      .select()
      .from(lotteryIssues)
      .where(and(eq(lotteryIssues.status, 'closed'), sql`${lotteryIssues.drawAt} <= now()`))
      .orderBy(asc(lotteryIssues.drawAt))
      .limit(500);
    let drawn = 0;
    for (const issue of due) {
      const def = definitions.get(issue.gameCode);
      if (!def) continue;
      let result: LotteryResult | null = null;
      let source: LotteryResultSource = 'house';
      if (houseDrawn(def)) {
        result = houseDraw(def, issue.seed, issue.issueId);
      } else {
        const fed = this.options.feed
          ? await this.options.feed(def, issue.issueId, issue.drawAt)
          : null;
        if (fed && validateResult(def, fed).length === 0) {
          result = fed;
          source = 'feed';
        } else if (
          this.demoDrawAfterSeconds !== null &&
          Date.now() - issue.drawAt.getTime() >= this.demoDrawAfterSeconds * 1000
        ) {
          result = houseDraw(def, issue.seed, issue.issueId);
          source = 'house_demo';
        }
      }
      if (!result) continue;
      const done = await this.db
        .update(lotteryIssues)
        .set({
          status: 'drawn',
          result,
          resultSource: source,
          drawnAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(lotteryIssues.id, issue.id), eq(lotteryIssues.status, 'closed')))
        .returning({ id: lotteryIssues.id });
      drawn += done.length;
    }
    return { closed: closed.length, drawn };
  }

  private async issueRow(id: string, db: DbOrTx = this.db, lock = false) {
    const q = db.select().from(lotteryIssues).where(eq(lotteryIssues.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new AppError('not_found', 'No such issue');
    return row;
  }

  /** An operator enters the result of a feed game's issue; it waits for a second operator. */
  async enterResult(
    operatorId: string,
    body: { gameCode: string; issueId: string; result: LotteryResult },
  ) {
    const def = lotteryGame(body.gameCode);
    if (houseDrawn(def))
      throw new AppError('conflict', 'The house draws this game: its results are not entered');
    const problems = validateResult(def, body.result);
    if (body.result.kind === 'cancelled' || problems.length > 0)
      throw new AppError(
        'request_param_err',
        'Invalid result',
        problems.length
          ? problemFields(problems, 'result')
          : [{ path: 'result.kind', code: 'invalid', message: 'cancel the issue instead' }],
      );
    const issue = await this.hall.issueByNumero(body.gameCode, body.issueId);
    return this.db.transaction(async (tx) => {
      const locked = await this.issueRow(issue.id, tx, true);
      this.checkAwaitingResult(locked);
      await tx
        .update(lotteryResultEntries)
        .set({ status: 'superseded' })
        .where(
          and(
            eq(lotteryResultEntries.issueRowId, issue.id),
            eq(lotteryResultEntries.status, 'pending'),
          ),
        );
      const [entry] = await tx
        .insert(lotteryResultEntries)
        .values({
          id: randomUUID(),
          issueRowId: issue.id,
          result: body.result,
          status: 'pending',
          enteredBy: operatorId,
        })
        .returning();
      return { entry: entryWire(entry!, locked), issue: issueWire(locked) };
    });
  }

  private checkAwaitingResult(issue: IssueRow) {
    const closed =
      issue.status === 'closed' || (issue.status === 'open' && issue.closesAt <= new Date());
    if (!closed)
      throw new AppError(
        'conflict',
        issue.status === 'open'
          ? 'Betting on this issue is still open'
          : `This issue is already ${issue.status}`,
      );
  }

  /** A second, different operator confirms an entered result: the issue is drawn with it. */
  async confirmResult(operatorId: string, entryId: string) {
    return this.db.transaction(async (tx) => {
      const [entry] = await tx
        .select()
        .from(lotteryResultEntries)
        .where(eq(lotteryResultEntries.id, entryId))
        .for('update');
      if (!entry) throw new AppError('not_found', 'No such result entry');
      if (entry.status !== 'pending')
        throw new AppError('conflict', `This entry is ${entry.status}`);
      if (entry.enteredBy === operatorId) throw new AppError('lottery_same_operator');
      const issue = await this.issueRow(entry.issueRowId, tx, true);
      this.checkAwaitingResult(issue);
      const [confirmed] = await tx
        .update(lotteryResultEntries)
        .set({ status: 'confirmed', confirmedBy: operatorId, confirmedAt: sql`now()` })
        .where(eq(lotteryResultEntries.id, entryId))
        .returning();
      const [drawn] = await tx
        .update(lotteryIssues)
        .set({
          status: 'drawn',
          result: entry.result,
          resultSource: 'operator',
          closedAt: sql`coalesce(${lotteryIssues.closedAt}, now())`,
          drawnAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(lotteryIssues.id, issue.id))
        .returning();
      return { entry: entryWire(confirmed!, drawn!), issue: issueWire(drawn!) };
    });
  }

  /** Cancels an issue not drawn yet; settlement refunds every bet on it. */
  async cancelIssue(operatorId: string, issueRowId: string) {
    return this.db.transaction(async (tx) => {
      const issue = await this.issueRow(issueRowId, tx, true);
      if (issue.status !== 'open' && issue.status !== 'closed')
        throw new AppError('conflict', `This issue is already ${issue.status}`);
      const [row] = await tx
        .update(lotteryIssues)
        .set({
          status: 'cancelled',
          result: { kind: 'cancelled' },
          cancelledBy: operatorId,
          closedAt: sql`coalesce(${lotteryIssues.closedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(eq(lotteryIssues.id, issueRowId))
        .returning();
      return { issue: issueWire(row!) };
    });
  }
}
