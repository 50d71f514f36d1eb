import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  betCost,
  settleBet,
  type Bet,
  type GameDefinition,
  type LotteryResult,
  type Settlement,
} from '@taya/games';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { refundBets } from './betting';
import { LotteryPart } from './context';
import { lotteryGame, outcomeStatus, type IssueRow, type SettleHooks } from './model';
import { issueRoundId } from './rounds';
import { lotteryBets, lotteryChases, lotteryIssues } from './schema';

/**
 * Settlement of a drawn or cancelled issue's bets, exactly once each: payouts and refunds through
 * the wagering kernel, whose settled-bet stream writes bet records and withdrawal turnover in the
 * same transaction.
 */
export class LotterySettlement extends LotteryPart {
  /** Settles every drawn or cancelled issue that still has pending bets. */
  async settleDue(options: { batchSize?: number } = {}) {
    const due = await this.db
      .select({ id: lotteryIssues.id })
      .from(lotteryIssues)
      .where(
        sql`${lotteryIssues.status} = 'drawn'
          or (${lotteryIssues.status} = 'cancelled' and ${lotteryIssues.settledAt} is null)`,
      )
      .orderBy(asc(lotteryIssues.drawAt))
      .limit(100);
    let bets = 0;
    for (const issue of due) bets += (await this.settleIssue(issue.id, options)).settled;
    return { issues: due.length, bets };
  }

  /**
   * Settles the pending bets of a drawn (or cancelled: refunded) issue in batches. Each batch is
   * one transaction: its bets' rows are locked, the bets marked, and their kernel bets settled
   * (one wallet entry per merchant and batch) or voided; so a crash loses at most an uncommitted
   * batch, and a rerun settles what is still pending, once.
   */
  async settleIssue(
    issueRowId: string,
    options: { batchSize?: number; workers?: number; hooks?: SettleHooks } = {},
  ): Promise<{ settled: number; paid: bigint }> {
    const [issue] = await this.db
      .select()
      .from(lotteryIssues)
      .where(eq(lotteryIssues.id, issueRowId));
    if (!issue) throw new AppError('not_found', 'No such issue');
    if (issue.status !== 'drawn' && issue.status !== 'cancelled') return { settled: 0, paid: 0n };
    const def = lotteryGame(issue.gameCode);
    const result: LotteryResult =
      issue.status === 'cancelled' ? { kind: 'cancelled' } : issue.result!;
    const batchSize = options.batchSize ?? 5000;
    let settled = 0;
    let paid = 0n;
    let next = 0;
    let failed = false;
    // Workers take batches side by side (skip locked keeps them apart); one failing stops all.
    const worker = async () => {
      while (!failed) {
        const batch = next++;
        try {
          const done = await this.db.transaction((tx) =>
            this.settleBatch(tx, issue, def, result, batchSize, batch, options.hooks),
          );
          settled += done.count;
          paid += done.paid;
          if (done.count < batchSize) return;
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: Math.max(1, options.workers ?? 2) }, worker),
    );
    const failure = outcomes.find((o) => o.status === 'rejected');
    if (failure) throw failure.reason;
    await this.db.execute(sql`
      update lottery_issues
      set status = case when status = 'drawn' then 'settled' else status end,
        settled_at = now(), updated_at = now()
      where id = ${issueRowId} and status in ('drawn', 'cancelled') and settled_at is null
        and not exists (
          select 1 from lottery_bets where issue_row_id = ${issueRowId} and status = 'pending')`);
    return { settled, paid };
  }

  private async settleBatch(
    tx: Tx,
    issue: IssueRow,
    def: GameDefinition,
    result: LotteryResult,
    batchSize: number,
    batch: number,
    hooks?: SettleHooks,
  ): Promise<{ count: number; paid: bigint }> {
    // Another worker settling the same issue takes other rows (skip locked).
    const { rows } = (await tx.execute(sql`
      select id, account_id, merchant_code, currency, bet_type, selection, positions,
        unit_stake::text as unit_stake, units, cost::text as cost, chase_id,
        created_at::text as created_at
      from lottery_bets
      where issue_row_id = ${issue.id} and status = 'pending'
      order by id
      limit ${batchSize}
      for update skip locked`)) as {
      rows: {
        id: string;
        account_id: string;
        merchant_code: string;
        currency: string;
        bet_type: string;
        selection: string[] | string;
        positions: number[] | string | null;
        unit_stake: string;
        units: number;
        cost: string;
        chase_id: string | null;
        created_at: string;
      }[];
    };
    if (rows.length === 0) return { count: 0, paid: 0n };
    const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
    const settledBets = rows.map((r) => {
      const positions = r.positions === null ? null : json<number[]>(r.positions);
      const bet: Bet = {
        type: r.bet_type,
        selection: json<string[]>(r.selection),
        ...(positions ? { positions } : {}),
        unitStake: BigInt(r.unit_stake),
        units: r.units,
      };
      let settlement: Settlement;
      try {
        settlement = settleBet(def, bet, result);
      } catch {
        // A bet the rules can no longer read (they changed since it was placed) is refunded.
        settlement = { outcome: 'refund', payout: betCost(bet), hits: [] };
      }
      return { row: r, cost: BigInt(r.cost), settlement };
    });
    const paid = settledBets.reduce((sum, s) => sum + s.settlement.payout, 0n);
    const ids = settledBets.map((s) => s.row.id);
    const statuses = settledBets.map((s) => outcomeStatus[s.settlement.outcome]);
    const payouts = settledBets.map((s) => s.settlement.payout.toString());
    const hits = settledBets.map((s) => JSON.stringify(s.settlement.hits));
    const updated = (await tx.execute(sql`
      update lottery_bets b
      set status = x.status, payout = x.payout, hits = x.hits::jsonb, settled_at = now()
      from unnest(
        ${sql.param(ids)}::text[], ${sql.param(statuses)}::text[],
        ${sql.param(payouts)}::text[]::bigint[], ${sql.param(hits)}::text[]
      ) as x(id, status, payout, hits)
      where b.id = x.id and b.status = 'pending'
      returning b.id`)) as { rows: unknown[] };
    if (updated.rows.length !== ids.length) throw new Error('a locked lottery bet changed');
    // The issue's row before any round's or account's (chase refunds and payouts below), as
    // betting locks them: issue, then rounds, then accounts, so none waits on another in a cycle.
    await tx
      .update(lotteryIssues)
      .set({
        settledCount: sql`${lotteryIssues.settledCount} + ${rows.length}`,
        paidTotal: sql`${lotteryIssues.paidTotal} + ${paid.toString()}::bigint`,
        updatedAt: sql`now()`,
      })
      .where(eq(lotteryIssues.id, issue.id));
    // Later issues' rounds (a stopped chase's refunds) before this issue's accounts are locked.
    await this.afterChaseBets(tx, issue, settledBets);
    // The money last, through the kernel, so the accounts' row locks are held only for the end of
    // the batch. Per merchant (its own round of the issue): one settle entry closing the batch's
    // bets with their payouts (0 for a loss), keyed by the batch's first bet, which no other batch
    // can start with once this commits; refunded bets are voided in one entry. The kernel's
    // settled-bet stream records each settled bet (a win or loss counts its cost as valid bet, a
    // push none) and the withdrawal turnover; a refunded bet leaves no record.
    const byMerchant = new Map<string, typeof settledBets>();
    for (const s of settledBets) {
      const list = byMerchant.get(s.row.merchant_code) ?? [];
      list.push(s);
      byMerchant.set(s.row.merchant_code, list);
    }
    const reference = { issueId: issue.issueId, gameCode: issue.gameCode };
    for (const merchantCode of [...byMerchant.keys()].sort()) {
      const list = byMerchant.get(merchantCode)!;
      const roundId = issueRoundId(issue.id, merchantCode);
      // The recovery job voided this round (its issue went unsettled past the recovery rule's
      // deadline): every stake went back already, so the bets are refunded with no more money.
      if ((await this.play.roundStatus(tx, roundId)) === 'void') {
        await tx
          .update(lotteryBets)
          .set({ status: 'refunded', payout: sql`${lotteryBets.cost}` })
          .where(
            inArray(
              lotteryBets.id,
              list.map((s) => s.row.id),
            ),
          );
        continue;
      }
      const settle = list.filter((s) => s.settlement.outcome !== 'refund');
      const refund = list.filter((s) => s.settlement.outcome === 'refund');
      const links: { ids: string[]; entryId: string | null }[] = [];
      if (settle.length > 0) {
        const done = await this.play.settleMany(tx, {
          roundId,
          key: `lottery:settle:${issue.id}:${settle[0]!.row.id}`,
          actor: 'system:lottery',
          type: 'lottery_settle',
          metadata: { ...reference, bets: settle.length },
          results: settle.map((s) => ({
            betId: s.row.id,
            payout: s.settlement.payout,
            validBet:
              s.settlement.outcome === 'win' || s.settlement.outcome === 'lose' ? s.cost : 0n,
            detail: { hits: s.settlement.hits },
          })),
        });
        if (done.settled.length !== settle.length) throw new Error('a lottery bet was settled');
        links.push({ ids: settle.map((s) => s.row.id), entryId: done.entryId });
      }
      if (refund.length > 0) {
        const done = await this.play.voidMany(tx, {
          roundId,
          betIds: refund.map((s) => s.row.id),
          key: `lottery:settle:${issue.id}:${refund[0]!.row.id}:refund`,
          actor: 'system:lottery',
          reason: issue.status === 'cancelled' ? 'issue cancelled' : 'bet no longer readable',
          type: 'lottery_settle',
        });
        if (done.replayed) throw new Error('a lottery bet was refunded');
        links.push({ ids: refund.map((s) => s.row.id), entryId: done.entryId });
      }
      for (const link of links) {
        await tx
          .update(lotteryBets)
          .set({ payoutEntryId: link.entryId })
          .where(inArray(lotteryBets.id, link.ids));
      }
    }
    await hooks?.afterPayouts?.(batch);
    return { count: rows.length, paid };
  }

  /**
   * A chase that stops on a win has its later bets cancelled and refunded; a chase whose bets are
   * all settled is completed.
   */
  private async afterChaseBets(
    tx: Tx,
    issue: IssueRow,
    settledBets: { row: { id: string; chase_id: string | null }; settlement: Settlement }[],
  ) {
    const chaseIds = [...new Set(settledBets.map((s) => s.row.chase_id).filter((c) => c !== null))];
    if (chaseIds.length === 0) return;
    const won = new Set(
      settledBets
        .filter((s) => s.row.chase_id && s.settlement.outcome === 'win')
        .map((s) => s.row.chase_id!),
    );
    const stopping = won.size
      ? await tx
          .update(lotteryChases)
          .set({ status: 'stopped', finishedAt: sql`now()` })
          .where(
            and(
              inArray(lotteryChases.id, [...won]),
              eq(lotteryChases.stopOnWin, true),
              eq(lotteryChases.status, 'active'),
            ),
          )
          .returning({ id: lotteryChases.id })
      : [];
    if (stopping.length > 0) {
      const later = await tx
        .select({ bet: lotteryBets })
        .from(lotteryBets)
        .innerJoin(lotteryIssues, eq(lotteryIssues.id, lotteryBets.issueRowId))
        .where(
          and(
            inArray(
              lotteryBets.chaseId,
              stopping.map((s) => s.id),
            ),
            eq(lotteryBets.status, 'pending'),
            sql`${lotteryIssues.drawAt} > ${issue.drawAt.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(lotteryBets.id))
        .for('update', { of: lotteryBets });
      await refundBets(
        this,
        tx,
        later.map((l) => l.bet),
        'lottery_chase_refund',
        'system:lottery',
      );
    }
    await tx.execute(sql`
      update lottery_chases c set status = 'completed', finished_at = now()
      where c.id = any(${sql.param(chaseIds)}::text[]) and c.status = 'active'
        and not exists (
          select 1 from lottery_bets b where b.chase_id = c.id and b.status = 'pending')`);
  }
}
