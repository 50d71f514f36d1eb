import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { minorToDecimal } from '@taya/contracts';
import { houseDraw, verifyHouseDraw } from '@taya/games';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { LotteryPart } from './context';
import {
  definitions,
  houseDrawn,
  lotteryGame,
  lotteryVendorCode,
  prizeModeVendors,
  type IssueRow,
} from './model';
import { lotteryBets, lotteryIssues } from './schema';
import { issueWire } from './wire';

/** What players browse: the games, their open and past issues, and the proof of a house draw. */
export class LotteryHall extends LotteryPart {
  /** The lottery games a merchant has enabled, in catalog order. */
  async enabledGames(merchantCode: string) {
    const catalog = await this.games.catalog(merchantCode);
    return catalog.games
      .filter((g) => g.vendorCode === lotteryVendorCode && definitions.has(g.gameCode))
      .map((row) => ({ row, def: definitions.get(row.gameCode)! }));
  }

  /** A lottery game the merchant has enabled, or a 404. */
  async catalogGame(merchantCode: string, gameCode: string) {
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
          openIssue: open.has(def.code) ? issueWire(open.get(def.code)!) : null,
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
      list: rows.map((r) => issueWire(r)),
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
      issue: issue ? issueWire(issue) : null,
      countdownSeconds: secondsTo(issue?.closesAt),
      drawCountdownSeconds: secondsTo(issue?.drawAt),
      lastDrawn: last ? issueWire(last) : null,
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
}
