// Kept whole: the vendor calls (bet, win, rollback) share one claim-lock-post scheme and its helpers.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { minorToDecimal, parseAmount, type MerchantInfo } from '@taya/contracts';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SystemService } from '../system';
import type { JackpotService } from '../jackpot';
import { Ledger, accountKinds, type PostingInput, type WalletService } from '../wallet';
import type { gameVendors } from './schema';
import { betRecords, games, launchTokens, vendorSessions, vendorTransactions } from './schema';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Signs a seamless-wallet request body: hex HMAC-SHA256 with the vendor's secret. */
export function signVendorBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export interface WalletAnswer {
  balance: string;
  currency: string;
}

/** A bet, win or rollback as the vendor sends it (amounts as decimal strings). */
export interface MoneyCall {
  playerId: string;
  txId: string;
  roundId: string;
  amount: string;
}

type Session = typeof vendorSessions.$inferSelect;

/**
 * The vendor-facing seamless wallet: a vendor authenticates a player with the launch token, then
 * debits bets and credits wins and rollbacks through the ledger. Each call is signed with the
 * vendor's secret and idempotent by the vendor's transaction id: a retry gets the first answer
 * and moves nothing; the same id with other content is refused.
 */
export class SeamlessWallet {
  private readonly playerMerchants = new Map<string, string>();
  private readonly sessions = new Map<string, { row: Session; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly wallet: WalletService,
    private readonly secrets: Record<string, string>,
    /** The cached catalog (games and vendors) of a merchant. */
    private readonly catalog: (merchantCode: string) => Promise<{
      byId: Map<string, typeof games.$inferSelect>;
      vendors: (typeof gameVendors.$inferSelect)[];
    }>,
    /** Called in the settling transaction with the round's valid bet (turnover, points, …). */
    private readonly onSettled: (accountId: string, validBet: bigint, tx: Tx) => Promise<void>,
    /** Progressive jackpots fed by bets (none when absent). */
    private readonly jackpot?: Pick<JackpotService, 'poolsFor' | 'contribute' | 'pay'>,
  ) {}

  /** Refuses a body whose signature is not the vendor's, or that is older than five minutes. */
  verify(vendorCode: string, rawBody: string, signature: string | undefined, timestamp: number) {
    const secret = this.secrets[vendorCode];
    if (!secret) throw new AppError('not_found', 'No such vendor');
    const expected = Buffer.from(signVendorBody(secret, rawBody), 'hex');
    const given = Buffer.from(signature ?? '', 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('forbidden', 'Bad signature');
    }
    if (Math.abs(Date.now() - timestamp) > 5 * 60_000)
      throw new AppError('forbidden', 'Stale request');
  }

  private merchant(code: string): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  private houseAccount(merchant: MerchantInfo, accountId: string, tx: Tx) {
    return this.wallet.houseAccount(merchant.merchantCode, merchant.currency, accountId, tx);
  }

  private cashAccount(merchant: MerchantInfo, accountId: string, tx?: Tx) {
    return this.wallet.ledger.account(
      {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        ownerId: accountId,
        kind: accountKinds.memberCash,
      },
      tx,
    );
  }

  /**
   * One vendor call's money: between the player's cash and the player's house shard, keyed by
   * the vendor's transaction id. `toPlayer` is positive for a win or refund, negative for a bet.
   */
  private async move(
    tx: Tx,
    merchant: MerchantInfo,
    playerId: string,
    call: {
      vendorCode: string;
      txId: string;
      roundId: string;
      type: 'bet' | 'win' | 'bet_rollback';
      toPlayer: bigint;
      metadata?: Record<string, unknown>;
      reversesEntryId?: string | null;
      /** More postings in the same entry (a jackpot's share), taken from the house's side. */
      extra?: PostingInput[];
    },
  ) {
    const cash = await this.cashAccount(merchant, playerId, tx);
    const house = await this.houseAccount(merchant, playerId, tx);
    const extra = call.extra ?? [];
    const toHouse = -call.toPlayer - extra.reduce((sum, p) => sum + p.amount, 0n);
    const posted = await this.wallet.ledger.post(
      {
        merchantCode: merchant.merchantCode,
        idempotencyKey: `seamless:${call.vendorCode}:${call.txId}`,
        type: call.type,
        actor: `vendor:${call.vendorCode}`,
        reference: `${call.vendorCode}:${call.roundId}`,
        reversesEntryId: call.reversesEntryId ?? null,
        metadata: call.metadata ?? {},
        postings: [
          { accountId: cash, amount: call.toPlayer },
          ...(toHouse === 0n ? [] : [{ accountId: house, amount: toHouse }]),
          ...extra,
        ],
      },
      tx,
    );
    return {
      balance: posted.postings.find((p) => p.accountId === cash)!.balanceAfter,
      entryId: posted.entryId,
    };
  }

  private answer(merchant: MerchantInfo, balance: bigint): WalletAnswer {
    return {
      balance: minorToDecimal(balance, merchant.currencyScale),
      currency: merchant.currency,
    };
  }

  /** Exchanges a one-time launch token for the player session the vendor uses from now on. */
  async authenticate(vendorCode: string, launchToken: string) {
    const now = new Date();
    const [used] = await this.db
      .update(launchTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(launchTokens.tokenHash, digest(launchToken)),
          isNull(launchTokens.usedAt),
          gt(launchTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!used || used.mode !== 'real')
      throw new AppError('game_session_invalid', 'Launch token invalid or used');
    const [game] = await this.db.select().from(games).where(eq(games.id, used.gameId));
    if (!game || game.vendorCode !== vendorCode)
      throw new AppError('forbidden', 'The token is for another vendor');
    const sessionToken = randomBytes(32).toString('base64url');
    await this.db.insert(vendorSessions).values({
      tokenHash: digest(sessionToken),
      vendorCode,
      accountId: used.accountId,
      merchantCode: used.merchantCode,
      gameId: used.gameId,
      currency: used.currency,
      expiresAt: new Date(now.getTime() + 12 * 3_600_000),
    });
    const merchant = await this.merchant(used.merchantCode);
    const balance = await this.wallet.ledger.balance(
      await this.cashAccount(merchant, used.accountId),
    );
    return {
      sessionToken,
      playerId: used.accountId,
      gameCode: game.gameCode,
      ...this.answer(merchant, balance),
    };
  }

  /**
   * The player session a vendor's token names. Sessions are never changed once written (they only
   * expire), so a node keeps the ones it has read for a minute, checking the expiry each time.
   */
  private async session(vendorCode: string, sessionToken: string): Promise<Session> {
    const key = digest(sessionToken);
    const now = new Date();
    const cached = this.sessions.get(key);
    if (cached && cached.row.vendorCode === vendorCode && cached.row.expiresAt > now) {
      if (Date.now() - cached.at < 60_000) return cached.row;
    }
    const [row] = await this.db
      .select()
      .from(vendorSessions)
      .where(
        and(
          eq(vendorSessions.tokenHash, key),
          eq(vendorSessions.vendorCode, vendorCode),
          gt(vendorSessions.expiresAt, now),
        ),
      );
    if (!row) throw new AppError('game_session_invalid', 'Session invalid or expired');
    if (this.sessions.size > 50_000) this.sessions.clear();
    this.sessions.set(key, { row, at: Date.now() });
    return row;
  }

  async balance(vendorCode: string, sessionToken: string): Promise<WalletAnswer> {
    const session = await this.session(vendorCode, sessionToken);
    const merchant = await this.merchant(session.merchantCode);
    return this.answer(
      merchant,
      await this.wallet.ledger.balance(await this.cashAccount(merchant, session.accountId)),
    );
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

  private requestHash(kind: string, call: object) {
    return createHash('sha256')
      .update(JSON.stringify([kind, call]))
      .digest('hex');
  }

  /**
   * Takes the transaction id's lock (a retry racing its first try waits for it), then reads what
   * is known of the id: its first answer, if it was seen (a different request under it is a 409),
   * and whether a rollback already named it. Two statements on purpose: a statement sees the
   * database as it was when it began, so a read in the statement that waited for the lock would
   * miss what the lock's holder committed meanwhile.
   */
  private async claim(
    tx: Tx,
    vendorCode: string,
    txId: string,
    hash: string,
    merchant: MerchantInfo,
  ) {
    await this.lockTx(tx, vendorCode, txId);
    const { rows } = (await tx.execute(sql`
      select tx_id, ref_tx_id, request_hash, balance_after::text as balance_after
      from vendor_transactions
      where vendor_code = ${vendorCode} and (tx_id = ${txId} or ref_tx_id = ${txId})`)) as {
      rows: {
        tx_id: string;
        ref_tx_id: string | null;
        request_hash: string;
        balance_after: string;
      }[];
    };
    const seen = rows.find((r) => r.tx_id === txId);
    if (seen && seen.request_hash !== hash) {
      throw new AppError('idempotency_conflict', 'This transaction id was used for another call');
    }
    return {
      replayed: seen ? this.answer(merchant, BigInt(seen.balance_after)) : null,
      rolledBack: rows.some((r) => r.ref_tx_id === txId),
    };
  }

  /** Serialises the calls of one transaction id, reading nothing. */
  private async lockTx(tx: Tx, vendorCode: string, txId: string) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`${vendorCode}:${txId}`}, 0))`,
    );
  }

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
    const entry = await this.entry(merchant, session.accountId, {
      vendorCode,
      txId: call.txId,
      roundId: call.roundId,
      type: 'bet',
      toPlayer: -amount,
      metadata: { gameId: game.id, roundId: call.roundId },
      extra: pools?.postings,
    });
    const hits = (pools?.hits ?? []).map((pool) => ({ id: randomUUID(), poolId: pool.id }));
    // One statement does it all on the server (migration 0014): the transaction id's lock and
    // first answer, the round's state, the ledger entry, the bet record, the answer kept for a
    // retry, and the jackpot hits drawn for this bet.
    const rows = await this.run<{ status: string; balance_after: string | null }>(sql`
      select status, balance_after::text as balance_after from seamless_bet(
        ${vendorCode}::text, ${call.txId}::text, ${hash}::text, ${session.accountId}::text,
        ${call.roundId}::text, ${merchant.merchantCode}::text, ${game.id}::text,
        ${game.gameType}::text, ${merchant.currency}::text, ${amount.toString()}::bigint,
        ${entry.entryId}::text, ${entry.hash}::text,
        ${JSON.stringify({ gameId: game.id, roundId: call.roundId })}::jsonb,
        ${sql.param(entry.accountIds)}::text[], ${sql.param(entry.amounts)}::text[]::bigint[],
        ${sql.param(hits.map((h) => h.id))}::text[], ${sql.param(hits.map((h) => h.poolId))}::text[])`);
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

  /** A vendor call's ledger entry, prepared for `ledger_post` inside the seamless functions. */
  private async entry(
    merchant: MerchantInfo,
    playerId: string,
    call: {
      vendorCode: string;
      txId: string;
      roundId: string;
      type: 'bet' | 'win';
      toPlayer: bigint;
      metadata: Record<string, unknown>;
      extra?: PostingInput[];
    },
  ) {
    const cash = await this.cashAccount(merchant, playerId);
    const house = await this.wallet.houseAccount(
      merchant.merchantCode,
      merchant.currency,
      playerId,
    );
    const extra = call.extra ?? [];
    const toHouse = -call.toPlayer - extra.reduce((sum, p) => sum + p.amount, 0n);
    // The same fields the function posts with, so the hash is the entry's own.
    return {
      cash,
      ...this.wallet.ledger.prepare({
        merchantCode: merchant.merchantCode,
        idempotencyKey: `seamless:${call.vendorCode}:${call.txId}`,
        type: call.type,
        actor: `vendor:${call.vendorCode}`,
        reference: `${call.vendorCode}:${call.roundId}`,
        metadata: call.metadata,
        postings: [
          { accountId: cash, amount: call.toPlayer },
          ...(toHouse === 0n ? [] : [{ accountId: house, amount: toHouse }]),
          ...extra,
        ],
      }),
    };
  }

  /**
   * Credits a win (zero for a lost round) to the round's player. The round must have a bet: a win
   * for an unknown round is refused (404) and moves nothing, so the vendor sends the bet first.
   * `final` closes the round and counts its valid bet.
   */
  async win(vendorCode: string, call: MoneyCall & { final: boolean }): Promise<WalletAnswer> {
    const hash = this.requestHash('win', call);
    const merchantCode = await this.merchantOfPlayer(vendorCode, call.playerId, call.roundId);
    if (!merchantCode) throw new AppError('round_not_found');
    const merchant = await this.merchant(merchantCode);
    const amount = this.amountOf(merchant, call.amount, true);
    const metadata = { roundId: call.roundId };
    // A lost round moves no money: only the cash balance is read for the answer.
    const entry =
      amount > 0n
        ? await this.entry(merchant, call.playerId, {
            vendorCode,
            txId: call.txId,
            roundId: call.roundId,
            type: 'win',
            toPlayer: amount,
            metadata,
          })
        : {
            cash: await this.cashAccount(merchant, call.playerId),
            entryId: null,
            hash: null,
            accountIds: [],
            amounts: [],
          };
    // The win and, when it settles the round, its turnover: one transaction, three statements.
    return this.db.transaction(async (tx) => {
      const rows = await this.run<{
        status: string;
        balance_after: string | null;
        valid_bet: string | null;
        settled: boolean;
      }>(
        sql`
        select status, balance_after::text as balance_after, valid_bet::text as valid_bet, settled
        from seamless_win(
          ${vendorCode}::text, ${call.txId}::text, ${hash}::text, ${call.playerId}::text,
          ${call.roundId}::text, ${merchant.merchantCode}::text, ${amount.toString()}::bigint,
          ${call.final}::boolean, ${entry.cash}::text, ${entry.entryId}::text, ${entry.hash}::text,
          ${JSON.stringify(metadata)}::jsonb,
          ${amount > 0n ? sql`${sql.param(entry.accountIds)}::text[]` : sql`null::text[]`},
          ${amount > 0n ? sql`${sql.param(entry.amounts)}::text[]::bigint[]` : sql`null::bigint[]`})`,
        tx,
      );
      const row = rows[0];
      switch (row?.status) {
        case 'posted':
          if (row.settled) await this.onSettled(call.playerId, BigInt(row.valid_bet!), tx);
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
    if (this.playerMerchants.size > 100_000) this.playerMerchants.clear();
    this.playerMerchants.set(playerId, row.merchantCode);
    return row.merchantCode;
  }

  /**
   * Refunds a bet the vendor cancels. A rollback for a bet never seen is recorded and answered,
   * and the bet, should it arrive later, is refused; a round already paid cannot be rolled back.
   */
  async rollback(vendorCode: string, call: { playerId: string; txId: string; betTxId: string }) {
    const hash = this.requestHash('rollback', call);
    const [account] = await this.db
      .select({ merchantCode: vendorSessions.merchantCode })
      .from(vendorSessions)
      .where(
        and(eq(vendorSessions.accountId, call.playerId), eq(vendorSessions.vendorCode, vendorCode)),
      )
      .limit(1);
    if (!account) throw new AppError('not_found', 'No such player at this vendor');
    const merchant = await this.merchant(account.merchantCode);
    return this.db.transaction(async (tx) => {
      // The bet's lock too, so a bet and its rollback racing each other go one after the other.
      await this.lockTx(tx, vendorCode, call.betTxId);
      const known = await this.claim(tx, vendorCode, call.txId, hash, merchant);
      if (known.replayed) return known.replayed;
      const cash = await this.cashAccount(merchant, call.playerId, tx);
      const [bet] = await tx
        .select()
        .from(vendorTransactions)
        .where(
          and(
            eq(vendorTransactions.vendorCode, vendorCode),
            eq(vendorTransactions.txId, call.betTxId),
            eq(vendorTransactions.kind, 'bet'),
          ),
        );
      if (bet && bet.accountId !== call.playerId)
        throw new AppError('forbidden', 'Bet of another player');
      let balance: bigint;
      let entryId: string | null = null;
      if (!bet) {
        balance = await this.wallet.ledger.balance(cash, tx);
      } else {
        const [record] = await tx
          .select()
          .from(betRecords)
          .where(
            and(
              eq(betRecords.vendorCode, vendorCode),
              eq(betRecords.roundId, bet.roundId),
              eq(betRecords.accountId, call.playerId),
            ),
          )
          .for('update');
        if (record && (record.status === 'settled' || record.payout > 0n)) {
          throw new AppError('conflict', 'This round is already paid');
        }
        ({ balance, entryId } = await this.move(tx, merchant, call.playerId, {
          vendorCode,
          txId: call.txId,
          roundId: bet.roundId,
          type: 'bet_rollback',
          toPlayer: bet.amount,
          reversesEntryId: bet.entryId,
        }));
        if (record) {
          const stake = record.stake - bet.amount;
          await tx
            .update(betRecords)
            .set({
              stake,
              validBet: record.validBet - bet.amount,
              ...(stake === 0n ? { status: 'cancelled' as const, settledAt: new Date() } : {}),
            })
            .where(eq(betRecords.id, record.id));
        }
      }
      await tx.insert(vendorTransactions).values({
        vendorCode,
        txId: call.txId,
        kind: 'rollback',
        accountId: call.playerId,
        roundId: bet?.roundId ?? '',
        amount: bet?.amount ?? 0n,
        refTxId: call.betTxId,
        requestHash: hash,
        balanceAfter: balance,
        entryId,
      });
      return this.answer(merchant, balance);
    });
  }
}
