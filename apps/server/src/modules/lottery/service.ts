import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  parseAmount,
  type LedgerEntryType,
  type LotteryBet,
  type LotteryChase,
  type LotteryIssue,
  type LotteryResultEntry,
  type MerchantInfo,
  type PlaceLotteryBets,
} from '@taya/contracts';
import {
  LOTTERY_GAMES,
  betCost,
  chasePlan,
  closesAt,
  commitmentOf,
  houseDraw,
  issueIdFor,
  newSeed,
  nextDraws,
  settleBet,
  validateBet,
  validateResult,
  verifyHouseDraw,
  type Bet,
  type GameDefinition,
  type LotteryProblem,
  type LotteryResult,
  type Settlement,
} from '@taya/games';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SystemService } from '../system/service';
import type { GamesService } from '../games/service';
import { games } from '../games/schema';
import { Ledger, type EntryInput } from '../wallet/ledger';
import { accountKinds, type WalletService } from '../wallet/service';
import {
  lotteryBets,
  lotteryChases,
  lotteryIssues,
  lotteryResultEntries,
  type LotteryBetStatus,
  type LotteryResultSource,
} from './schema';

/** The in-house lottery's vendor code: its games are the catalog's games of this vendor. */
export const lotteryVendorCode = 'LOTT';
/** Vendors whose ELOTT card switches the brand's prize mode to elott (SPEC §4). */
const prizeModeVendors = ['TCG_LOTTO_VN', 'LOTT'];

const definitions = new Map(LOTTERY_GAMES.map((g) => [g.code, g]));

/** The shipped game of this code, or a 404. */
export function lotteryGame(code: string): GameDefinition {
  const def = definitions.get(code);
  if (!def) throw new AppError('not_found', `No lottery game ${code}`);
  return def;
}

/** Fast e-lottery results are always the house's; the other families take a feed or operator. */
export const houseDrawn = (def: GameDefinition) => def.family === 'ELOTT';

type IssueRow = typeof lotteryIssues.$inferSelect;
type BetRow = typeof lotteryBets.$inferSelect;
type EntryRow = typeof lotteryResultEntries.$inferSelect;

/** A source of official results for the feed games; null while the draw has none yet. */
export type LotteryResultFeed = (
  def: GameDefinition,
  issueId: string,
  drawAt: Date,
) => Promise<LotteryResult | null>;

export interface LotteryOptions {
  /** Issues created ahead of now per game (a chase spans at most 50). */
  issuesAhead?: number;
  /**
   * How long after its draw a feed game waits for a feed or confirmed operator result before the
   * house draws a demo result (labelled `house_demo`); null never draws one.
   */
  demoDrawAfterSeconds?: number | null;
  /** Official results, when a feed is contracted. */
  feed?: LotteryResultFeed;
}

/** Hooks for tests that stop settlement midway, as a crash would. */
export interface SettleHooks {
  /** Called inside each batch's transaction after its payouts were posted, before it commits. */
  afterPayouts?: (batch: number) => void | Promise<void>;
}

const outcomeStatus: Record<Settlement['outcome'], LotteryBetStatus> = {
  win: 'won',
  lose: 'lost',
  push: 'push',
  refund: 'refunded',
};

function problemFields(problems: readonly LotteryProblem[], prefix: string) {
  return problems.map((p) => ({ path: `${prefix}.${p.field}`, code: p.code, message: p.message }));
}

/**
 * The lottery: issues created ahead on each game's schedule with a committed seed, bets checked
 * by the rules and debited through the ledger, the draw (house seed, feed, or an operator's
 * result confirmed by a second operator), and settlement of every bet of an issue exactly once.
 */
export class LotteryService {
  private readonly issuesAhead: number;
  private readonly demoDrawAfterSeconds: number | null;

  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly wallet: WalletService,
    private readonly games: Pick<GamesService, 'catalog'>,
    /** Called in the settling transaction with a member's valid bet (withdrawal turnover). */
    private readonly onTurnover: (accountId: string, validBet: bigint, tx: Tx) => Promise<void>,
    private readonly options: LotteryOptions = {},
  ) {
    this.issuesAhead = options.issuesAhead ?? 52;
    this.demoDrawAfterSeconds =
      options.demoDrawAfterSeconds === undefined ? 600 : options.demoDrawAfterSeconds;
  }

  private merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  // ---------------------------------------------------------------- wire shapes

  issueWire(row: IssueRow): LotteryIssue {
    return {
      id: row.id,
      gameCode: row.gameCode,
      issueId: row.issueId,
      status: row.status,
      drawAt: row.drawAt.toISOString(),
      closesAt: row.closesAt.toISOString(),
      commitment: row.commitment,
      // The seed stays secret while bets are taken.
      seed: row.status === 'open' ? null : row.seed,
      result: row.status === 'open' ? null : (row.result ?? null),
      resultSource: row.status === 'open' ? null : (row.resultSource ?? null),
      drawnAt: row.drawnAt?.toISOString() ?? null,
      settledAt: row.settledAt?.toISOString() ?? null,
    };
  }

  private betWire(row: BetRow, drawAt: Date, scale: number): LotteryBet {
    return {
      id: row.id,
      gameCode: row.gameCode,
      issueId: row.issueId,
      drawAt: drawAt.toISOString(),
      type: row.betType,
      selection: row.selection,
      positions: row.positions ?? null,
      unitStake: minorToDecimal(row.unitStake, scale),
      units: row.units,
      cost: minorToDecimal(row.cost, scale),
      status: row.status,
      payout: row.payout === null ? null : minorToDecimal(row.payout, scale),
      chaseId: row.chaseId,
      createdAt: row.createdAt.toISOString(),
      settledAt: row.settledAt?.toISOString() ?? null,
    };
  }

  private chaseWire(row: typeof lotteryChases.$inferSelect, scale: number): LotteryChase {
    return {
      id: row.id,
      gameCode: row.gameCode,
      stopOnWin: row.stopOnWin,
      status: row.status,
      issueIds: row.issueIds,
      totalCost: minorToDecimal(row.totalCost, scale),
    };
  }

  private entryWire(row: EntryRow, issue: IssueRow): LotteryResultEntry {
    return {
      id: row.id,
      gameCode: issue.gameCode,
      issueId: issue.issueId,
      result: row.result,
      status: row.status,
      enteredBy: row.enteredBy,
      confirmedBy: row.confirmedBy,
      createdAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
    };
  }

  // ---------------------------------------------------------------- menus and issues

  /** The lottery games a merchant has enabled, in catalog order. */
  async enabledGames(merchantCode: string) {
    const catalog = await this.games.catalog(merchantCode);
    return catalog.games
      .filter((g) => g.vendorCode === lotteryVendorCode && definitions.has(g.gameCode))
      .map((row) => ({ row, def: definitions.get(row.gameCode)! }));
  }

  private async catalogGame(merchantCode: string, gameCode: string) {
    const game = (await this.enabledGames(merchantCode)).find((g) => g.def.code === gameCode);
    if (!game) throw new AppError('not_found', `No lottery game ${gameCode} here`);
    return game;
  }

  /** SPEC §4: elott when the vendor data has an ELOTT card for TCG_LOTTO_VN or LOTT. */
  async prizeMode(merchantCode: string): Promise<'elott' | 'lott'> {
    const catalog = await this.games.catalog(merchantCode);
    return catalog.games.some(
      (g) => g.gameType === 'ELOTT' && prizeModeVendors.includes(g.vendorCode),
    )
      ? 'elott'
      : 'lott';
  }

  /** The open issue (betting not closed yet) of each of these games. */
  private async openIssues(gameCodes: string[], db: DbOrTx = this.db) {
    if (gameCodes.length === 0) return new Map<string, IssueRow>();
    const rows = await db
      .selectDistinctOn([lotteryIssues.gameCode])
      .from(lotteryIssues)
      .where(
        and(
          inArray(lotteryIssues.gameCode, gameCodes),
          eq(lotteryIssues.status, 'open'),
          sql`${lotteryIssues.closesAt} > now()`,
        ),
      )
      .orderBy(lotteryIssues.gameCode, asc(lotteryIssues.drawAt));
    return new Map(rows.map((r) => [r.gameCode, r]));
  }

  async menu(
    merchantCode: string | undefined,
    query: { prizeMode?: string | undefined; device: string },
  ) {
    const merchant = await this.merchant(merchantCode);
    const enabled = await this.enabledGames(merchant.merchantCode);
    const mode = query.prizeMode?.toUpperCase();
    const listed = enabled.filter(
      (g) => !mode || !['LOTT', 'ZY', 'ELOTT', 'SEA'].includes(mode) || g.def.prizeMode === mode,
    );
    const open = await this.openIssues(listed.map((g) => g.def.code));
    const scale = merchant.currencyScale;
    return {
      prizeMode: await this.prizeMode(merchant.merchantCode),
      device: query.device,
      games: listed.map(({ row, def }) => {
        const s = def.schedule;
        return {
          gameCode: def.code,
          name: row.name,
          family: def.family,
          prizeMode: def.prizeMode,
          intervalSeconds: s.kind === 'interval' ? s.seconds : null,
          drawTime: s.kind === 'calendar' ? s.time : null,
          timeZone: s.timeZone,
          closeBeforeDrawSeconds: def.closeBeforeDrawSeconds,
          houseDrawn: houseDrawn(def),
          betTypes: def.betTypes.map((t) => ({
            code: t.code,
            name: t.name,
            pays: Object.fromEntries(
              Object.entries(t.pays).map(([k, r]) => [
                k,
                { num: r.num.toString(), den: r.den.toString() },
              ]),
            ),
            minCost: minorToDecimal(t.limits.minCost, scale),
            maxCost: minorToDecimal(t.limits.maxCost, scale),
            maxUnits: t.limits.maxUnits,
          })),
          maxCostPerPlayerPerIssue: minorToDecimal(def.maxCostPerPlayerPerIssue, scale),
          openIssue: open.has(def.code) ? this.issueWire(open.get(def.code)!) : null,
        };
      }),
    };
  }

  /** The games the member bet on lately, newest first. */
  async recent(merchantCode: string, accountId: string) {
    const enabled = await this.enabledGames(merchantCode);
    const names = new Map(enabled.map((g) => [g.def.code, g.row.name]));
    const rows = await this.db
      .select({
        gameCode: lotteryBets.gameCode,
        last: sql<string>`max(${lotteryBets.createdAt})::text`,
      })
      .from(lotteryBets)
      .where(eq(lotteryBets.accountId, accountId))
      .groupBy(lotteryBets.gameCode)
      .orderBy(sql`2 desc`)
      .limit(10);
    return {
      list: rows
        .filter((r) => names.has(r.gameCode))
        .map((r) => ({
          gameCode: r.gameCode,
          name: names.get(r.gameCode)!,
          lastBetAt: new Date(r.last).toISOString(),
        })),
    };
  }

  /** Drawn (and cancelled) issues of a game, newest first. */
  async history(
    merchantCode: string | undefined,
    query: { gameCode: string; pageNo: number; pageSize: number },
  ) {
    const merchant = await this.merchant(merchantCode);
    await this.catalogGame(merchant.merchantCode, query.gameCode);
    const where = and(
      eq(lotteryIssues.gameCode, query.gameCode),
      inArray(lotteryIssues.status, ['drawn', 'settled', 'cancelled']),
    );
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(lotteryIssues)
        .where(where)
        .orderBy(desc(lotteryIssues.drawAt))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(lotteryIssues)
        .where(where),
    ]);
    const total = count?.n ?? 0;
    return {
      gameCode: query.gameCode,
      list: rows.map((r) => this.issueWire(r)),
      pageNum: query.pageNo,
      totalPages: Math.ceil(total / query.pageSize),
      totalCount: total,
    };
  }

  /** The open issue of a game with its countdown, the last result, and the caller's stake on it. */
  async openNumero(merchantCode: string, accountId: string, gameCode: string) {
    const merchant = await this.merchant(merchantCode);
    await this.catalogGame(merchant.merchantCode, gameCode);
    const issue = (await this.openIssues([gameCode])).get(gameCode) ?? null;
    const [last] = await this.db
      .select()
      .from(lotteryIssues)
      .where(
        and(
          eq(lotteryIssues.gameCode, gameCode),
          inArray(lotteryIssues.status, ['drawn', 'settled']),
        ),
      )
      .orderBy(desc(lotteryIssues.drawAt))
      .limit(1);
    let staked = 0n;
    if (issue) {
      const [row] = await this.db
        .select({ sum: sql<string>`coalesce(sum(${lotteryBets.cost}), 0)::text` })
        .from(lotteryBets)
        .where(
          and(
            eq(lotteryBets.issueRowId, issue.id),
            eq(lotteryBets.accountId, accountId),
            eq(lotteryBets.status, 'pending'),
          ),
        );
      staked = BigInt(row?.sum ?? '0');
    }
    const now = Date.now();
    const secondsTo = (d: Date | undefined) =>
      d ? Math.max(0, Math.ceil((d.getTime() - now) / 1000)) : 0;
    return {
      gameCode,
      serverTime: new Date(now).toISOString(),
      issue: issue ? this.issueWire(issue) : null,
      countdownSeconds: secondsTo(issue?.closesAt),
      drawCountdownSeconds: secondsTo(issue?.drawAt),
      lastDrawn: last ? this.issueWire(last) : null,
      stakedThisIssue: minorToDecimal(staked, merchant.currencyScale),
    };
  }

  async issueByNumero(gameCode: string, issueId: string): Promise<IssueRow> {
    const [row] = await this.db
      .select()
      .from(lotteryIssues)
      .where(and(eq(lotteryIssues.gameCode, gameCode), eq(lotteryIssues.issueId, issueId)));
    if (!row) throw new AppError('not_found', 'No such issue');
    return row;
  }

  /** What anyone needs to recompute a house-drawn result, and whether it checks out. */
  async verify(gameCode: string, issueId: string) {
    const def = lotteryGame(gameCode);
    const row = await this.issueByNumero(gameCode, issueId);
    const revealed = row.status !== 'open';
    const byHouse =
      row.resultSource === 'house' || row.resultSource === 'house_demo' || houseDrawn(def);
    const recomputed = revealed && byHouse ? houseDraw(def, row.seed, row.issueId) : null;
    const result = revealed ? (row.result ?? null) : null;
    const fromHouse = row.resultSource === 'house' || row.resultSource === 'house_demo';
    return {
      gameCode,
      issueId,
      status: row.status,
      commitment: row.commitment,
      seed: revealed ? row.seed : null,
      result,
      resultSource: revealed ? (row.resultSource ?? null) : null,
      houseDrawn: houseDrawn(def),
      recomputed,
      verified:
        result && fromHouse && result.kind !== 'cancelled'
          ? verifyHouseDraw(def, row.commitment, row.seed, row.issueId, result)
          : null,
      method:
        'commitment = SHA-256(bytes of seed); digits: for block i = 0, 1, …, ' +
        'HMAC-SHA256(key = bytes of seed, message = "<issueId>:<i>"), each byte b < 250 gives ' +
        'b mod 10 (bytes 250–255 are skipped); the fast e-lottery result is the first 5 digits.',
    };
  }

  // ---------------------------------------------------------------- betting

  private cashAccount(merchant: MerchantInfo, accountId: string, db?: DbOrTx) {
    return this.wallet.ledger.account(
      {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        ownerId: accountId,
        kind: accountKinds.memberCash,
      },
      db,
    );
  }

  private async lock(tx: Tx, key: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
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
      bets: rows.map((r) => this.betWire(r.bet, r.drawAt, scale)),
      chases: chases.map((c) => this.chaseWire(c, scale)),
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
    const { row: game, def } = await this.catalogGame(merchant.merchantCode, body.gameCode);
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
      list: rows.map((r) => this.betWire(r.bet, r.drawAt, merchant.currencyScale)),
      pageNum: query.pageNo,
      totalPages: Math.ceil(total / query.pageSize),
      totalCount: total,
    };
  }

  /**
   * Refunds pending bets through the ledger (one entry each, keyed `lottery:<betId>` like every
   * credit of a bet) and marks them and their bet records. The caller holds the bets' row locks.
   */
  private async refundBets(
    tx: Tx,
    rows: BetRow[],
    type: LedgerEntryType,
    actor: string,
    merchants: ReadonlyMap<string, MerchantInfo>,
  ) {
    for (const bet of rows) {
      const merchant = merchants.get(bet.merchantCode);
      if (!merchant) throw new Error(`merchant ${bet.merchantCode} was not read before`);
      const cash = await this.cashAccount(merchant, bet.accountId, tx);
      const house = await this.wallet.houseAccount(
        merchant.merchantCode,
        merchant.currency,
        bet.accountId,
        tx,
      );
      const posted = await this.wallet.ledger.post(
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
      await this.refundBets(
        tx,
        [bet],
        'lottery_cancel',
        `member:${accountId}`,
        new Map([[merchant.merchantCode, merchant]]),
      );
      const [row] = await tx.select().from(lotteryBets).where(eq(lotteryBets.id, bet.id));
      const cash = await this.cashAccount(merchant, accountId, tx);
      return {
        bet: this.betWire(row!, issue.drawAt, merchant.currencyScale),
        balance: minorToDecimal(await this.wallet.ledger.balance(cash, tx), merchant.currencyScale),
      };
    });
  }

  // ---------------------------------------------------------------- schedule and draw

  /** Game codes some merchant has enabled (issues are global per game). */
  private async scheduledGames(): Promise<GameDefinition[]> {
    const { rows } = (await this.db.execute(sql`
      select distinct g.game_code
      from games g
      join game_vendors v on v.merchant_code = g.merchant_code and v.code = g.vendor_code
      where g.vendor_code = ${lotteryVendorCode} and g.enabled and v.enabled`)) as {
      rows: { game_code: string }[];
    };
    return rows.map((r) => definitions.get(r.game_code)).filter((d) => d !== undefined);
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

  // ---------------------------------------------------------------- settlement

  private readonly catalogIds = new Map<string, { id: string; gameType: string }>();

  /** The catalog game a merchant lists a lottery game as (its bet records name it). */
  private async catalogId(merchantCode: string, gameCode: string, db: DbOrTx) {
    const key = `${merchantCode}:${gameCode}`;
    const known = this.catalogIds.get(key);
    if (known) return known;
    const [row] = await db
      .select({ id: games.id, gameType: games.gameType })
      .from(games)
      .where(
        and(
          eq(games.merchantCode, merchantCode),
          eq(games.vendorCode, lotteryVendorCode),
          eq(games.gameCode, gameCode),
        ),
      );
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
      const catalogIds = recorded.map(({ s }) => idOf.get(s.row.merchant_code)!);
      await tx.execute(sql`
        insert into bet_records (id, merchant_code, account_id, vendor_code, game_id, game_type,
          round_id, currency, stake, valid_bet, payout, status, placed_at, settled_at)
        select 'lott-' || x.id, x.merchant, x.account, ${lotteryVendorCode}, x.game_id,
          x.game_type, x.id, x.currency, x.stake, x.valid_bet, x.payout, 'settled', x.placed_at,
          now()
        from unnest(
          ${sql.param(recorded.map(({ s }) => s.row.id))}::text[],
          ${sql.param(recorded.map(({ s }) => s.row.merchant_code))}::text[],
          ${sql.param(recorded.map(({ s }) => s.row.account_id))}::text[],
          ${sql.param(catalogIds.map((c) => c.id))}::text[],
          ${sql.param(catalogIds.map((c) => c.gameType))}::text[],
          ${sql.param(recorded.map(({ s }) => s.row.currency))}::text[],
          ${sql.param(recorded.map(({ s }) => s.cost.toString()))}::text[]::bigint[],
          ${sql.param(recorded.map(({ valid }) => valid))}::text[]::bigint[],
          ${sql.param(recorded.map(({ s }) => s.settlement.payout.toString()))}::text[]::bigint[],
          ${sql.param(recorded.map(({ s }) => s.row.created_at))}::text[]::timestamptz[]
        ) as x(id, merchant, account, game_id, game_type, currency, stake, valid_bet, payout,
          placed_at)
        on conflict (id) do nothing`);
    }
    // Withdrawal turnover, for the members who have some to progress.
    const turnover = new Map<string, bigint>();
    settledBets.forEach((s, i) => {
      const v = BigInt(validBets[i]!);
      if (v > 0n) turnover.set(s.row.account_id, (turnover.get(s.row.account_id) ?? 0n) + v);
    });
    if (turnover.size > 0) {
      const { rows: owing } = (await tx.execute(sql`
        select distinct account_id from turnover_requirements
        where account_id = any(${sql.param([...turnover.keys()])}::text[])
          and progressed < required`)) as { rows: { account_id: string }[] };
      const open = new Set(owing.map((r) => r.account_id));
      for (const [accountId, amount] of turnover)
        if (open.has(accountId)) await this.onTurnover(accountId, amount, tx);
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
      await this.refundBets(
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

  // ---------------------------------------------------------------- operators

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
    const issue = await this.issueByNumero(body.gameCode, body.issueId);
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
      return { entry: this.entryWire(entry!, locked), issue: this.issueWire(locked) };
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
      return { entry: this.entryWire(confirmed!, drawn!), issue: this.issueWire(drawn!) };
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
      return { issue: this.issueWire(row!) };
    });
  }
}
