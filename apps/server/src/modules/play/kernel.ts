// One class on purpose: every bet's life (open, place, settle, void, resettle, recover) runs
// through the same guards, sinks and lock order held here; the batch forms (batch.ts) and the
// group commit (instant.ts) already live apart and are called from it.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { LedgerEntryType } from '@taya/contracts';
import type { HoldRow, PostingInput, WalletService } from '../wallet';
import {
  lockRounds,
  openSharedRound,
  placeMany,
  settleMany,
  voidMany,
  type BatchKernel,
  type BatchResult,
  openRoundRow,
} from './batch';
import { GroupCommit, type InstantPlayed, type InstantRound } from './instant';
import { bets, roundActions, rounds } from './schema';

export type RoundRow = typeof rounds.$inferSelect;
export type BetRow = typeof bets.$inferSelect;

/** A settled bet as the stream's readers see it (bet records, turnover, …). */
export interface SettledBet {
  bet: BetRow;
  round: RoundRow;
}

/**
 * Where settled bets go, in the settling transaction: the bet records every report folds, the
 * member's withdrawal turnover. Set once the modules they belong to are built.
 */
export interface SettledSink {
  (tx: Tx, settled: SettledBet[]): Promise<void>;
}

export interface OpenRound {
  id?: string;
  merchantCode: string;
  gameId: string;
  gameCode: string;
  gameType: string;
  vendorCode: string;
  engine: string;
  state?: Record<string, unknown>;
  seedCommitment?: string | null;
  /** When the recovery job may give up on it (finish or void it). */
  recoverAfter?: Date | null;
}

export interface PlaceBet {
  /** The bet's id (a new one when absent). */
  id?: string;
  roundId: string;
  merchantCode: string;
  currency: string;
  player: string;
  stake: bigint;
  validBet?: bigint;
  /** Idempotency key of the stake's hold. */
  key: string;
  actor: string;
  detail?: Record<string, unknown>;
}

export interface BetResult {
  betId: string;
  payout: bigint;
  detail?: Record<string, unknown>;
}

export interface SettleRound {
  roundId: string;
  results: BetResult[];
  /** Prefix of each settle entry's key (the bet id is appended). */
  key: string;
  actor: string;
  /** The round's final state and revealed seeds. */
  state?: Record<string, unknown>;
  serverSeed?: string | null;
  clientSeed?: string | null;
  /** Postings taken from the house's share of each bet (by bet id): a jackpot's contribution. */
  extra?: Map<string, PostingInput[]>;
  /** Whether the round closes now (default: when no bet is left held). */
  close?: boolean;
}

/**
 * The wagering kernel: rounds and bets, stakes held through the wallet until the outcome, one
 * settle per bet, and the settled-bet stream. Every write runs in the caller's transaction, so an
 * engine step and its money commit together or not at all.
 */
/**
 * A check every bet passes before its stake is held (games: gaming switched off for the
 * merchant, the player or the game); it throws to refuse the bet.
 */
export type BetGuard = (
  tx: DbOrTx,
  bet: { merchantCode: string; player: string; gameId: string },
) => Promise<void>;

/** A guard's form for a batch of bets: each bet's refusal (an AppError), or null. */
export type BatchBetGuard = (
  tx: DbOrTx,
  bets: { merchantCode: string; player: string; gameId: string }[],
) => Promise<(AppError | null)[]>;

export class PlayKernel {
  private readonly sinks: SettledSink[] = [];
  private readonly guards: { one: BetGuard; many?: BatchBetGuard }[] = [];
  private readonly group: GroupCommit;

  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    /** Counts the bets it posts (held, settled, voided, resettled) for the node's metrics. */
    private readonly counted: (
      event: 'held' | 'settled' | 'voided' | 'resettled',
      n: number,
    ) => void = () => {},
  ) {
    this.group = new GroupCommit(
      {
        db,
        wallet,
        checkBets: (tx, list) => this.checkBets(tx, list),
        sinks: this.sinks,
        counted: (event, n) => this.counted(event, n),
      },
      { windowMs: 2, maxBatch: 64, concurrency: 2 },
    );
  }

  /** Adds a reader of settled bets, called in each settling transaction. */
  onSettled(sink: SettledSink): void {
    this.sinks.push(sink);
  }

  /**
   * Adds a check every bet passes before its stake is held (`place`, `placeMany`, `playInstant`),
   * with its form for a batch when it has one (else the batch runs it bet by bet).
   */
  guardBets(guard: BetGuard, many?: BatchBetGuard): void {
    this.guards.push({ one: guard, many });
  }

  /** Runs the bet guards; refuses the bet by throwing. */
  async checkBet(tx: DbOrTx, bet: { merchantCode: string; player: string; gameId: string }) {
    for (const guard of this.guards) await guard.one(tx, bet);
  }

  /** Runs the bet guards over a batch: each bet's refusal, or null; the first refusal counts. */
  async checkBets(
    tx: DbOrTx,
    list: { merchantCode: string; player: string; gameId: string }[],
  ): Promise<(AppError | null)[]> {
    const refused: (AppError | null)[] = list.map(() => null);
    for (const guard of this.guards) {
      const open = list.map((_, i) => i).filter((i) => refused[i] === null);
      if (open.length === 0) break;
      const answers = guard.many
        ? await guard.many(
            tx,
            open.map((i) => list[i]!),
          )
        : await Promise.all(
            open.map((i) =>
              guard.one(tx, list[i]!).then(
                () => null,
                (error: unknown) => {
                  if (error instanceof AppError) return error;
                  throw error;
                },
              ),
            ),
          );
      for (const [n, i] of open.entries()) refused[i] = answers[n] ?? null;
    }
    return refused;
  }

  /**
   * Plays an instant round (one bet, its outcome drawn before the stake is taken: a spin) by
   * group commit: with the other rounds that arrive within a few milliseconds, in one statement
   * of one transaction. The same rows and entries as `openRound`, `place` and `settle` in a
   * transaction of its own; refused as they refuse (money short, gaming off, session ended), and
   * a round id played before is refused with `idempotency_conflict`.
   */
  playInstant(round: InstantRound): Promise<InstantPlayed> {
    return this.group.play(round);
  }

  transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(run);
  }

  /**
   * Locks every account these players' play touches, plus `extra`, in one id order: call first in
   * a transaction that both places and settles, or settles many bets.
   */
  lockPlayers(
    tx: Tx,
    input: { merchantCode: string; currency: string; players: string[]; extra?: string[] },
  ): Promise<void> {
    return this.wallet.lockPlay(tx, input);
  }

  async openRound(tx: DbOrTx, input: OpenRound): Promise<RoundRow> {
    const [round] = await tx.insert(rounds).values(openRoundRow(input)).returning();
    return round!;
  }

  /**
   * Places a bet: the stake is held from the player's cash. The round is share-locked first (as
   * every kernel write takes the round before any account), so bets go in concurrently while a
   * settle or void of the round waits for them — and no bet enters a round once it has closed.
   */
  async place(
    tx: Tx,
    input: PlaceBet,
    /** The round as `openRound` gave it in this same transaction: no one else sees it yet. */
    openedHere?: RoundRow,
  ): Promise<{ bet: BetRow; hold: HoldRow; cashAfter: bigint }> {
    const [round] =
      openedHere?.id === input.roundId
        ? [openedHere]
        : await tx
            .select({ status: rounds.status, gameId: rounds.gameId })
            .from(rounds)
            .where(eq(rounds.id, input.roundId))
            .for('share');
    if (!round) throw new AppError('round_not_found');
    if (round.status !== 'open') throw new AppError('conflict', 'This round is closed');
    await this.checkBet(tx, {
      merchantCode: input.merchantCode,
      player: input.player,
      gameId: round.gameId,
    });
    const held = await this.wallet.hold(tx, {
      merchantCode: input.merchantCode,
      currency: input.currency,
      player: input.player,
      amount: input.stake,
      key: input.key,
      reason: `play:${input.roundId}`,
      actor: input.actor,
      reference: input.roundId,
    });
    if (held.replayed) {
      const [bet] = await tx.select().from(bets).where(eq(bets.holdId, held.hold.id));
      if (bet) return { bet, hold: held.hold, cashAfter: held.cashAfter };
    }
    const [bet] = await tx
      .insert(bets)
      .values({
        id: input.id ?? randomUUID(),
        roundId: input.roundId,
        merchantCode: input.merchantCode,
        accountId: input.player,
        currency: input.currency,
        stake: input.stake,
        validBet: input.validBet ?? input.stake,
        status: 'held',
        holdId: held.hold.id,
        detail: input.detail ?? {},
      })
      .returning();
    this.counted('held', 1);
    return { bet: bet!, hold: held.hold, cashAfter: held.cashAfter };
  }

  /**
   * Locks a round for a change of its bets or state. `no key update` leaves the key-share locks
   * of bets' foreign keys alone; a placing transaction's share lock still waits for it.
   */
  private async lockRound(tx: Tx, roundId: string): Promise<RoundRow> {
    const [round] = await tx
      .select()
      .from(rounds)
      .where(eq(rounds.id, roundId))
      .for('no key update');
    if (!round) throw new AppError('round_not_found');
    return round;
  }

  /**
   * A round and its bets, the round locked for a change (`for no key update`): a round played in
   * steps (mines, video poker) takes it before each step, so two steps never both apply.
   */
  async lockRoundWithBets(tx: Tx, roundId: string): Promise<{ round: RoundRow; bets: BetRow[] }> {
    const round = await this.lockRound(tx, roundId);
    const rows = await tx
      .select()
      .from(bets)
      .where(eq(bets.roundId, roundId))
      .orderBy(asc(bets.id));
    return { round, bets: rows };
  }

  /** Writes an open round's state (a step of a round played in steps), under its lock. */
  async setRoundState(tx: Tx, roundId: string, state: Record<string, unknown>): Promise<RoundRow> {
    const [round] = await tx
      .update(rounds)
      .set({ state })
      .where(and(eq(rounds.id, roundId), eq(rounds.status, 'open')))
      .returning();
    if (!round) throw new AppError('conflict', 'This round is closed');
    return round;
  }

  /**
   * Settles bets of a round with their payouts (each its own wallet settle, keyed by bet), then
   * passes them to the stream's readers. Bets already closed are refused, not paid again.
   */
  async settle(
    tx: Tx,
    input: SettleRound,
    /**
     * The round, its bets and their holds as this same transaction opened and placed them (an
     * instant round: a spin): no one else sees them yet, so they are not read again.
     */
    placedHere?: { round: RoundRow; bets: BetRow[]; holds: HoldRow[] },
  ): Promise<{ round: RoundRow; settled: SettledBet[]; cashAfter: Map<string, bigint> }> {
    const here = placedHere?.round.id === input.roundId ? placedHere : undefined;
    const round = here?.round ?? (await this.lockRound(tx, input.roundId));
    if (round.status !== 'open') throw new AppError('conflict', 'This round is closed');
    const ids = input.results.map((r) => r.betId);
    const rows =
      ids.length === 0
        ? []
        : here
          ? here.bets.filter((b) => ids.includes(b.id)).sort((a, b) => (a.id < b.id ? -1 : 1))
          : await tx
              .select()
              .from(bets)
              .where(and(eq(bets.roundId, round.id), inArray(bets.id, ids)))
              .orderBy(asc(bets.id));
    if (rows.length > 1) {
      await this.wallet.lockPlay(tx, {
        merchantCode: round.merchantCode,
        currency: rows[0]!.currency,
        players: rows.map((b) => b.accountId),
        extra: [...(input.extra?.values() ?? [])].flat().map((p) => p.accountId),
      });
    }
    const cashAfter = new Map<string, bigint>();
    const done: BetRow[] = [];
    const fresh: BetRow[] = [];
    for (const bet of rows) {
      // A bet closed before is refused by the wallet (or, under this same key, replayed).
      const result = input.results.find((r) => r.betId === bet.id)!;
      const heldHere = here?.holds.find((h) => h.id === bet.holdId);
      const closed = await this.wallet.settle(tx, {
        merchantCode: bet.merchantCode,
        holds: [bet.holdId],
        ...(heldHere ? { heldHere: [heldHere] } : {}),
        payouts: [{ player: bet.accountId, amount: result.payout }],
        extra: input.extra?.get(bet.id),
        key: `${input.key}:${bet.id}`,
        actor: input.actor,
        reference: round.id,
      });
      const after = closed.cashAfter.get(bet.accountId);
      if (after !== undefined) cashAfter.set(bet.accountId, after);
      if (closed.replayed) {
        done.push(bet);
        continue;
      }
      const [updated] = await tx
        .update(bets)
        .set({
          status: 'settled',
          payout: result.payout,
          closeEntryId: closed.entryId,
          settledAt: sql`now()`,
          ...(result.detail ? { detail: { ...bet.detail, ...result.detail } } : {}),
        })
        .where(eq(bets.id, bet.id))
        .returning();
      done.push(updated!);
      fresh.push(updated!);
    }
    if (done.length !== ids.length) throw new AppError('not_found', 'No such bet in this round');
    const closeNow = input.close ?? (await this.heldIn(tx, round.id)) === 0;
    const changes = {
      ...(input.state ? { state: input.state } : {}),
      ...(input.serverSeed !== undefined ? { serverSeed: input.serverSeed } : {}),
      ...(input.clientSeed !== undefined ? { clientSeed: input.clientSeed } : {}),
      ...(closeNow ? { status: 'settled' as const, closedAt: sql`now()` } : {}),
    };
    const updatedRound =
      Object.keys(changes).length === 0
        ? round
        : (await tx.update(rounds).set(changes).where(eq(rounds.id, round.id)).returning())[0]!;
    // Only bets settled now reach the stream: a replay was counted the first time.
    const settled = fresh.map((bet) => ({ bet, round: updatedRound }));
    if (settled.length > 0) for (const sink of this.sinks) await sink(tx, settled);
    return { round: updatedRound, settled, cashAfter };
  }

  private async heldIn(tx: Tx, roundId: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bets)
      .where(and(eq(bets.roundId, roundId), eq(bets.status, 'held')));
    return row!.n;
  }

  /**
   * Voids bets of an open round: each stake still held returns to its player (at most once: a bet
   * already settled or voided is refused and nothing moves, unless `key` closed it — a retry).
   */
  async voidBets(
    tx: Tx,
    input: { roundId: string; betIds: string[]; key: string; actor: string; reason: string },
  ): Promise<{ cashAfter: Map<string, bigint>; replayed: boolean }> {
    const round = await this.lockRound(tx, input.roundId);
    const rows = await tx
      .select()
      .from(bets)
      .where(and(eq(bets.roundId, round.id), inArray(bets.id, input.betIds)))
      .orderBy(asc(bets.id));
    if (rows.length !== new Set(input.betIds).size) {
      throw new AppError('not_found', 'No such bet in this round');
    }
    const cashAfter = new Map<string, bigint>();
    let replayed = true;
    for (const bet of rows) {
      const closed = await this.wallet.void(tx, {
        merchantCode: bet.merchantCode,
        holds: [bet.holdId],
        key: `${input.key}:${bet.id}`,
        actor: input.actor,
        reference: round.id,
        metadata: { reason: input.reason },
      });
      replayed &&= closed.replayed;
      const after = closed.cashAfter.get(bet.accountId);
      if (after !== undefined) cashAfter.set(bet.accountId, after);
      if (!closed.replayed) {
        await tx
          .update(bets)
          .set({ status: 'void', closeEntryId: closed.entryId, settledAt: sql`now()` })
          .where(eq(bets.id, bet.id));
        this.counted('voided', 1);
      }
    }
    return { cashAfter, replayed };
  }

  /**
   * Voids a round: every bet still held returns to its player, the round is closed as void, and
   * the action is recorded with who did it and why.
   */
  async voidRound(
    tx: Tx,
    input: { roundId: string; actor: string; reason: string; action?: 'void' | 'recover' },
  ): Promise<{ returned: number }> {
    const round = await this.lockRound(tx, input.roundId);
    if (round.status !== 'open') throw new AppError('conflict', 'This round is already closed');
    const held = await tx
      .select({ id: bets.id })
      .from(bets)
      .where(and(eq(bets.roundId, round.id), eq(bets.status, 'held')));
    if (held.length > 0) {
      await this.voidBets(tx, {
        roundId: round.id,
        betIds: held.map((b) => b.id),
        key: 'play:void',
        actor: input.actor,
        reason: input.reason,
      });
    }
    await tx
      .update(rounds)
      .set({ status: 'void', closedAt: sql`now()` })
      .where(eq(rounds.id, round.id));
    await tx.insert(roundActions).values({
      id: randomUUID(),
      roundId: round.id,
      action: input.action ?? 'void',
      actor: input.actor,
      reason: input.reason,
      detail: { returned: held.length },
    });
    this.counted('voided', held.length);
    return { returned: held.length };
  }

  /**
   * Settles a settled round again with corrected payouts: each bet's settle entry is reversed (an
   * entry pointing at it) and the new payout posted; the action is recorded.
   */
  async resettle(
    tx: Tx,
    input: { roundId: string; results: BetResult[]; actor: string; reason: string },
  ): Promise<{ resettled: number }> {
    const round = await this.lockRound(tx, input.roundId);
    if (round.status !== 'settled') throw new AppError('conflict', 'Only a settled round');
    const actionId = randomUUID();
    let resettled = 0;
    for (const result of input.results) {
      const [bet] = await tx
        .select()
        .from(bets)
        .where(and(eq(bets.id, result.betId), eq(bets.roundId, round.id)));
      if (!bet || bet.status !== 'settled') throw new AppError('not_found', 'No settled bet');
      if (bet.payout === result.payout) continue;
      const closed = await this.wallet.resettle(tx, {
        merchantCode: bet.merchantCode,
        holds: [bet.holdId],
        payouts: [{ player: bet.accountId, amount: result.payout }],
        key: `play:resettle:${actionId}:${bet.id}`,
        actor: input.actor,
        reference: round.id,
        metadata: { reason: input.reason, previousPayout: bet.payout.toString() },
      });
      await tx
        .update(bets)
        .set({ payout: result.payout, closeEntryId: closed.entryId })
        .where(eq(bets.id, bet.id));
      resettled += 1;
    }
    await tx.insert(roundActions).values({
      id: actionId,
      roundId: round.id,
      action: 'resettle',
      actor: input.actor,
      reason: input.reason,
      detail: {
        results: input.results.map((r) => ({ betId: r.betId, payout: r.payout.toString() })),
      },
    });
    this.counted('resettled', resettled);
    return { resettled };
  }

  /**
   * The recovery job's rule: a round still open after its `recoverAfter` is finished if its state
   * holds a drawn outcome with payouts (`state.payouts`, by bet id), and otherwise voided, every
   * held stake returning to its player. No stake stays held past the deadline. A round played in
   * steps keeps in `state.payouts` what finishing it by its rules pays (mines: a cash-out; video
   * poker: the optimal draw) and in `state.recovered` the state it then closes with.
   */
  async recover(now = new Date(), limit = 200): Promise<{ settled: number; voided: number }> {
    const stale = await this.db
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(eq(rounds.status, 'open'), lt(rounds.recoverAfter, now)))
      .limit(limit);
    let settled = 0;
    let voided = 0;
    for (const { id } of stale) {
      await this.db.transaction(async (tx) => {
        const round = await this.lockRound(tx, id);
        if (round.status !== 'open') return;
        const { payouts, recovered } = round.state as {
          payouts?: Record<string, string>;
          recovered?: Record<string, unknown>;
        };
        if (payouts) {
          const held = await tx
            .select({ id: bets.id })
            .from(bets)
            .where(and(eq(bets.roundId, id), eq(bets.status, 'held')));
          await this.settle(tx, {
            roundId: id,
            key: 'play:recover',
            actor: 'job:play.recover',
            close: true,
            ...(recovered ? { state: recovered } : {}),
            results: held.map((b) => ({ betId: b.id, payout: BigInt(payouts[b.id] ?? '0') })),
          });
          await tx.insert(roundActions).values({
            id: randomUUID(),
            roundId: id,
            action: 'recover',
            actor: 'job:play.recover',
            reason: 'finished with its drawn outcome',
            detail: { settled: held.length },
          });
          settled += 1;
        } else {
          await this.voidRound(tx, {
            roundId: id,
            actor: 'job:play.recover',
            reason: 'interrupted before its outcome',
            action: 'recover',
          });
          voided += 1;
        }
      });
    }
    return { settled, voided };
  }
  // ---- batch forms, for shared rounds many bets go into and settle out of together (batch.ts) ----

  private get batch(): BatchKernel {
    return {
      wallet: this.wallet,
      sinks: this.sinks,
      checkBet: (tx, bet) => this.checkBet(tx, bet),
    };
  }

  /** Opens a shared round under a stable id, or finds it (see batch.ts). */
  openSharedRound(tx: DbOrTx, input: OpenRound & { id: string }): Promise<RoundRow> {
    return openSharedRound(tx, input);
  }

  /** A round's status (open, settled, void), or null when there is no such round. */
  async roundStatus(db: DbOrTx, roundId: string): Promise<RoundRow['status'] | null> {
    const [round] = await db
      .select({ status: rounds.status })
      .from(rounds)
      .where(eq(rounds.id, roundId));
    return round?.status ?? null;
  }

  /** Locks rounds in id order before any account (see batch.ts). */
  lockRounds(tx: Tx, roundIds: string[]): Promise<void> {
    return lockRounds(tx, roundIds);
  }

  /** Places many bets in one transaction, each stake its own hold (see batch.ts). */
  async placeMany(tx: Tx, input: { bets: PlaceBet[]; type?: LedgerEntryType }) {
    const placed = await placeMany(this.batch, tx, input);
    this.counted('held', input.bets.length);
    return placed;
  }

  /** Settles a batch of a round's bets in one wallet entry (see batch.ts). */
  settleMany(
    tx: Tx,
    input: {
      roundId: string;
      results: BatchResult[];
      key: string;
      actor: string;
      type?: LedgerEntryType;
      metadata?: Record<string, unknown>;
    },
  ) {
    return settleMany(this.batch, tx, input);
  }

  /** Voids a batch of a round's bets in one wallet entry (see batch.ts). */
  async voidMany(
    tx: Tx,
    input: {
      roundId: string;
      betIds: string[];
      key: string;
      actor: string;
      reason: string;
      type?: LedgerEntryType;
    },
  ) {
    const out = await voidMany(this.batch, tx, input);
    if (!out.replayed) this.counted('voided', input.betIds.length);
    return out;
  }
}
