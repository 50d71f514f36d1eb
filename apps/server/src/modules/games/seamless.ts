import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { parseAmount, type MerchantInfo } from '@taya/contracts';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SystemService } from '../system';
import type { JackpotService } from '../jackpot';
import { Ledger, type WalletService } from '../wallet';
import type { gameVendors, games } from './schema';
import { betRecords, vendorSessions } from './schema';
import { digest, VendorSessions, type WalletAnswer } from './seamless-sessions';

export { signVendorBody, type WalletAnswer } from './seamless-sessions';

/** A bet, win or rollback as the vendor sends it (amounts as decimal strings). */
export interface MoneyCall {
  playerId: string;
  txId: string;
  roundId: string;
  amount: string;
}

/**
 * The vendor-facing seamless wallet, an adapter onto the wagering kernel: a vendor round of a
 * player is a kernel round, a bet holds its stake (`bets_in_play`), a win settles the round's
 * open holds, a rollback voids its bet's hold. Each call is signed with the vendor's secret and
 * idempotent by the vendor's transaction id: a retry gets the first answer and moves nothing; the
 * same id with other content is refused. Each money call is one SQL function (migration 0036)
 * that writes the kernel's rows, the holds and the ledger entry in one round trip.
 */
export class SeamlessWallet extends VendorSessions {
  private readonly playerMerchants = new Map<string, string>();

  constructor(
    db: Db,
    system: SystemService,
    wallet: WalletService,
    secrets: Record<string, string>,
    /** The cached catalog (games and vendors) of a merchant. */
    private readonly catalog: (merchantCode: string) => Promise<{
      byId: Map<string, typeof games.$inferSelect>;
      vendors: (typeof gameVendors.$inferSelect)[];
    }>,
    /** Called in the settling transaction with the round's valid bet (turnover, points, …). */
    private readonly onSettled: (
      accountId: string,
      validBet: bigint,
      tx: Tx,
      merchant: MerchantInfo,
    ) => Promise<void>,
    /** Progressive jackpots fed by bets (none when absent). */
    private readonly jackpot?: Pick<JackpotService, 'poolsFor' | 'contribute' | 'pay'>,
  ) {
    super(db, system, wallet, secrets);
  }

  private amountOf(merchant: MerchantInfo, text: string, allowZero: boolean): bigint {
    const minor = parseAmount(text, merchant.currencyScale);
    if (minor === null || minor < 0n || (!allowZero && minor === 0n)) {
      throw new AppError('request_param_err', 'Invalid amount', [
        {
          path: 'amount',
          code: 'invalid',
          message: 'A non-negative amount with at most two decimals',
        },
      ]);
    }
    return minor;
  }

  /** The vendor call's hash: its idempotency check, and its ledger entry's request hash. */
  private requestHash(kind: string, call: object) {
    return createHash('sha256')
      .update(JSON.stringify([kind, call]))
      .digest('hex');
  }

  private accounts(merchant: MerchantInfo, playerId: string) {
    return this.wallet.playAccounts(merchant.merchantCode, merchant.currency, playerId);
  }

  /** Holds a bet's stake in the vendor's round (opened by its first bet). */
  async bet(vendorCode: string, sessionToken: string, call: MoneyCall): Promise<WalletAnswer> {
    const session = await this.session(vendorCode, sessionToken);
    if (session.accountId !== call.playerId)
      throw new AppError('forbidden', 'Session of another player');
    const merchant = await this.merchant(session.merchantCode);
    const amount = this.amountOf(merchant, call.amount, false);
    const catalog = await this.catalog(merchant.merchantCode);
    const game = catalog.byId.get(session.gameId);
    const vendor = catalog.vendors.find((v) => v.code === vendorCode);
    if (!game || !vendor) throw new AppError('not_found', 'No such game');
    if (vendor.maintenance || game.maintenance) throw new AppError('game_maintenance');
    const hash = this.requestHash('bet', call);
    const feeds = this.jackpot ? await this.jackpot.poolsFor(merchant, vendorCode) : [];
    const pools = feeds.length
      ? await this.jackpot!.contribute(this.db, feeds, {
          playerId: session.accountId,
          stake: amount,
        })
      : null;
    const extra = pools?.postings ?? [];
    const { cash, inPlay, house } = await this.accounts(merchant, session.accountId);
    const hits = (pools?.hits ?? []).map((pool) => ({ id: randomUUID(), poolId: pool.id }));
    // One statement does it all on the server (migration 0036): the transaction id's lock and
    // first answer, the session, the kernel's round and bet, the hold's entry and row, the bet
    // record, the answer kept for a retry, and the jackpot hits drawn for this bet.
    const rows = await this.run<{ status: string; balance_after: string | null }>(sql`
      select status, balance_after::text as balance_after from play_vendor_bet(
        ${vendorCode}::text, ${call.txId}::text, ${hash}::text, ${session.accountId}::text,
        ${call.roundId}::text, ${merchant.merchantCode}::text, ${game.id}::text,
        ${game.gameCode}::text, ${game.gameType}::text, ${merchant.currency}::text,
        ${amount.toString()}::bigint, ${randomUUID()}::text, ${cash}::text, ${inPlay}::text,
        ${house}::text, ${JSON.stringify({ gameId: game.id, roundId: call.roundId })}::jsonb,
        ${sql.param(extra.map((p) => p.accountId))}::text[],
        ${sql.param(extra.map((p) => p.amount.toString()))}::text[]::bigint[],
        ${sql.param(hits.map((h) => h.id))}::text[], ${sql.param(hits.map((h) => h.poolId))}::text[],
        ${digest(sessionToken)}::text)`);
    const row = rows[0];
    switch (row?.status) {
      case 'posted':
        // A hit is paid in a transaction of its own, once the bet is safe (the job pays it should
        // this process stop first); the answer keeps the bet's balance, the next call shows it.
        for (const hit of hits) await this.jackpot!.pay(hit.id);
        return this.answer(merchant, BigInt(row.balance_after!));
      case 'replayed':
        return this.answer(merchant, BigInt(row.balance_after!));
      case 'idempotency_conflict':
        throw new AppError('idempotency_conflict', 'This transaction id was used for another call');
      case 'session_invalid':
        // Ended since this node cached it (its account was disabled): nothing moved.
        this.sessions.delete(digest(sessionToken));
        throw new AppError('game_session_invalid', 'Session invalid or expired');
      case 'rolled_back':
        // A rollback that arrived before its bet cancels it in advance.
        throw new AppError('conflict', 'This bet was already rolled back');
      case 'round_closed':
        throw new AppError('conflict', 'This round is closed');
      default:
        throw Ledger.refusal(row?.status);
    }
  }

  /** Runs one statement and gives its rows, refusing the bet the function raises on. */
  private async run<T>(query: SQL, tx?: Tx): Promise<T[]> {
    try {
      return ((await (tx ?? this.db).execute(query)) as { rows: T[] }).rows;
    } catch (err) {
      const e = err as { message?: string; cause?: { message?: string } };
      if ((e.cause?.message ?? e.message ?? '').includes('round_closed'))
        throw new AppError('conflict', 'This round is closed');
      throw err;
    }
  }

  /**
   * Credits a win (zero for a lost round) to the round's player: it settles the round's open
   * holds, or, when an earlier win settled them, pays the amount as a further payout. The round
   * must have a bet: a win for an unknown round is refused (404) and moves nothing, so the vendor
   * sends the bet first. `final` closes the round and counts its valid bet.
   */
  async win(vendorCode: string, call: MoneyCall & { final: boolean }): Promise<WalletAnswer> {
    const hash = this.requestHash('win', call);
    const merchantCode = await this.merchantOfPlayer(vendorCode, call.playerId, call.roundId);
    if (!merchantCode) throw new AppError('round_not_found');
    const merchant = await this.merchant(merchantCode);
    const amount = this.amountOf(merchant, call.amount, true);
    const { cash, house } = await this.accounts(merchant, call.playerId);
    // The win and, when it settles the round, its turnover: one transaction, two statements.
    return this.db.transaction(async (tx) => {
      const rows = await this.run<{
        status: string;
        balance_after: string | null;
        valid_bet: string | null;
        settled: boolean;
      }>(
        sql`
        select status, balance_after::text as balance_after, valid_bet::text as valid_bet, settled
        from play_vendor_win(
          ${vendorCode}::text, ${call.txId}::text, ${hash}::text, ${call.playerId}::text,
          ${call.roundId}::text, ${merchant.merchantCode}::text, ${amount.toString()}::bigint,
          ${call.final}::boolean, ${cash}::text, ${house}::text, ${randomUUID()}::text,
          ${JSON.stringify({ roundId: call.roundId })}::jsonb)`,
        tx,
      );
      const row = rows[0];
      switch (row?.status) {
        case 'posted':
          if (row.settled && row.valid_bet !== null)
            await this.onSettled(call.playerId, BigInt(row.valid_bet), tx, merchant);
          return this.answer(merchant, BigInt(row.balance_after!));
        case 'replayed':
          return this.answer(merchant, BigInt(row.balance_after!));
        case 'idempotency_conflict':
          throw new AppError(
            'idempotency_conflict',
            'This transaction id was used for another call',
          );
        case 'round_not_found':
          throw new AppError('round_not_found');
        case 'round_cancelled':
          // Every bet of the round was rolled back: nothing is left to pay on.
          throw new AppError('conflict', 'This round was rolled back');
        case 'round_settled':
          throw new AppError('conflict', 'This round is already settled');
        default:
          throw Ledger.refusal(row?.status);
      }
    });
  }

  /**
   * The merchant of a round's player, read from the round's bet record the first time and kept
   * (a player never changes merchant); undefined when the player has no such round.
   */
  private async merchantOfPlayer(
    vendorCode: string,
    playerId: string,
    roundId: string,
  ): Promise<string | undefined> {
    const known = this.playerMerchants.get(playerId);
    if (known) return known;
    const [row] = await this.db
      .select({ merchantCode: betRecords.merchantCode })
      .from(betRecords)
      .where(
        and(
          eq(betRecords.vendorCode, vendorCode),
          eq(betRecords.roundId, roundId),
          eq(betRecords.accountId, playerId),
        ),
      );
    if (!row) return undefined;
    this.rememberMerchant(playerId, row.merchantCode);
    return row.merchantCode;
  }

  private rememberMerchant(playerId: string, merchantCode: string) {
    if (this.playerMerchants.size > 100_000) this.playerMerchants.clear();
    this.playerMerchants.set(playerId, merchantCode);
  }

  /**
   * Returns a bet's stake the vendor cancels, at most once (its hold is voided). A rollback for a
   * bet never seen is recorded and answered, and the bet, should it arrive later, is refused. A
   * bet already returned (by a rollback under another id) is answered with the current balance
   * and moves nothing, as a retry would be; the database holds one refund per bet
   * (`vendor_transactions_void_uq`). A round with a win cannot be rolled back (409).
   */
  async rollback(vendorCode: string, call: { playerId: string; txId: string; betTxId: string }) {
    const hash = this.requestHash('rollback', call);
    let merchantCode = this.playerMerchants.get(call.playerId);
    if (!merchantCode) {
      const [account] = await this.db
        .select({ merchantCode: vendorSessions.merchantCode })
        .from(vendorSessions)
        .where(
          and(
            eq(vendorSessions.accountId, call.playerId),
            eq(vendorSessions.vendorCode, vendorCode),
          ),
        )
        .limit(1);
      if (!account) throw new AppError('not_found', 'No such player at this vendor');
      merchantCode = account.merchantCode;
      this.rememberMerchant(call.playerId, merchantCode);
    }
    const merchant = await this.merchant(merchantCode);
    const { cash } = await this.accounts(merchant, call.playerId);
    const once = async () => {
      // One statement (migration 0036): the bet's and the rollback's locks, the first answer,
      // the void of the bet's hold, the kernel's bet and round, the bet record, the answer kept.
      const rows = await this.run<{ status: string; balance_after: string | null }>(sql`
        select status, balance_after::text as balance_after from play_vendor_rollback(
          ${vendorCode}::text, ${call.txId}::text, ${hash}::text, ${call.playerId}::text,
          ${call.betTxId}::text, ${merchant.merchantCode}::text, ${cash}::text,
          ${randomUUID()}::text)`);
      const row = rows[0];
      switch (row?.status) {
        case 'posted':
        case 'replayed':
          return this.answer(merchant, BigInt(row.balance_after!));
        case 'idempotency_conflict':
          throw new AppError(
            'idempotency_conflict',
            'This transaction id was used for another call',
          );
        case 'forbidden':
          throw new AppError('forbidden', 'Bet of another player');
        case 'round_paid':
          throw new AppError('conflict', 'This round is already paid');
        default:
          throw Ledger.refusal(row?.status);
      }
    };
    try {
      return await once();
    } catch (err) {
      // Another rollback of the bet won the race past the lock (the index stopped this one): it
      // is now returned, and this call is answered as a later rollback is.
      if (!isUniqueViolation(err, 'vendor_transactions_void_uq')) throw err;
      return once();
    }
  }
}

/** True when `err` (or its cause) is PostgreSQL's unique violation of the named constraint. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (
    let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown };
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505' && (e.constraint === constraint || e.message?.includes(constraint)))
      return true;
  }
  return false;
}
