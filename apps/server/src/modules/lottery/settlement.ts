import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MerchantInfo } from '@taya/contracts';
import {
  betCost,
  settleBet,
  type Bet,
  type GameDefinition,
  type LotteryResult,
  type Settlement,
} from '@taya/games';
import type { DbOrTx, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { Ledger, type EntryInput } from '../wallet';
import { refundBets } from './betting';
import { LotteryPart } from './context';
import {
  lotteryGame,
  lotteryVendorCode,
  outcomeStatus,
  type IssueRow,
  type SettleHooks,
} from './model';
import { lotteryBets, lotteryChases, lotteryIssues } from './schema';

/**
 * Settlement of a drawn or cancelled issue's bets, exactly once each: payouts through the
 * ledger, bet records and withdrawal turnover written in the same transaction.
 */
export class LotterySettlement extends LotteryPart {
  private readonly catalogIds = new Map<string, { id: string; gameType: string }>();

  /** The catalog game a merchant lists a lottery game as (its bet records name it). */
  private async catalogId(merchantCode: string, gameCode: string, db: DbOrTx) {
    const key = `${merchantCode}:${gameCode}`;
    const known = this.catalogIds.get(key);
    if (known) return known;
    const row = await this.games.catalogEntry(merchantCode, lotteryVendorCode, gameCode, db);
    const found = row ?? {
      id: `${merchantCode}-${lotteryVendorCode}-${gameCode}`,
      gameType: lotteryGame(gameCode).family === 'ELOTT' ? 'ELOTT' : 'LOTT',
    };
    this.catalogIds.set(key, found);
    return found;
  }

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
   * one transaction: its bets' rows are locked, their payouts posted through the ledger (one
   * entry per merchant and batch), and the bets and their bet records marked; so a crash loses at
   * most an uncommitted batch, and a rerun settles what is still pending, once.
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
    // Merchants are read before the transactions (their settings are cached with an expiry).
    const codes = await this.db
      .selectDistinct({ code: lotteryBets.merchantCode })
      .from(lotteryBets)
      .where(and(eq(lotteryBets.issueRowId, issueRowId), eq(lotteryBets.status, 'pending')));
    const merchants = new Map<string, MerchantInfo>();
    for (const { code } of codes) merchants.set(code, await this.merchant(code));
    let next = 0;
    let failed = false;
    // Workers take batches side by side (skip locked keeps them apart); one failing stops all.
    const worker = async () => {
      while (!failed) {
        const batch = next++;
        try {
          const done = await this.db.transaction((tx) =>
            this.settleBatch(tx, issue, def, result, batchSize, batch, merchants, options.hooks),
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
    merchants: ReadonlyMap<string, MerchantInfo>,
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
    // The payouts: one balanced entry per merchant and batch, crediting each member the sum of
    // their bets' payouts and debiting the house shards. A batch's entry and its bets' new
    // statuses commit together or not at all, so each bet is paid exactly once; the entry's key
    // names the batch by its first bet, which no other batch can start with once this commits.
    const reference = `${lotteryVendorCode}:${issue.gameCode}:${issue.issueId}`;
    const byMerchant = new Map<string, typeof settledBets>();
    for (const s of settledBets) {
      if (s.settlement.payout === 0n) continue;
      const list = byMerchant.get(s.row.merchant_code) ?? [];
      list.push(s);
      byMerchant.set(s.row.merchant_code, list);
    }
    const entryIds = new Map<string, string>();
    const entries: {
      input: EntryInput;
      prepared: ReturnType<Ledger['prepare']>;
    }[] = [];
    for (const [merchantCode, paidBets] of byMerchant) {
      const merchant = merchants.get(merchantCode)!;
      const amounts = new Map<string, bigint>();
      const add = (account: string, amount: bigint) =>
        amounts.set(account, (amounts.get(account) ?? 0n) + amount);
      for (const s of paidBets) {
        // Opened when the bets were placed: read once and cached by the ledger.
        add(await this.cashAccount(merchant, s.row.account_id, tx), s.settlement.payout);
        add(
          await this.wallet.houseAccount(merchantCode, merchant.currency, s.row.account_id, tx),
          -s.settlement.payout,
        );
      }
      const input = {
        merchantCode,
        idempotencyKey: `lottery:settle:${issue.id}:${paidBets[0]!.row.id}`,
        type: 'lottery_settle' as const,
        actor: 'system:lottery',
        reference,
        metadata: {
          issueId: issue.issueId,
          gameCode: issue.gameCode,
          bets: paidBets.length,
          firstBetId: paidBets[0]!.row.id,
          lastBetId: paidBets.at(-1)!.row.id,
        },
        postings: [...amounts]
          .filter(([, amount]) => amount !== 0n)
          .map(([accountId, amount]) => ({ accountId, amount })),
      };
      const prepared = this.wallet.ledger.prepare(input);
      entries.push({ input, prepared });
      for (const s of paidBets) entryIds.set(s.row.id, prepared.entryId);
    }
    const paid = settledBets.reduce((sum, s) => sum + s.settlement.payout, 0n);
    const ids = settledBets.map((s) => s.row.id);
    const statuses = settledBets.map((s) => outcomeStatus[s.settlement.outcome]);
    const payouts = settledBets.map((s) => s.settlement.payout.toString());
    const hits = settledBets.map((s) => JSON.stringify(s.settlement.hits));
    const betEntries = settledBets.map((s) => entryIds.get(s.row.id) ?? null);
    const updated = (await tx.execute(sql`
      update lottery_bets b
      set status = x.status, payout = x.payout, hits = x.hits::jsonb,
        payout_entry_id = x.entry_id, settled_at = now()
      from unnest(
        ${sql.param(ids)}::text[], ${sql.param(statuses)}::text[],
        ${sql.param(payouts)}::text[]::bigint[], ${sql.param(hits)}::text[],
        ${sql.param(betEntries)}::text[]
      ) as x(id, status, payout, hits, entry_id)
      where b.id = x.id and b.status = 'pending'
      returning b.id`)) as { rows: unknown[] };
    if (updated.rows.length !== ids.length) throw new Error('a locked lottery bet changed');
    // A settled bet becomes a bet record (reports, VIP, points and commissions read those): a win
    // or loss counts its cost as valid bet, a push none; a refunded bet leaves no record.
    const validBets = settledBets.map((s) =>
      s.settlement.outcome === 'win' || s.settlement.outcome === 'lose' ? s.cost.toString() : '0',
    );
    const recorded = settledBets
      .map((s, i) => ({ s, valid: validBets[i]! }))
      .filter(({ s }) => s.settlement.outcome !== 'refund');
    if (recorded.length > 0) {
      // One lookup per merchant, one after another: a transaction's client runs one query at a time.
      const idOf = new Map<string, Awaited<ReturnType<typeof this.catalogId>>>();
      for (const { s } of recorded) {
        const code = s.row.merchant_code;
        if (!idOf.has(code)) idOf.set(code, await this.catalogId(code, issue.gameCode, tx));
      }
      await this.games.recordSettledBets(
        tx,
        recorded.map(({ s, valid }) => {
          const catalog = idOf.get(s.row.merchant_code)!;
          return {
            id: `lott-${s.row.id}`,
            merchantCode: s.row.merchant_code,
            accountId: s.row.account_id,
            vendorCode: lotteryVendorCode,
            gameId: catalog.id,
            gameType: catalog.gameType,
            roundId: s.row.id,
            currency: s.row.currency,
            stake: s.cost,
            validBet: BigInt(valid),
            payout: s.settlement.payout,
            placedAt: s.row.created_at,
          };
        }),
      );
    }
    // Withdrawal turnover, for the members who have some to progress.
    const turnover = new Map<string, bigint>();
    settledBets.forEach((s, i) => {
      const v = BigInt(validBets[i]!);
      if (v > 0n) turnover.set(s.row.account_id, (turnover.get(s.row.account_id) ?? 0n) + v);
    });
    if (turnover.size > 0) {
      const open = await this.turnover.owing([...turnover.keys()], tx);
      for (const [accountId, amount] of turnover)
        if (open.has(accountId)) await this.turnover.record(accountId, amount, tx);
    }
    await this.afterChaseBets(tx, issue, settledBets, merchants);
    // The money last, so the accounts' row locks are held only for the end of the batch (a
    // second worker settling the same issue does its own batch meanwhile). `ledger_post` is the
    // ledger's own function, with the entry `prepare` checked; its id is the one the bets name.
    for (const { input, prepared } of entries) {
      const { rows: posted } = (await tx.execute(sql`
        select status, entry_id, detail from ledger_post(
          ${prepared.entryId}::text, ${input.merchantCode}::text, ${input.idempotencyKey}::text,
          ${prepared.hash}::text, ${input.type}::text, ${input.actor}::text,
          ${input.reference}::text, null::text, null::text,
          ${JSON.stringify(input.metadata)}::jsonb,
          ${sql.param(prepared.accountIds)}::text[],
          ${sql.param(prepared.amounts)}::text[]::bigint[])`)) as {
        rows: { status: string; entry_id: string | null; detail: string | null }[];
      };
      // A replay would name another entry than the bets do: the batch is refused whole.
      if (posted[0]?.status !== 'posted')
        throw Ledger.refusal(posted[0]?.status, posted[0]?.detail);
    }
    await hooks?.afterPayouts?.(batch);
    await tx
      .update(lotteryIssues)
      .set({
        settledCount: sql`${lotteryIssues.settledCount} + ${rows.length}`,
        paidTotal: sql`${lotteryIssues.paidTotal} + ${paid.toString()}::bigint`,
        updatedAt: sql`now()`,
      })
      .where(eq(lotteryIssues.id, issue.id));
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
    merchants: ReadonlyMap<string, MerchantInfo>,
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
        merchants,
      );
    }
    await tx.execute(sql`
      update lottery_chases c set status = 'completed', finished_at = now()
      where c.id = any(${sql.param(chaseIds)}::text[]) and c.status = 'active'
        and not exists (
          select 1 from lottery_bets b where b.chase_id = c.id and b.status = 'pending')`);
  }
}
