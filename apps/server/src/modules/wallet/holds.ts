import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerEntryType } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Ledger, PostingInput } from './ledger';
import { accountKinds, houseShards, shardOf } from './model';
import { ledgerEntries, ledgerHolds, ledgerPostings } from './schema';

export type HoldRow = typeof ledgerHolds.$inferSelect;

/** How many `bets_in_play` accounts held stakes spread over (by player). */
export const inPlayShards = 16;

export interface HoldInput {
  merchantCode: string;
  currency: string;
  /** The player whose cash the stake comes from. */
  player: string;
  amount: bigint;
  /** Idempotency key: the same key again answers the first hold and moves nothing. */
  key: string;
  /** What the stake is for, e.g. `play:<round id>`. */
  reason: string;
  actor: string;
  type?: LedgerEntryType;
  reference?: string | null;
  metadata?: Record<string, unknown>;
}

export interface HoldResult {
  hold: HoldRow;
  /** The player's cash after the stake left it. */
  cashAfter: bigint;
  replayed: boolean;
}

/** Someone an outcome pays: a player's cash, or (for `extra`) any account named directly. */
export interface Payout {
  player: string;
  amount: bigint;
}

export interface CloseInput {
  merchantCode: string;
  /** The holds this entry closes (at least one; all of one merchant and currency). */
  holds: string[];
  key: string;
  actor: string;
  type?: LedgerEntryType;
  reference?: string | null;
  metadata?: Record<string, unknown>;
}

export interface SettleInput extends CloseInput {
  /**
   * The holds as `hold` gave them earlier in this same transaction (a round held and settled at
   * once): no one else sees them yet, so they are neither read nor locked again.
   */
  heldHere?: HoldRow[];
  /** What the outcome pays each player (0 or more; may exceed the stakes). */
  payouts: Payout[];
  /** More postings paid out of the house's share (a jackpot's contribution, a rake's split). */
  extra?: PostingInput[];
}

export interface CloseResult {
  /** Null only for a replay of nothing (never: a close always posts). */
  entryId: string;
  replayed: boolean;
  /** Each player's cash after the entry, for the players it paid. */
  cashAfter: Map<string, bigint>;
}

/** A round held and settled at once (a spin), for a batch that posts many in one statement. */
export interface InstantPlayInput {
  merchantCode: string;
  currency: string;
  player: string;
  stake: bigint;
  payout: bigint;
  /** Idempotency keys of the hold entry and of the settle entry. */
  holdKey: string;
  settleKey: string;
  actor: string;
  /** The round the entries refer to. */
  reference: string;
  /** More postings paid out of the house's share (a jackpot's contribution). */
  extra?: PostingInput[];
}

/** One entry checked and hashed, as `ledger_post` takes it (amounts as text). */
export interface PreparedEntry {
  id: string;
  key: string;
  hash: string;
  type: LedgerEntryType;
  actor: string;
  metadata: Record<string, unknown>;
  accounts: string[];
  amounts: string[];
}

/** The two entries of an instant round and the player's accounts they move. */
export interface InstantPlayEntries {
  cash: string;
  inPlay: string;
  hold: PreparedEntry;
  settle: PreparedEntry;
}

/** Accounts the holds need, found through the wallet's ledger. */
export interface HoldAccounts {
  cash(merchantCode: string, currency: string, player: string, db: DbOrTx): Promise<string>;
  inPlay(merchantCode: string, currency: string, player: string, db: DbOrTx): Promise<string>;
  house(merchantCode: string, currency: string, player: string, db: DbOrTx): Promise<string>;
}

/** The `bets_in_play` shard a player's stakes are held in. */
export function inPlaySubKind(player: string): string {
  return `shard-${shardOf(player, inPlayShards)}`;
}

export { houseShards, accountKinds };

/**
 * Two-phase transfers for stakes (after TigerBeetle's pending transfers): `hold` reserves a stake
 * in a `bets_in_play` account; `settle` closes holds and pays the outcome (to players, the house,
 * others); `void` returns them. Each is one ledger entry with an idempotency key; a hold closes
 * exactly once — a second close under another key is refused and moves nothing.
 */
export class Holds {
  constructor(
    private readonly ledger: Ledger<LedgerEntryType>,
    private readonly accounts: HoldAccounts,
  ) {}

  async hold(tx: DbOrTx, input: HoldInput): Promise<HoldResult> {
    if (input.amount <= 0n) {
      throw new AppError('request_param_err', 'A stake must be positive', [
        { path: 'amount', code: 'invalid', message: 'A stake must be positive' },
      ]);
    }
    const cash = await this.accounts.cash(input.merchantCode, input.currency, input.player, tx);
    const inPlay = await this.accounts.inPlay(input.merchantCode, input.currency, input.player, tx);
    const posted = await this.ledger.post(
      {
        merchantCode: input.merchantCode,
        idempotencyKey: input.key,
        type: input.type ?? 'bet',
        actor: input.actor,
        reference: input.reference ?? input.reason,
        metadata: input.metadata ?? {},
        postings: [
          { accountId: cash, amount: -input.amount },
          { accountId: inPlay, amount: input.amount },
        ],
      },
      tx,
    );
    const cashAfter = posted.postings.find((p) => p.accountId === cash)!.balanceAfter;
    if (posted.replayed) {
      const [hold] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, posted.entryId));
      if (!hold) throw new AppError('idempotency_conflict', 'This key was used for another entry');
      return { hold, cashAfter, replayed: true };
    }
    const [hold] = await tx
      .insert(ledgerHolds)
      .values({
        id: posted.entryId,
        merchantCode: input.merchantCode,
        currency: input.currency,
        ownerId: input.player,
        accountId: cash,
        inPlayAccountId: inPlay,
        amount: input.amount,
        status: 'held',
        reason: input.reason,
      })
      .returning();
    return { hold: hold!, cashAfter, replayed: false };
  }

  /**
   * The hold and the settle of a round played at once, prepared for a server-side batch
   * (`play_instant_rounds`, migration 0061) to post: the same postings, types, metadata and
   * request hashes as `hold` then `settle` would post, under the same keys.
   */
  async prepareInstant(db: DbOrTx, input: InstantPlayInput): Promise<InstantPlayEntries> {
    if (input.stake <= 0n) {
      throw new AppError('request_param_err', 'A stake must be positive', [
        { path: 'amount', code: 'invalid', message: 'A stake must be positive' },
      ]);
    }
    if (input.payout < 0n) throw new AppError('request_param_err', 'A payout cannot be negative');
    const { merchantCode, currency, player } = input;
    const cash = await this.accounts.cash(merchantCode, currency, player, db);
    const inPlay = await this.accounts.inPlay(merchantCode, currency, player, db);
    const house = await this.accounts.house(merchantCode, currency, player, db);
    const holdEntry = {
      merchantCode,
      idempotencyKey: input.holdKey,
      type: 'bet' as const,
      actor: input.actor,
      reference: input.reference,
      metadata: {},
      postings: [
        { accountId: cash, amount: -input.stake },
        { accountId: inPlay, amount: input.stake },
      ],
    };
    const hold = this.ledger.prepare(holdEntry);
    // As `settle` sums them: the stake out of play, the payout in, the extra, the house the rest.
    const sums = new Map<string, bigint>();
    const add = (id: string, amount: bigint) => sums.set(id, (sums.get(id) ?? 0n) + amount);
    add(inPlay, -input.stake);
    let paid = 0n;
    if (input.payout > 0n) {
      add(cash, input.payout);
      paid += input.payout;
    }
    for (const e of input.extra ?? []) {
      add(e.accountId, e.amount);
      paid += e.amount;
    }
    add(house, input.stake - paid);
    const settleEntry = {
      merchantCode,
      idempotencyKey: input.settleKey,
      type: 'win' as const,
      actor: input.actor,
      reference: input.reference,
      metadata: { holds: [hold.entryId] },
      postings: [...sums]
        .filter(([, amount]) => amount !== 0n)
        .map(([accountId, amount]) => ({ accountId, amount })),
    };
    const settle = this.ledger.prepare(settleEntry);
    const prepared = (
      entry: typeof holdEntry | typeof settleEntry,
      p: ReturnType<Ledger<LedgerEntryType>['prepare']>,
    ): PreparedEntry => ({
      id: p.entryId,
      key: entry.idempotencyKey,
      hash: p.hash,
      type: entry.type,
      actor: entry.actor,
      metadata: entry.metadata,
      accounts: p.accountIds,
      amounts: p.amounts,
    });
    return {
      cash,
      inPlay,
      hold: prepared(holdEntry, hold),
      settle: prepared(settleEntry, settle),
    };
  }

  /**
   * Locks the holds (in id order, so closes never wait on each other in a circle) and tells
   * whether this key closed them already (a replay) — any other closed hold is refused.
   */
  private async lockOpen(
    tx: DbOrTx,
    input: CloseInput,
  ): Promise<{ holds: HoldRow[]; replay: string | null }> {
    const ids = [...new Set(input.holds)];
    if (ids.length === 0) {
      throw new AppError('request_param_err', 'No holds to close', [
        { path: 'holds', code: 'invalid', message: 'At least one hold' },
      ]);
    }
    const holds = await tx
      .select()
      .from(ledgerHolds)
      .where(and(inArray(ledgerHolds.id, ids), eq(ledgerHolds.merchantCode, input.merchantCode)))
      .orderBy(ledgerHolds.id)
      .for('update');
    if (holds.length !== ids.length) throw new AppError('not_found', 'No such hold');
    const currencies = new Set(holds.map((h) => h.currency));
    if (currencies.size > 1) throw new AppError('request_param_err', 'Holds of two currencies');
    const closed = holds.filter((h) => h.status !== 'held');
    if (closed.length === 0) return { holds, replay: null };
    const [entry] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.merchantCode, input.merchantCode),
          eq(ledgerEntries.idempotencyKey, input.key),
        ),
      );
    if (entry && holds.every((h) => h.closeEntryId === entry.id))
      return { holds, replay: entry.id };
    const status = closed[0]!.status;
    throw new AppError(
      'conflict',
      status === 'void' ? 'This bet was already cancelled' : 'This bet was already settled',
      undefined,
      { holdStatus: status },
    );
  }

  private async replayed(tx: DbOrTx, entryId: string, holds: HoldRow[]): Promise<CloseResult> {
    const rows = await tx
      .select({ accountId: ledgerPostings.accountId, balanceAfter: ledgerPostings.balanceAfter })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.entryId, entryId));
    const cashAfter = new Map<string, bigint>();
    for (const h of holds) {
      const row = rows.find((r) => r.accountId === h.accountId);
      if (row) cashAfter.set(h.ownerId, row.balanceAfter);
    }
    return { entryId, replayed: true, cashAfter };
  }

  private async markClosed(
    tx: DbOrTx,
    holds: HoldRow[],
    status: 'settled' | 'void',
    entryId: string,
  ) {
    await tx
      .update(ledgerHolds)
      .set({ status, closeEntryId: entryId, closedAt: sql`now()` })
      .where(
        and(
          inArray(
            ledgerHolds.id,
            holds.map((h) => h.id),
          ),
          eq(ledgerHolds.status, 'held'),
        ),
      );
  }

  /**
   * Closes holds with an outcome: the stakes leave `bets_in_play`, each payout goes to its
   * player's cash, `extra` postings are paid, and the house takes (or pays) the rest.
   */
  async settle(tx: DbOrTx, input: SettleInput): Promise<CloseResult> {
    const ids = new Set(input.holds);
    const here = input.heldHere;
    const { holds, replay } =
      here?.length === ids.size &&
      here.every(
        (h) => ids.has(h.id) && h.status === 'held' && h.merchantCode === input.merchantCode,
      )
        ? { holds: [...here].sort((a, b) => (a.id < b.id ? -1 : 1)), replay: null }
        : await this.lockOpen(tx, input);
    if (replay) return this.replayed(tx, replay, holds);
    const sums = new Map<string, bigint>();
    const add = (id: string, amount: bigint) => sums.set(id, (sums.get(id) ?? 0n) + amount);
    let stake = 0n;
    for (const h of holds) {
      add(h.inPlayAccountId, -h.amount);
      stake += h.amount;
    }
    const { currency } = holds[0]!;
    const cashOf = new Map<string, string>();
    let paid = 0n;
    for (const p of input.payouts) {
      if (p.amount < 0n) throw new AppError('request_param_err', 'A payout cannot be negative');
      if (p.amount === 0n) continue;
      const own = holds.find((h) => h.ownerId === p.player);
      const cash =
        own?.accountId ?? (await this.accounts.cash(input.merchantCode, currency, p.player, tx));
      cashOf.set(p.player, cash);
      add(cash, p.amount);
      paid += p.amount;
    }
    for (const e of input.extra ?? []) {
      add(e.accountId, e.amount);
      paid += e.amount;
    }
    const house = await this.accounts.house(input.merchantCode, currency, holds[0]!.ownerId, tx);
    add(house, stake - paid);
    const postings = [...sums].filter(([, amount]) => amount !== 0n);
    const posted = await this.ledger.post(
      {
        merchantCode: input.merchantCode,
        idempotencyKey: input.key,
        type: input.type ?? 'win',
        actor: input.actor,
        reference: input.reference ?? holds[0]!.reason,
        metadata: { ...input.metadata, holds: holds.map((h) => h.id) },
        postings: postings.map(([accountId, amount]) => ({ accountId, amount })),
      },
      tx,
    );
    await this.markClosed(tx, holds, 'settled', posted.entryId);
    const cashAfter = new Map<string, bigint>();
    for (const [player, cash] of cashOf) {
      cashAfter.set(player, posted.postings.find((p) => p.accountId === cash)!.balanceAfter);
    }
    return { entryId: posted.entryId, replayed: posted.replayed, cashAfter };
  }

  /** Closes holds without an outcome: every stake returns to its player's cash. */
  async void(tx: DbOrTx, input: CloseInput): Promise<CloseResult> {
    const { holds, replay } = await this.lockOpen(tx, input);
    if (replay) return this.replayed(tx, replay, holds);
    const sums = new Map<string, bigint>();
    const add = (id: string, amount: bigint) => sums.set(id, (sums.get(id) ?? 0n) + amount);
    for (const h of holds) {
      add(h.inPlayAccountId, -h.amount);
      add(h.accountId, h.amount);
    }
    const posted = await this.ledger.post(
      {
        merchantCode: input.merchantCode,
        idempotencyKey: input.key,
        type: input.type ?? 'bet_rollback',
        actor: input.actor,
        reference: input.reference ?? holds[0]!.reason,
        metadata: { ...input.metadata, holds: holds.map((h) => h.id) },
        postings: [...sums].map(([accountId, amount]) => ({ accountId, amount })),
      },
      tx,
    );
    await this.markClosed(tx, holds, 'void', posted.entryId);
    const cashAfter = new Map<string, bigint>();
    for (const h of holds) {
      const p = posted.postings.find((x) => x.accountId === h.accountId);
      if (p) cashAfter.set(h.ownerId, p.balanceAfter);
    }
    return { entryId: posted.entryId, replayed: posted.replayed, cashAfter };
  }

  /**
   * Settles holds again with a new outcome: one entry reverses the settling entry (pointing at
   * it), a second pays the new outcome. A player who has spent a win the reversal takes back is
   * refused (insufficient funds) and nothing changes.
   */
  async resettle(tx: DbOrTx, input: SettleInput): Promise<CloseResult> {
    const ids = [...new Set(input.holds)];
    const holds = await tx
      .select()
      .from(ledgerHolds)
      .where(and(inArray(ledgerHolds.id, ids), eq(ledgerHolds.merchantCode, input.merchantCode)))
      .orderBy(ledgerHolds.id)
      .for('update');
    if (holds.length !== ids.length) throw new AppError('not_found', 'No such hold');
    const [done] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.merchantCode, input.merchantCode),
          eq(ledgerEntries.idempotencyKey, input.key),
        ),
      );
    if (done && holds.every((h) => h.closeEntryId === done.id)) {
      return this.replayed(tx, done.id, holds);
    }
    const previous = holds[0]!.closeEntryId;
    if (holds.some((h) => h.status !== 'settled' || h.closeEntryId !== previous) || !previous) {
      throw new AppError('conflict', 'Only holds settled together can be settled again');
    }
    // The reversal undoes the whole settling entry, so it must cover every hold that entry
    // closed: one bet of a batch settled in one entry (a lottery issue's) cannot be resettled
    // alone, or the other bets' stakes and payouts would be reversed with nothing to replace them.
    const [entry] = await tx
      .select({ metadata: ledgerEntries.metadata })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, previous));
    const closedTogether = (entry?.metadata as { holds?: unknown } | undefined)?.holds;
    if (
      Array.isArray(closedTogether) &&
      closedTogether.some((id) => typeof id === 'string' && !ids.includes(id))
    ) {
      throw new AppError(
        'conflict',
        'These bets were settled together with others: resettle them all at once',
      );
    }
    const old = await tx
      .select({ accountId: ledgerPostings.accountId, amount: ledgerPostings.amount })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.entryId, previous));
    await this.ledger.post(
      {
        merchantCode: input.merchantCode,
        idempotencyKey: `${input.key}:reverse`,
        type: input.type ?? 'win',
        actor: input.actor,
        reference: input.reference ?? holds[0]!.reason,
        reversesEntryId: previous,
        metadata: { ...input.metadata, holds: holds.map((h) => h.id) },
        postings: old.map((p) => ({ accountId: p.accountId, amount: -p.amount })),
      },
      tx,
    );
    // Open again within this transaction only, so the new outcome settles them like the first.
    await tx
      .update(ledgerHolds)
      .set({ status: 'held', closeEntryId: null, closedAt: null })
      .where(inArray(ledgerHolds.id, ids));
    return this.settle(tx, input);
  }
}
