import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerEntryType } from '@taya/contracts';
import type { DbOrTx, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { WalletService } from '../wallet';
import type { BetResult, BetRow, OpenRound, PlaceBet, RoundRow, SettledSink } from './kernel';
import { bets, rounds } from './schema';

/**
 * Batch forms of the kernel's writes, for a shared round many bets go into and settle out of
 * together (a lottery issue): many holds in one transaction, and one wallet entry closing a
 * batch of bets. Every write runs in the caller's transaction.
 */
export interface BatchKernel {
  wallet: WalletService;
  sinks: readonly SettledSink[];
  /** The kernel's bet guards (`PlayKernel.guardBets`). */
  checkBet: (
    tx: Tx,
    bet: { merchantCode: string; player: string; gameId: string },
  ) => Promise<void>;
}

/** A bet's outcome in a batch; `validBet` corrects what counts as turnover (a push: 0). */
export interface BatchResult extends BetResult {
  validBet?: bigint;
}

/** The row a round opens with: status open, the engine's first state, its seed commitment. */
export function openRoundRow(input: OpenRound): typeof rounds.$inferInsert {
  return {
    id: input.id ?? randomUUID(),
    merchantCode: input.merchantCode,
    gameId: input.gameId,
    gameCode: input.gameCode,
    gameType: input.gameType,
    vendorCode: input.vendorCode,
    engine: input.engine,
    status: 'open',
    state: input.state ?? {},
    seedCommitment: input.seedCommitment ?? null,
    recoverAfter: input.recoverAfter ?? null,
  };
}

/**
 * Opens a shared round under a stable id, or finds it open already: the first bet on it opens
 * it, every later one (in this or a concurrent transaction) finds it.
 */
export async function openSharedRound(
  tx: DbOrTx,
  input: OpenRound & { id: string },
): Promise<RoundRow> {
  await tx.insert(rounds).values(openRoundRow(input)).onConflictDoNothing({ target: rounds.id });
  const [round] = await tx.select().from(rounds).where(eq(rounds.id, input.id));
  return round!;
}

/**
 * Places many bets (in one or more rounds) in one transaction: the rounds are share-locked first,
 * in id order, then each stake is held (each its own hold, so each bet closes on its own).
 */
export async function placeMany(
  kernel: BatchKernel,
  tx: Tx,
  input: { bets: PlaceBet[]; type?: LedgerEntryType },
): Promise<{ bets: BetRow[]; cashAfter: Map<string, bigint> }> {
  const roundIds = [...new Set(input.bets.map((b) => b.roundId))].sort();
  if (roundIds.length === 0) return { bets: [], cashAfter: new Map() };
  const locked = await tx
    .select({ id: rounds.id, status: rounds.status, gameId: rounds.gameId })
    .from(rounds)
    .where(inArray(rounds.id, roundIds))
    .orderBy(asc(rounds.id))
    .for('share');
  if (locked.length !== roundIds.length) throw new AppError('round_not_found');
  if (locked.some((r) => r.status !== 'open'))
    throw new AppError('conflict', 'This round is closed');
  const gameOf = new Map(locked.map((r) => [r.id, r.gameId]));
  const checked = new Set<string>();
  for (const bet of input.bets) {
    const key = `${bet.merchantCode}|${bet.player}|${bet.roundId}`;
    if (checked.has(key)) continue;
    checked.add(key);
    await kernel.checkBet(tx, {
      merchantCode: bet.merchantCode,
      player: bet.player,
      gameId: gameOf.get(bet.roundId)!,
    });
  }
  const cashAfter = new Map<string, bigint>();
  const placed: BetRow[] = [];
  const fresh: (typeof bets.$inferInsert)[] = [];
  for (const bet of input.bets) {
    const held = await kernel.wallet.hold(tx, {
      merchantCode: bet.merchantCode,
      currency: bet.currency,
      player: bet.player,
      amount: bet.stake,
      key: bet.key,
      reason: `play:${bet.roundId}`,
      actor: bet.actor,
      reference: bet.roundId,
      ...(input.type ? { type: input.type } : {}),
    });
    cashAfter.set(bet.player, held.cashAfter);
    if (held.replayed) {
      const [row] = await tx.select().from(bets).where(eq(bets.holdId, held.hold.id));
      if (row) {
        placed.push(row);
        continue;
      }
    }
    fresh.push({
      id: bet.id ?? randomUUID(),
      roundId: bet.roundId,
      merchantCode: bet.merchantCode,
      accountId: bet.player,
      currency: bet.currency,
      stake: bet.stake,
      validBet: bet.validBet ?? bet.stake,
      status: 'held',
      holdId: held.hold.id,
      detail: bet.detail ?? {},
    });
  }
  if (fresh.length > 0) placed.push(...(await tx.insert(bets).values(fresh).returning()));
  return { bets: placed, cashAfter };
}

/**
 * Locks rounds for a change of their bets, in id order, before any account: call first in a
 * transaction that voids or settles bets of several rounds, so it never waits in a circle with
 * a placing transaction (rounds, then accounts).
 */
export async function lockRounds(tx: Tx, roundIds: string[]): Promise<void> {
  const ids = [...new Set(roundIds)].sort();
  if (ids.length === 0) return;
  await tx
    .select({ id: rounds.id })
    .from(rounds)
    .where(inArray(rounds.id, ids))
    .orderBy(asc(rounds.id))
    .for('no key update');
}

async function lockOpenRound(tx: Tx, roundId: string): Promise<RoundRow> {
  const [round] = await tx.select().from(rounds).where(eq(rounds.id, roundId)).for('no key update');
  if (!round) throw new AppError('round_not_found');
  if (round.status !== 'open') throw new AppError('conflict', 'This round is closed');
  return round;
}

async function betsOf(tx: Tx, roundId: string, ids: string[]): Promise<BetRow[]> {
  const rows = await tx
    .select()
    .from(bets)
    .where(and(eq(bets.roundId, roundId), inArray(bets.id, ids)))
    .orderBy(asc(bets.id));
  if (rows.length !== new Set(ids).size)
    throw new AppError('not_found', 'No such bet in this round');
  return rows;
}

async function closeIfDone(tx: Tx, round: RoundRow): Promise<RoundRow> {
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bets)
    .where(and(eq(bets.roundId, round.id), eq(bets.status, 'held')));
  if (left!.n > 0) return round;
  const [closed] = await tx
    .update(rounds)
    .set({ status: 'settled', closedAt: sql`now()` })
    .where(eq(rounds.id, round.id))
    .returning();
  return closed!;
}

/**
 * Settles a batch of a round's bets in ONE wallet entry (under `key`): every hold closes, each
 * player is paid the sum of their payouts (0 for a lost bet), the house takes the rest. The
 * round closes once no bet is left held; the settled bets go to the stream's readers. A retry
 * under the same key moves nothing and reaches no reader again.
 */
export async function settleMany(
  kernel: BatchKernel,
  tx: Tx,
  input: {
    roundId: string;
    results: BatchResult[];
    key: string;
    actor: string;
    type?: LedgerEntryType;
    metadata?: Record<string, unknown>;
  },
): Promise<{ entryId: string | null; settled: BetRow[] }> {
  if (input.results.length === 0) return { entryId: null, settled: [] };
  const round = await lockOpenRound(tx, input.roundId);
  const rows = await betsOf(
    tx,
    round.id,
    input.results.map((r) => r.betId),
  );
  await kernel.wallet.lockPlay(tx, {
    merchantCode: round.merchantCode,
    currency: rows[0]!.currency,
    players: rows.map((b) => b.accountId),
  });
  const byBet = new Map(input.results.map((r) => [r.betId, r]));
  const paid = new Map<string, bigint>();
  for (const bet of rows) {
    const payout = byBet.get(bet.id)!.payout;
    paid.set(bet.accountId, (paid.get(bet.accountId) ?? 0n) + payout);
  }
  const closed = await kernel.wallet.settle(tx, {
    merchantCode: round.merchantCode,
    holds: rows.map((b) => b.holdId),
    payouts: [...paid].map(([player, amount]) => ({ player, amount })),
    key: input.key,
    actor: input.actor,
    reference: round.id,
    ...(input.type ? { type: input.type } : {}),
    ...(input.metadata ? { metadata: input.metadata } : {}),
  });
  if (closed.replayed) return { entryId: closed.entryId, settled: [] };
  // Every bet in ONE statement: its payout, its valid bet when given, its detail merged.
  const results = rows.map((bet) => byBet.get(bet.id)!);
  await tx.execute(sql`
    update bets set
      status = 'settled',
      payout = v.payout,
      close_entry_id = ${closed.entryId},
      settled_at = now(),
      valid_bet = coalesce(v.valid_bet, bets.valid_bet),
      detail = bets.detail || coalesce(v.detail, '{}'::jsonb)
    from (
      select unnest(${sql.param(rows.map((b) => b.id))}::text[]) as id,
             unnest(${sql.param(results.map((r) => r.payout.toString()))}::bigint[]) as payout,
             unnest(${sql.param(results.map((r) => (r.validBet === undefined ? null : r.validBet.toString())))}::bigint[]) as valid_bet,
             unnest(${sql.param(results.map((r) => (r.detail ? JSON.stringify(r.detail) : null)))}::jsonb[]) as detail
    ) v
    where bets.id = v.id`);
  const settled = await tx
    .select()
    .from(bets)
    .where(sql`${bets.id} = any(${sql.param(rows.map((b) => b.id))}::text[])`)
    .orderBy(asc(bets.id));
  const after = await closeIfDone(tx, round);
  const stream = settled.map((bet) => ({ bet, round: after }));
  for (const sink of kernel.sinks) await sink(tx, stream);
  return { entryId: closed.entryId, settled };
}

/**
 * Voids a batch of a round's bets in ONE wallet entry (under `key`): every stake returns to its
 * player. A bet already closed is refused and nothing moves, unless this key closed it (a retry).
 */
export async function voidMany(
  kernel: BatchKernel,
  tx: Tx,
  input: {
    roundId: string;
    betIds: string[];
    key: string;
    actor: string;
    reason: string;
    type?: LedgerEntryType;
  },
): Promise<{ entryId: string | null; replayed: boolean }> {
  if (input.betIds.length === 0) return { entryId: null, replayed: false };
  const [round] = await tx
    .select()
    .from(rounds)
    .where(eq(rounds.id, input.roundId))
    .for('no key update');
  if (!round) throw new AppError('round_not_found');
  const rows = await betsOf(tx, round.id, input.betIds);
  const closed = await kernel.wallet.void(tx, {
    merchantCode: round.merchantCode,
    holds: rows.map((b) => b.holdId),
    key: input.key,
    actor: input.actor,
    reference: round.id,
    metadata: { reason: input.reason },
    ...(input.type ? { type: input.type } : {}),
  });
  if (!closed.replayed) {
    await tx
      .update(bets)
      .set({ status: 'void', closeEntryId: closed.entryId, settledAt: sql`now()` })
      .where(
        inArray(
          bets.id,
          rows.map((b) => b.id),
        ),
      );
  }
  return { entryId: closed.entryId, replayed: closed.replayed };
}
