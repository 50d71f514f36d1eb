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
import type { PlaceBet } from '../play';
import { LotteryPart, type LotteryDeps } from './context';
import type { LotteryHall } from './hall';
import { problemFields, type BetRow } from './model';
import { issueRoundId, LotteryRounds } from './rounds';
import { lotteryBets, lotteryChases, lotteryIssues, type LotteryBetStatus } from './schema';
import { betWire, chaseWire } from './wire';

type ChaseRow = typeof lotteryChases.$inferSelect;

/** Bets and chases: placing them (held through the kernel), listing and cancelling them. */
export class LotteryBetting extends LotteryPart {
  private readonly rounds = new LotteryRounds(this);

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
      request: rows.length
        ? placedRequest(
            rows.map((r) => r.bet),
            chases,
          )
        : null,
    };
  }

  /**
   * Places bets on the open issue of a game (and, for a chase, the next issues), checked by the
   * rules, the per-issue limit and the balance, and held through the kernel, all in one
   * transaction. The same `requestId` answers with the bets it placed the first time; with other
   * content (game, issue, bets, chase) it is refused with `idempotency_conflict`.
   */
  async placeBets(merchantCode: string, accountId: string, body: PlaceLotteryBets) {
    const merchant = await this.merchant(merchantCode);
    const { row: game, def } = await this.hall.catalogGame(merchant.merchantCode, body.gameCode);
    if (game.maintenance) throw new AppError('game_maintenance');
    const bets = this.parseBets(body, merchant.currencyScale);
    const scale = merchant.currencyScale;
    return this.db.transaction(async (tx) => {
      await this.lock(tx, `lottery:request:${accountId}:${body.requestId}`);
      const earlier = await this.placedBy(accountId, body.requestId, scale, tx);
      if (earlier.request) {
        if (!sameRequest(askedRequest(body, bets), earlier.request))
          throw new AppError('idempotency_conflict', 'This requestId placed other bets');
        return this.placedAnswer(earlier, merchant, accountId, tx);
      }
      const count = body.chase ? body.chase.issues : 1;
      // The issues stay open until this transaction ends: closing one waits for it. Their rows are
      // locked first, as strongly as the bet counts' update below needs (a share lock upgraded
      // later deadlocks two bets on one issue), so every bet locks its issues, then accounts.
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
        .for('no key update');
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
      // Each issue's shared kernel round (this merchant's), found or opened after the issue's lock.
      const roundOf = await this.rounds.open(tx, merchant, def, issues);
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
      const stakes: PlaceBet[] = [];
      let seq = 0;
      for (const [n, issue] of issues.entries()) {
        for (const [i, plan] of plans.entries()) {
          const { bet, cost } = plan.entries[n]!;
          // The kernel's bet has the lottery bet's id: one links to the other.
          const id = randomUUID();
          stakes.push({
            id,
            roundId: roundOf.get(issue.id)!,
            merchantCode: merchant.merchantCode,
            currency: merchant.currency,
            player: accountId,
            stake: cost,
            key: `lottery:debit:${accountId}:${body.requestId}:${seq}`,
            actor: `member:${accountId}`,
            detail: {
              gameCode: def.code,
              issueId: issue.issueId,
              requestId: body.requestId,
              type: bet.type,
              selection: [...bet.selection],
              positions: bet.positions ? [...bet.positions] : null,
              unitStake: bet.unitStake.toString(),
              units: bet.units,
            },
          });
          betRows.push({
            id,
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
            debitEntryId: '',
            chaseId: chaseRows[i]?.id ?? null,
          });
        }
      }
      // Every stake held through the kernel in this transaction (rounds, then accounts).
      const held = await this.play.placeMany(tx, { bets: stakes, type: 'lottery_bet' });
      const holdOf = new Map(held.bets.map((b) => [b.id, b.holdId]));
      for (const row of betRows) row.debitEntryId = holdOf.get(row.id)!;
      await tx.insert(lotteryBets).values(betRows);
      for (const issue of issues) {
        const n = betRows.filter((b) => b.issueRowId === issue.id).length;
        await tx
          .update(lotteryIssues)
          .set({ betCount: sql`${lotteryIssues.betCount} + ${n}` })
          .where(eq(lotteryIssues.id, issue.id));
      }
      const placed = await this.placedBy(accountId, body.requestId, scale, tx);
      return this.placedAnswer(placed, merchant, accountId, tx);
    });
  }

  private async placedAnswer(
    placed: { bets: LotteryBet[]; chases: LotteryChase[]; total: bigint },
    merchant: MerchantInfo,
    accountId: string,
    tx: Tx,
  ) {
    return {
      bets: placed.bets,
      chases: placed.chases,
      totalCost: minorToDecimal(placed.total, merchant.currencyScale),
      balance: minorToDecimal(
        await this.cashBalance(merchant, accountId, tx),
        merchant.currencyScale,
      ),
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

  /** Cancels one of the caller's bets before its issue closes, refunding it through the kernel. */
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
      await refundBets(this, tx, [bet], 'lottery_cancel', `member:${accountId}`);
      const [row] = await tx.select().from(lotteryBets).where(eq(lotteryBets.id, bet.id));
      return {
        bet: betWire(row!, issue.drawAt, merchant.currencyScale),
        balance: minorToDecimal(
          await this.cashBalance(merchant, accountId, tx),
          merchant.currencyScale,
        ),
      };
    });
  }
}

/**
 * Refunds pending bets through the kernel: each issue's bets are voided together (one wallet
 * entry per issue round, keyed `lottery:<type>:<first bet id>`), every stake returning to its
 * player, and the bets are marked cancelled. The caller holds the bets' row locks.
 */
export async function refundBets(
  part: LotteryPart,
  tx: Tx,
  rows: BetRow[],
  type: LedgerEntryType,
  actor: string,
) {
  const byRound = new Map<string, BetRow[]>();
  for (const bet of rows) {
    const roundId = issueRoundId(bet.issueRowId, bet.merchantCode);
    byRound.set(roundId, [...(byRound.get(roundId) ?? []), bet]);
  }
  // Every round first (in id order), then the accounts, as placing takes them.
  await part.play.lockRounds(tx, [...byRound.keys()]);
  for (const [roundId, list] of [...byRound].sort(([a], [b]) => a.localeCompare(b))) {
    const voided = await part.play.voidMany(tx, {
      roundId,
      betIds: list.map((b) => b.id),
      key: `lottery:${type}:${list[0]!.id}`,
      actor,
      reason: type,
      type,
    });
    await tx
      .update(lotteryBets)
      .set({
        status: 'cancelled',
        payout: sql`${lotteryBets.cost}`,
        payoutEntryId: voided.entryId,
        settledAt: new Date(),
      })
      .where(
        and(
          inArray(
            lotteryBets.id,
            list.map((b) => b.id),
          ),
          eq(lotteryBets.status, 'pending'),
        ),
      );
  }
}

/** What makes two placing requests the same: game, issue, each bet in order, and the chase. */
interface PlacingRequest {
  gameCode: string;
  /** The issue named (null: the open one), or for placed bets the issue they went on first. */
  issueId: string | null;
  bets: {
    type: string;
    selection: string[];
    positions: number[] | null;
    unitStake: string;
    units: number;
  }[];
  chase: { issues: number; stopOnWin: boolean; multipliers: number[] } | null;
}

/** A request as asked, amounts in minor units and defaults filled in. */
function askedRequest(body: PlaceLotteryBets, bets: Bet[]): PlacingRequest {
  return {
    gameCode: body.gameCode,
    issueId: body.issueId ?? null,
    bets: bets.map((b) => ({
      type: b.type,
      selection: [...b.selection],
      positions: b.positions ? [...b.positions] : null,
      unitStake: b.unitStake.toString(),
      units: b.units,
    })),
    chase: body.chase
      ? {
          issues: body.chase.issues,
          stopOnWin: body.chase.stopOnWin,
          multipliers: body.chase.multipliers ?? Array.from({ length: body.chase.issues }, () => 1),
        }
      : null,
  };
}

/** The request that placed these bets (in order) and chases, read back from their rows. */
function placedRequest(rows: BetRow[], chases: ChaseRow[]): PlacingRequest {
  const first = rows[0]!;
  const chase = chases.find((c) => c.id === first.chaseId);
  const multiplier = chase?.multipliers[0] ?? 1;
  return {
    gameCode: first.gameCode,
    issueId: first.issueId,
    bets: rows
      .filter((r) => r.issueRowId === first.issueRowId)
      .map((r) => ({
        type: r.betType,
        selection: [...r.selection],
        positions: r.positions ? [...r.positions] : null,
        unitStake: r.unitStake.toString(),
        units: r.units / multiplier,
      })),
    chase: chase
      ? {
          issues: chase.issueIds.length,
          stopOnWin: chase.stopOnWin,
          multipliers: [...chase.multipliers],
        }
      : null,
  };
}

/**
 * Whether a retried request asks for what the first one placed, compared canonically. The issue
 * counts only when the retry names one: naming the issue the bets went on is the same request.
 */
function sameRequest(asked: PlacingRequest, placed: PlacingRequest) {
  const key = (r: PlacingRequest) => JSON.stringify([r.gameCode, r.issueId, r.bets, r.chase]);
  return key({ ...asked, issueId: asked.issueId ?? placed.issueId }) === key(placed);
}
