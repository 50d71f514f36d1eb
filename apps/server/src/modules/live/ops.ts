import { and, eq, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  parseAmount,
  type MerchantInfo,
  type OpsLiveTable,
  type OpsLiveTableBody,
  type OpsLiveTableList,
} from '@taya/contracts';
import { payoutAt } from '@taya/games';
import { AppError, fieldError } from '../../platform/errors';
import { liveGameKind } from './games';
import { liveBets, liveRounds, liveTableLimits, liveTables } from './schema';
import type { LiveService } from './service';
import { roundIdOf, type LiveTableRow } from './wire';

/** An amount of the body in the merchant's minor units, or a 400 naming the field. */
function amountOf(
  body: OpsLiveTableBody,
  field: 'minBet' | 'maxBet' | 'sideMaxBet',
  scale: number,
) {
  const minor = parseAmount(body[field], scale);
  if (minor === null)
    throw fieldError(field, 'invalid', `an amount with at most ${scale} decimals`);
  if (minor <= 0n) throw fieldError(field, 'invalid', 'an amount above zero');
  return minor;
}

/**
 * The console's live tables: their state, limits and the exposure of the round taking bets;
 * opening and pausing a table, its betting time and limits; voiding a round with a reason.
 */
export class LiveOps {
  constructor(private readonly live: LiveService) {}

  merchant(code: string): Promise<MerchantInfo> {
    return this.live.merchant(code);
  }

  private async row(table: LiveTableRow, merchant: MerchantInfo): Promise<OpsLiveTable> {
    const db = this.live.db;
    const kind = liveGameKind(table.game, table.variant);
    const limits = await this.live.limitsOf(db, table.code, merchant);
    const round = await this.live.liveRound(db, table.code);
    const wire = this.live.liveWire(table, round);
    const shoe = kind.shoe ? await this.live.currentShoe(db, table.code) : null;
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    const taking = round?.status === 'betting';
    const [count] = taking
      ? await db
          .select({ n: sql<number>`count(*)::int` })
          .from(liveBets)
          .where(
            and(eq(liveBets.roundId, round.id), eq(liveBets.merchantCode, merchant.merchantCode)),
          )
      : [{ n: 0 }];
    const totals = taking
      ? await this.live.totals(db, table.code, round.number, merchant.currencyScale)
      : {};
    const exposure = Object.entries(totals)
      .map(([spot, staked]) => {
        const minor = parseAmount(staked, merchant.currencyScale) ?? 0n;
        return { spot, minor, payout: payoutAt(minor, kind.rules.maxMultiplier(spot)) };
      })
      .sort((a, b) => (b.payout > a.payout ? 1 : b.payout < a.payout ? -1 : 0))
      .map((e) => ({ spot: e.spot, staked: dec(e.minor), payout: dec(e.payout) }));
    return {
      code: table.code,
      game: table.game,
      variant: table.variant,
      name: table.name,
      status: table.status,
      bettingMs: table.bettingMs,
      currency: merchant.currency,
      minBet: dec(limits.minBet),
      maxBet: dec(limits.maxBet),
      sideMaxBet: dec(limits.sideMaxBet),
      round: wire.round,
      phase: wire.phase,
      bets: count?.n ?? 0,
      exposure,
      shoe: shoe?.number ?? null,
      hands: shoe?.hands ?? null,
    };
  }

  async list(merchant: MerchantInfo): Promise<OpsLiveTableList> {
    const tables = await this.live.tableRows();
    return {
      merchantCode: merchant.merchantCode,
      currency: merchant.currency,
      list: await Promise.all(tables.map((t) => this.row(t, merchant))),
    };
  }

  /**
   * Sets a table's state and betting time (every merchant's: only an operator over every
   * merchant changes them) and its limits in the merchant's currency: min ≤ each max, amounts
   * above zero. Answers the row with before and after.
   */
  async set(
    merchant: MerchantInfo,
    code: string,
    body: OpsLiveTableBody,
    /** Refuses a change of the table's shared state by an operator of some merchants only. */
    mayChangeTable: () => void,
  ) {
    const table = await this.live.tableRow(code);
    if (body.status !== table.status || body.bettingSeconds * 1000 !== table.bettingMs)
      mayChangeTable();
    const scale = merchant.currencyScale;
    const minBet = amountOf(body, 'minBet', scale);
    const maxBet = amountOf(body, 'maxBet', scale);
    const sideMaxBet = amountOf(body, 'sideMaxBet', scale);
    if (maxBet < minBet) throw fieldError('maxBet', 'invalid', 'at least the min bet');
    if (sideMaxBet < minBet) throw fieldError('sideMaxBet', 'invalid', 'at least the min bet');
    const limits = await this.live.limitsOf(this.live.db, code, merchant);
    const before = {
      status: table.status,
      bettingMs: table.bettingMs,
      minBet: limits.minBet.toString(),
      maxBet: limits.maxBet.toString(),
      sideMaxBet: limits.sideMaxBet.toString(),
    };
    await this.live.db.transaction(async (tx) => {
      await tx
        .update(liveTables)
        .set({ status: body.status, bettingMs: body.bettingSeconds * 1000 })
        .where(eq(liveTables.code, code));
      await tx
        .insert(liveTableLimits)
        .values({ table: code, currency: merchant.currency, minBet, maxBet, sideMaxBet })
        .onConflictDoUpdate({
          target: [liveTableLimits.table, liveTableLimits.currency],
          set: { minBet, maxBet, sideMaxBet, updatedAt: new Date() },
        });
    });
    const after = {
      status: body.status,
      bettingMs: body.bettingSeconds * 1000,
      minBet: minBet.toString(),
      maxBet: maxBet.toString(),
      sideMaxBet: sideMaxBet.toString(),
    };
    const updated = await this.live.tableRow(code);
    this.live.deps.feed.publish({ type: 'table', table: await this.live.publicTable(updated) });
    return { row: await this.row(updated, merchant), before, after };
  }

  /**
   * Voids a round still taking bets: the round `void` with the reason, then per merchant ONE
   * kernel entry returning every stake (`voidMany`). A dealt round is settled already: refused
   * (409), nothing moves.
   */
  async voidRound(code: string, number: number, reason: string, actor: string) {
    const table = await this.live.tableRow(code);
    const voided = await this.live.db.transaction(async (tx) => {
      const [round] = await tx
        .select()
        .from(liveRounds)
        .where(eq(liveRounds.id, roundIdOf(code, number)))
        .for('update');
      if (!round) throw new AppError('not_found', 'No such round');
      if (round.status !== 'betting')
        throw new AppError('conflict', 'Only a round still taking bets can be voided');
      const bets = await tx.select().from(liveBets).where(eq(liveBets.roundId, round.id));
      const byKernelRound = new Map<string, string[]>();
      for (const b of bets)
        byKernelRound.set(b.kernelRoundId, [...(byKernelRound.get(b.kernelRoundId) ?? []), b.id]);
      const { play } = this.live.deps;
      await play.lockRounds(tx, [...byKernelRound.keys()]);
      for (const [roundId, betIds] of [...byKernelRound].sort(([a], [b]) => (a < b ? -1 : 1))) {
        if ((await play.roundStatus(tx, roundId)) !== 'open') continue;
        await play.voidMany(tx, {
          roundId,
          betIds,
          key: `live:void:${roundId}`,
          actor,
          reason,
        });
      }
      await tx
        .update(liveBets)
        .set({ payout: sql`${liveBets.stake}` })
        .where(eq(liveBets.roundId, round.id));
      const now = this.live.now;
      await tx
        .update(liveRounds)
        .set({ status: 'void', voidReason: reason, dealtAt: new Date(now), nextAt: new Date(now) })
        .where(eq(liveRounds.id, round.id));
      return bets.length;
    });
    const round = await this.live.liveRound(this.live.db, code);
    this.live.deps.feed.publish({
      type: 'phase',
      table: code,
      ...this.live.liveWire(table, round),
    });
    return { table: code, round: number, voided };
  }
}
