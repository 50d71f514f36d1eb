import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { Ledger, type InstantPlayEntries, type PostingInput, type WalletService } from '../wallet';
import type { BetRow, OpenRound, RoundRow, SettledBet, SettledSink } from './kernel';

/**
 * A round held and settled at once: one bet whose outcome is drawn before its stake is taken (a
 * slot's spin). Its round, hold, settle and bet are written as `openRound`, `place` and `settle`
 * write them, in a batch with other players' rounds (`GroupCommit`).
 */
export interface InstantRound {
  round: Omit<OpenRound, 'state' | 'recoverAfter'> & { id: string };
  currency: string;
  bet: {
    id: string;
    player: string;
    stake: bigint;
    payout: bigint;
    detail?: Record<string, unknown>;
  };
  /** Idempotency keys of the hold entry and of the settle entry. */
  keys: { hold: string; settle: string };
  actor: string;
  /** The round's final state and revealed seeds. */
  state: Record<string, unknown>;
  serverSeed?: string | null;
  clientSeed?: string | null;
  /** Postings taken from the house's share (a jackpot's contribution). */
  extra?: PostingInput[];
  /** A player session that must still be live when the round is written. */
  session?: { vendorCode: string; tokenHash: string };
  /** The caller's own writes, in the batch's transaction once this round is in (jackpot hits). */
  within?: (tx: Tx) => Promise<void>;
}

export interface InstantPlayed {
  round: RoundRow;
  bet: BetRow;
  /** The player's cash after the round. */
  cashAfter: bigint;
}

export interface GroupCommitOptions {
  /** How long the first round of a batch waits for others to join it. */
  windowMs: number;
  /** The most rounds one batch writes. */
  maxBatch: number;
  /** Batches committing at once (each on a connection of its own). */
  concurrency: number;
}

export interface GroupCommitDeps {
  db: Db;
  wallet: WalletService;
  /** The kernel's bet guards over a batch: each bet's refusal, or null. */
  checkBets: (
    tx: Tx,
    bets: { merchantCode: string; player: string; gameId: string }[],
  ) => Promise<(AppError | null)[]>;
  sinks: readonly SettledSink[];
  counted: (event: 'held', n: number) => void;
}

interface Pending {
  item: InstantRound;
  resolve: (played: InstantPlayed) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; played: InstantPlayed } | { ok: false; error: unknown };

interface Row {
  ord: number;
  status: string;
  cash_after: string | null;
  placed_ms: string | null;
}

/**
 * Group commit for instant rounds (after TigerBeetle's batching): rounds arriving within a few
 * milliseconds of each other are written by one statement (`play_instant_rounds`, migration
 * 0061) in one transaction, with the settled-bet sinks run once for them all, so a spin costs a
 * share of a commit rather than a transaction of its own. A round refused (money short, session
 * ended, gaming off) is refused alone; should the batch's transaction fail as a whole, each of
 * its rounds is played again alone, and only a round that fails alone fails its caller.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = 0;

  constructor(
    private readonly deps: GroupCommitDeps,
    private readonly options: GroupCommitOptions,
  ) {}

  /** Plays one instant round in the next batch; resolves once its batch has committed. */
  play(item: InstantRound): Promise<InstantPlayed> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.queue.length >= this.options.maxBatch) this.flush();
      else
        this.timer ??= setTimeout(() => {
          this.timer = null;
          this.flush();
        }, this.options.windowMs);
    });
  }

  private flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.queue.length > 0 && this.inFlight < this.options.concurrency) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        // Rounds that arrived while every batch was committing have waited long enough.
        if (this.queue.length > 0) this.flush();
      });
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.commit(batch.map((p) => p.item));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // Something in the batch broke its transaction: each round goes again on its own.
      for (const pending of batch) await this.run([pending]);
      return;
    }
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.ok) batch[i]!.resolve(outcome.played);
      else batch[i]!.reject(outcome.error);
    }
  }

  private async commit(items: InstantRound[]): Promise<Outcome[]> {
    const { db, wallet } = this.deps;
    const outcomes: (Outcome | undefined)[] = new Array(items.length);
    const entries: (InstantPlayEntries | undefined)[] = await Promise.all(
      items.map((item, i) =>
        wallet
          .prepareInstantPlay(db, {
            merchantCode: item.round.merchantCode,
            currency: item.currency,
            player: item.bet.player,
            stake: item.bet.stake,
            payout: item.bet.payout,
            holdKey: item.keys.hold,
            settleKey: item.keys.settle,
            actor: item.actor,
            reference: item.round.id,
            extra: item.extra,
          })
          .catch((error: unknown) => {
            outcomes[i] = { ok: false, error };
            return undefined;
          }),
      ),
    );
    return db.transaction(async (tx) => {
      const open = items.map((_, i) => i).filter((i) => outcomes[i] === undefined);
      const refusals = await this.deps.checkBets(
        tx,
        open.map((i) => ({
          merchantCode: items[i]!.round.merchantCode,
          player: items[i]!.bet.player,
          gameId: items[i]!.round.gameId,
        })),
      );
      const go: number[] = [];
      for (const [n, i] of open.entries()) {
        const refused = refusals[n];
        if (refused) outcomes[i] = { ok: false, error: refused };
        else go.push(i);
      }
      const settled: SettledBet[] = [];
      if (go.length > 0) {
        const payload = go.map((i) => {
          const item = items[i]!;
          const entry = entries[i]!;
          return {
            round: {
              ...item.round,
              state: item.state,
              seedCommitment: item.round.seedCommitment ?? null,
              serverSeed: item.serverSeed ?? null,
              clientSeed: item.clientSeed ?? null,
            },
            bet: {
              id: item.bet.id,
              player: item.bet.player,
              currency: item.currency,
              stake: item.bet.stake.toString(),
              validBet: item.bet.stake.toString(),
              payout: item.bet.payout.toString(),
              detail: item.bet.detail ?? {},
            },
            session: item.session ?? null,
            cash: entry.cash,
            inPlay: entry.inPlay,
            hold: entry.hold,
            settle: entry.settle,
          };
        });
        const { rows } = (await tx.execute(sql`
          select ord, status, cash_after::text as cash_after,
            floor(extract(epoch from placed_at) * 1000)::bigint::text as placed_ms
          from play_instant_rounds(${JSON.stringify(payload)}::jsonb)`)) as unknown as {
          rows: Row[];
        };
        for (const row of rows) {
          const i = go[row.ord - 1]!;
          const item = items[i]!;
          if (row.status !== 'posted') {
            outcomes[i] = { ok: false, error: refusal(row.status) };
            continue;
          }
          const at = new Date(Number(row.placed_ms));
          const entry = entries[i]!;
          const round: RoundRow = {
            id: item.round.id,
            merchantCode: item.round.merchantCode,
            gameId: item.round.gameId,
            gameCode: item.round.gameCode,
            gameType: item.round.gameType,
            vendorCode: item.round.vendorCode,
            engine: item.round.engine,
            status: 'settled',
            state: item.state,
            seedCommitment: item.round.seedCommitment ?? null,
            serverSeed: item.serverSeed ?? null,
            clientSeed: item.clientSeed ?? null,
            recoverAfter: null,
            openedAt: at,
            closedAt: at,
          };
          const bet: BetRow = {
            id: item.bet.id,
            roundId: item.round.id,
            merchantCode: item.round.merchantCode,
            accountId: item.bet.player,
            currency: item.currency,
            stake: item.bet.stake,
            validBet: item.bet.stake,
            payout: item.bet.payout,
            status: 'settled',
            holdId: entry.hold.id,
            closeEntryId: entry.settle.id,
            detail: item.bet.detail ?? {},
            placedAt: at,
            settledAt: at,
          };
          await item.within?.(tx);
          settled.push({ round, bet });
          outcomes[i] = { ok: true, played: { round, bet, cashAfter: BigInt(row.cash_after!) } };
        }
        if (rows.length !== go.length) throw new Error('play_instant_rounds answered short');
      }
      if (settled.length > 0) {
        this.deps.counted('held', settled.length);
        for (const sink of this.deps.sinks) await sink(tx, settled);
      }
      return outcomes as Outcome[];
    });
  }
}

/** The error a refused round gives its caller, as the kernel's and wallet's own writes give it. */
function refusal(status: string): AppError {
  switch (status) {
    case 'duplicate':
      return new AppError('idempotency_conflict', 'A round of this id was played before');
    case 'session_invalid':
      return new AppError('game_session_invalid', 'Session invalid or expired');
    default:
      return Ledger.refusal(status);
  }
}
