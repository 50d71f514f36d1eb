import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  parseAmount,
  type LotteryBet,
  type LotteryChase,
  type MerchantInfo,
  type PlaceLotteryBets,
  type LedgerEntryType,
} from '@taya/contracts';
import { chasePlan, validateBet, type Bet } from '@taya/games';
import type { DbOrTx, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { LotteryPart, type LotteryDeps } from './context';
import type { LotteryHall } from './hall';
import { lotteryVendorCode, problemFields, type BetRow } from './model';
import { lotteryBets, lotteryChases, lotteryIssues, type LotteryBetStatus } from './schema';
import { betWire, chaseWire } from './wire';

/** Bets and chases: placing them (debited through the ledger), listing and cancelling them. */
export class LotteryBetting extends LotteryPart {
  constructor(
    deps: LotteryDeps,
    private readonly hall: LotteryHall,
  ) {
    super(deps);
  }

  private parseBets(body: PlaceLotteryBets, scale: number): Bet[] {
    return body.bets.map((b, i) => {
      const unitStake = parseAmount(b.unitStake, scale);
      if (unitStake === null || unitStake <= 0n)
        throw new AppError('request_param_err', 'Invalid stake', [
          { path: `bets.${i}.unitStake`, code: 'invalid', message: 'A positive amount' },
        ]);
      return {
        type: b.type,
        selection: b.selection,
        ...(b.positions ? { positions: b.positions } : {}),
        unitStake,
        units: b.units,
      };
    });
  }

  /** The bets (and chases) a request placed, in order. */
  private async placedBy(accountId: string, requestId: string, scale: number, db: DbOrTx) {
    const rows = await db
      .select({ bet: lotteryBets, drawAt: lotteryIssues.drawAt })
      .from(lotteryBets)
      .innerJoin(lotteryIssues, eq(lotteryIssues.id, lotteryBets.issueRowId))
      .where(and(eq(lotteryBets.accountId, accountId), eq(lotteryBets.requestId, requestId)))
      .orderBy(asc(lotteryBets.seq));
    const chaseIds = [...new Set(rows.map((r) => r.bet.chaseId).filter((c) => c !== null))];
    const chases = chaseIds.length
      ? await db.select().from(lotteryChases).where(inArray(lotteryChases.id, chaseIds))
      : [];
    return {
      bets: rows.map((r) => betWire(r.bet, r.drawAt, scale)),
      chases: chases.map((c) => chaseWire(c, scale)),
      total: rows.reduce((sum, r) => sum + r.bet.cost, 0n),
    };
  }

  /**
   * Places bets on the open issue of a game (and, for a chase, the next issues), checked by the
   * rules, the per-issue limit and the balance, and debited through the ledger, all in one
   * transaction. The same `requestId` answers with the bets it placed the first time.
   */
  async placeBets(merchantCode: string, accountId: string, body: PlaceLotteryBets) {
    const merchant = await this.merchant(merchantCode);
    const { row: game, def } = await this.hall.catalogGame(merchant.merchantCode, body.gameCode);
    if (game.maintenance) throw new AppError('game_maintenance');
    const bets = this.parseBets(body, merchant.currencyScale);
    const scale = merchant.currencyScale;
    // Open the accounts outside the transaction, so they are known (and cached) for good.
    const cash = await this.cashAccount(merchant, accountId);
    const house = await this.wallet.houseAccount(
      merchant.merchantCode,
      merchant.currency,
      accountId,
    );
    return this.db.transaction(async (tx) => {
      await this.lock(tx, `lottery:request:${accountId}:${body.requestId}`);
      const earlier = await this.placedBy(accountId, body.requestId, scale, tx);
      if (earlier.bets.length > 0) {
        if (earlier.bets[0]!.gameCode !== body.gameCode)
          throw new AppError('idempotency_conflict', 'This requestId placed other bets');
        return this.placedAnswer(earlier, merchant, cash, tx);
      }
      const count = body.chase ? body.chase.issues : 1;
      // The issues stay open until this transaction ends: closing one waits for it.
      const issues = await tx
        .select()
        .from(lotteryIssues)
        .where(
          and(
            eq(lotteryIssues.gameCode, def.code),
            eq(lotteryIssues.status, 'open'),
            sql`${lotteryIssues.closesAt} > now()`,
          ),
        )
        .orderBy(asc(lotteryIssues.drawAt))
        .limit(count)
        .for('share');
      const first = issues[0];
      if (!first || (body.issueId && first.issueId !== body.issueId))
        throw new AppError('lottery_closed');
      if (issues.length < count)
        throw new AppError('request_param_err', 'Not enough issues are open for this chase', [
          {
            path: 'chase.issues',
            code: 'too_big',
            message: `at most ${issues.length} issues are open for betting`,
          },
        ]);
      // Each bet becomes its plan over the issues (one issue without a chase).
      const plans = bets.map((bet, i) => {
        try {
          return chasePlan(
            bet,
            issues.map((s) => s.issueId),
            {
              stopOnWin: body.chase?.stopOnWin ?? false,
              ...(body.chase?.multipliers ? { multipliers: body.chase.multipliers } : {}),
            },
          );
        } catch (err) {
          throw new AppError('request_param_err', (err as Error).message, [
            {
              path: body.chase ? 'chase.multipliers' : `bets.${i}`,
              code: 'invalid',
              message: (err as Error).message,
            },
          ]);
        }
      });
      // Per issue: what this player already staked, then every new bet against the limits.
      for (const [n, issue] of issues.entries()) {
        await this.lock(tx, `lottery:stake:${accountId}:${issue.id}`);
        const [row] = await tx
          .select({ sum: sql<string>`coalesce(sum(${lotteryBets.cost}), 0)::text` })
          .from(lotteryBets)
          .where(
            and(
              eq(lotteryBets.issueRowId, issue.id),
              eq(lotteryBets.accountId, accountId),
              eq(lotteryBets.status, 'pending'),
            ),
          );
        let staked = BigInt(row?.sum ?? '0');
        for (const [i, plan] of plans.entries()) {
          const entry = plan.entries[n]!;
          const problems = validateBet(def, entry.bet, { stakedThisIssue: staked });
          if (problems.some((p) => p.code === 'ABOVE_ISSUE_LIMIT'))
            throw new AppError(
              'lottery_limit_exceeded',
              undefined,
              problemFields(problems, `bets.${i}`),
            );
          if (problems.length > 0)
            throw new AppError(
              'lottery_bet_invalid',
              problems.map((p) => p.message).join('; '),
              problemFields(problems, `bets.${i}`),
            );
          staked += entry.cost;
        }
      }
      const total = plans.reduce((sum, p) => sum + p.totalCost, 0n);
      const debit = await this.wallet.ledger.post(
        {
          merchantCode: merchant.merchantCode,
          idempotencyKey: `lottery:debit:${accountId}:${body.requestId}`,
          type: 'lottery_bet',
          actor: `member:${accountId}`,
          reference: `${lotteryVendorCode}:${def.code}:${first.issueId}`,
          metadata: { gameCode: def.code, requestId: body.requestId },
          postings: [
            { accountId: cash, amount: -total },
            { accountId: house, amount: total },
          ],
        },
        tx,
      );
      const chaseRows = body.chase
        ? plans.map((plan, i) => ({
            id: randomUUID(),
            accountId,
            merchantCode: merchant.merchantCode,
            gameCode: def.code,
            bet: {
              type: bets[i]!.type,
              selection: bets[i]!.selection,
              positions: bets[i]!.positions ?? null,
              unitStake: bets[i]!.unitStake.toString(),
              units: bets[i]!.units,
            },
            issueIds: plan.entries.map((e) => e.issueId),
            multipliers: body.chase!.multipliers ?? plan.entries.map(() => 1),
            stopOnWin: plan.stopOnWin,
            status: 'active' as const,
            totalCost: plan.totalCost,
          }))
        : [];
      if (chaseRows.length) await tx.insert(lotteryChases).values(chaseRows);
      const betRows: (typeof lotteryBets.$inferInsert)[] = [];
      let seq = 0;
      for (const [n, issue] of issues.entries()) {
        for (const [i, plan] of plans.entries()) {
          const { bet, cost } = plan.entries[n]!;
          betRows.push({
            id: randomUUID(),
            accountId,
            merchantCode: merchant.merchantCode,
            currency: merchant.currency,
            gameCode: def.code,
            issueRowId: issue.id,
            issueId: issue.issueId,
            betType: bet.type,
            selection: [...bet.selection],
            positions: bet.positions ? [...bet.positions] : null,
            unitStake: bet.unitStake,
            units: bet.units,
            cost,
            requestId: body.requestId,
            seq: seq++,
            debitEntryId: debit.entryId,
            chaseId: chaseRows[i]?.id ?? null,
          });
        }
      }
      await tx.insert(lotteryBets).values(betRows);
      for (const issue of issues) {
        const n = betRows.filter((b) => b.issueRowId === issue.id).length;
        await tx
          .update(lotteryIssues)
          .set({ betCount: sql`${lotteryIssues.betCount} + ${n}` })
          .where(eq(lotteryIssues.id, issue.id));
      }
      const placed = await this.placedBy(accountId, body.requestId, scale, tx);
      return this.placedAnswer(placed, merchant, cash, tx);
    });
  }

  private async placedAnswer(
    placed: { bets: LotteryBet[]; chases: LotteryChase[]; total: bigint },
    merchant: MerchantInfo,
    cash: string,
    tx: Tx,
  ) {
    return {
      bets: placed.bets,
      chases: placed.chases,
      totalCost: minorToDecimal(placed.total, merchant.currencyScale),
      balance: minorToDecimal(await this.wallet.ledger.balance(cash, tx), merchant.currencyScale),
    };
  }

  /** The caller's bets, newest first. */
  async myBets(
    merchantCode: string,
    accountId: string,
    query: {
      gameCode?: string | undefined;
      status?: LotteryBetStatus | undefined;
      pageNo: number;
      pageSize: number;
    },
  ) {
    const merchant = await this.merchant(merchantCode);
    const where = and(
      eq(lotteryBets.accountId, accountId),
      query.gameCode ? eq(lotteryBets.gameCode, query.gameCode) : undefined,
      query.status ? eq(lotteryBets.status, query.status) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ bet: lotteryBets, drawAt: lotteryIssues.drawAt })
        .from(lotteryBets)
        .innerJoin(lotteryIssues, eq(lotteryIssues.id, lotteryBets.issueRowId))
        .where(where)
        .orderBy(desc(lotteryBets.createdAt), asc(lotteryBets.seq))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(lotteryBets)
        .where(where),
    ]);
    const total = count?.n ?? 0;
    return {
      list: rows.map((r) => betWire(r.bet, r.drawAt, merchant.currencyScale)),
      pageNum: query.pageNo,
      totalPages: Math.ceil(total / query.pageSize),
      totalCount: total,
    };
  }

  /** Cancels one of the caller's bets before its issue closes, refunding it through the ledger. */
  async cancelBet(merchantCode: string, accountId: string, betId: string) {
    const merchant = await this.merchant(merchantCode);
    return this.db.transaction(async (tx) => {
      const [bet] = await tx
        .select()
        .from(lotteryBets)
        .where(and(eq(lotteryBets.id, betId), eq(lotteryBets.accountId, accountId)))
        .for('update');
      if (!bet) throw new AppError('not_found', 'No such bet');
      if (bet.status !== 'pending') throw new AppError('conflict', 'This bet is already settled');
      const [issue] = await tx
        .select()
        .from(lotteryIssues)
        .where(
          and(
            eq(lotteryIssues.id, bet.issueRowId),
            eq(lotteryIssues.status, 'open'),
            sql`${lotteryIssues.closesAt} > now()`,
          ),
        )
        .for('share');
      if (!issue) throw new AppError('lottery_closed');
      await refundBets(
        this,
        tx,
        [bet],
        'lottery_cancel',
        `member:${accountId}`,
        new Map([[merchant.merchantCode, merchant]]),
      );
      const [row] = await tx.select().from(lotteryBets).where(eq(lotteryBets.id, bet.id));
      const cash = await this.cashAccount(merchant, accountId, tx);
      return {
        bet: betWire(row!, issue.drawAt, merchant.currencyScale),
        balance: minorToDecimal(await this.wallet.ledger.balance(cash, tx), merchant.currencyScale),
      };
    });
  }
}

/**
 * Refunds pending bets through the ledger (one entry each, keyed `lottery:<betId>` like every
 * credit of a bet) and marks them and their bet records. The caller holds the bets' row locks.
 */
export async function refundBets(
  part: LotteryPart,
  tx: Tx,
  rows: BetRow[],
  type: LedgerEntryType,
  actor: string,
  merchants: ReadonlyMap<string, MerchantInfo>,
) {
  for (const bet of rows) {
    const merchant = merchants.get(bet.merchantCode);
    if (!merchant) throw new Error(`merchant ${bet.merchantCode} was not read before`);
    const cash = await part.cashAccount(merchant, bet.accountId, tx);
    const house = await part.wallet.houseAccount(
      merchant.merchantCode,
      merchant.currency,
      bet.accountId,
      tx,
    );
    const posted = await part.wallet.ledger.post(
      {
        merchantCode: bet.merchantCode,
        idempotencyKey: `lottery:${bet.id}`,
        type,
        actor,
        reference: `${lotteryVendorCode}:${bet.gameCode}:${bet.issueId}`,
        metadata: { betId: bet.id },
        postings: [
          { accountId: cash, amount: bet.cost },
          { accountId: house, amount: -bet.cost },
        ],
      },
      tx,
    );
    await tx
      .update(lotteryBets)
      .set({
        status: 'cancelled',
        payout: bet.cost,
        payoutEntryId: posted.entryId,
        settledAt: new Date(),
      })
      .where(and(eq(lotteryBets.id, bet.id), eq(lotteryBets.status, 'pending')));
  }
}
