import { and, eq, sql } from 'drizzle-orm';
import { minorToDecimal } from '@taya/contracts';
import {
  cutAfterHand,
  fairRng,
  handMayStart,
  newServerSeed,
  payBet,
  planShoe,
  seedCommitment,
} from '@taya/games';
import type { Tx } from '../../platform/db';
import { liveGameKind, type LiveGameKind } from './games';
import { liveBets, liveRounds, liveShoes } from './schema';
import type { LiveService } from './service';
import {
  roundIdOf,
  shoeCards,
  shoeWire,
  stakesOf,
  type LiveBetRow,
  type LiveRoundRow,
  type LiveShoeRow,
  type LiveTableRow,
} from './wire';

interface Outcome {
  bet: LiveBetRow;
  payout: bigint;
  /** The stakes that did not push (what counts as turnover). */
  validBet: bigint;
}

/**
 * Drives every live table's rounds (one process at a time: `startPhaseLoop`). Each step reads
 * each table's newest round and moves it on when its time has come:
 *  - none yet, or the last one's result has shown until its `next_at`, and the table is open: a
 *    round opens for the table's betting time (a card table's on its shoe, a new shoe shuffled
 *    from a fresh server seed when the last one ended; roulette and sic bo with their own seed);
 *  - betting over: the outcome is dealt or drawn and every bet settled in ONE transaction
 *    (`deal`); the deal shows on the pages, then the result, then the next round.
 * Every change is conditional on the status read, so a second driver changes nothing twice.
 * Events go to the feed once committed. Answers the delay until the next thing to do.
 */
export class LiveRunner {
  constructor(private readonly live: LiveService) {}

  async step(now: number): Promise<number> {
    let wait = 60_000;
    for (const table of await this.live.tableRows()) {
      wait = Math.min(wait, await this.stepTable(table, now));
    }
    return Math.max(0, wait);
  }

  /** Moves one table on (tests step a single table). */
  async stepTable(table: LiveTableRow, now: number): Promise<number> {
    const kind = liveGameKind(table.game, table.variant);
    const live = await this.live.liveRound(this.live.db, table.code);
    if (!live || (live.status !== 'betting' && now >= live.nextAt!.getTime())) {
      if (table.status !== 'open') return 60_000;
      const opened = await this.live.db.transaction((tx) => this.open(tx, table, kind, live, now));
      if (opened === 'shuffling') {
        await this.publishTable(table);
        return this.live.deps.options.shuffleMs;
      }
      // The shuffle is still under way, or another driver opened the round.
      if (opened === null) return 1_000;
      await this.publishPhase(table);
      return table.bettingMs;
    }
    if (live.status !== 'betting') return live.nextAt!.getTime() - now;
    const endsAt = live.bettingEndsAt.getTime();
    if (now < endsAt) return endsAt - now;
    const dealt = await this.live.db.transaction((tx) => this.deal(tx, table, live, now));
    if (dealt) await this.publishResult(table, dealt);
    return dealt ? dealt.round.nextAt!.getTime() - now : 0;
  }

  /**
   * Opens round `after + 1`. A card table whose shoe ended (or that has none) first starts a new
   * shoe and answers `shuffling`: its first round opens after the shuffle pause.
   */
  private async open(
    tx: Tx,
    table: LiveTableRow,
    kind: LiveGameKind,
    last: LiveRoundRow | null,
    now: number,
  ): Promise<'opened' | 'shuffling' | null> {
    const number = (last?.number ?? 0) + 1;
    let shoeId: string | null = null;
    let hand: number | null = null;
    let seed: { serverSeed: string; seedHash: string; clientSeed: string } | null = null;
    if (kind.shoe) {
      const shoe = await this.live.currentShoe(tx, table.code);
      if (!shoe || shoe.status === 'finished') {
        const fresh = await this.newShoe(tx, table, kind, shoe, now);
        if (fresh) return 'shuffling';
        return null;
      }
      // The shuffle pause: the shoe's first round waits until it is over.
      if (shoe.hands === 0 && now < shoe.startedAt.getTime() + this.live.deps.options.shuffleMs)
        return null;
      shoeId = shoe.id;
      hand = shoe.hands + 1;
    } else {
      const serverSeed = newServerSeed();
      seed = { serverSeed, seedHash: seedCommitment(serverSeed), clientSeed: table.code };
    }
    const inserted = await tx
      .insert(liveRounds)
      .values({
        id: roundIdOf(table.code, number),
        table: table.code,
        number,
        shoeId,
        hand,
        ...(seed ?? {}),
        status: 'betting',
        bettingEndsAt: new Date(now + table.bettingMs),
      })
      .onConflictDoNothing()
      .returning({ id: liveRounds.id });
    return inserted.length ? 'opened' : null;
  }

  private async newShoe(
    tx: Tx,
    table: LiveTableRow,
    kind: LiveGameKind,
    last: LiveShoeRow | null,
    now: number,
  ): Promise<boolean> {
    const number = (last?.number ?? 0) + 1;
    const serverSeed = newServerSeed();
    const clientSeed = `${table.code}:${number}`;
    const id = `${table.code}:shoe:${number}`;
    const cards = shoeCards({ decks: kind.shoe!.decks, serverSeed, clientSeed });
    const inserted = await tx
      .insert(liveShoes)
      .values({
        id,
        table: table.code,
        number,
        decks: kind.shoe!.decks,
        serverSeed,
        seedHash: seedCommitment(serverSeed),
        clientSeed,
        position: planShoe(cards).firstHandAt,
        startedAt: new Date(now),
      })
      .onConflictDoNothing()
      .returning({ id: liveShoes.id });
    return inserted.length > 0;
  }

  /**
   * Deals a round and settles all its bets in this ONE transaction: the round row locked (bets
   * share-lock it, so none slips in after), the outcome dealt from the shoe at its position (the
   * shoe moved on, and finished when the cut card says so) or drawn from the round's seed, each
   * bet's payout by the rules (the sum over its spots), then per merchant ONE kernel batch
   * (`settleMany`: one wallet entry closing every hold of the round). Answers null when dealt
   * already.
   */
  async deal(
    tx: Tx,
    table: LiveTableRow,
    round: LiveRoundRow,
    now: number,
  ): Promise<{ round: LiveRoundRow; outcome: Outcome[]; shoe: LiveShoeRow | null } | null> {
    const [locked] = await tx
      .select()
      .from(liveRounds)
      .where(eq(liveRounds.id, round.id))
      .for('update');
    if (!locked || locked.status !== 'betting') return null;
    const kind = liveGameKind(table.game, table.variant);
    let result: Record<string, unknown>;
    let shoe: LiveShoeRow | null = null;
    if (kind.shoe) {
      const [row] = await tx
        .select()
        .from(liveShoes)
        .where(eq(liveShoes.id, locked.shoeId!))
        .for('update');
      const cards = shoeCards(row!);
      const plan = planShoe(cards);
      const start = row!.position;
      const dealt = kind.shoe.deal(cards, start);
      result = { ...dealt.outcome, at: start };
      const end = start + dealt.used;
      const cut = cutAfterHand(plan, start, end, row!.cut);
      const over = !handMayStart(plan, end, cut, kind.shoe.maxCards);
      const [moved] = await tx
        .update(liveShoes)
        .set({
          position: end,
          cut: over ? 'done' : cut,
          hands: row!.hands + 1,
          ...(over ? { status: 'finished' as const, finishedAt: new Date(now) } : {}),
        })
        .where(eq(liveShoes.id, row!.id))
        .returning();
      shoe = moved!;
    } else {
      result = kind.draw!(fairRng(locked.serverSeed!, locked.clientSeed!, locked.number));
    }
    const bets = await tx.select().from(liveBets).where(eq(liveBets.roundId, locked.id));
    const outcome: Outcome[] = bets.map((bet) => {
      let validBet = 0n;
      const stakes = stakesOf(bet, kind.rules.spots);
      for (const s of stakes) {
        if (kind.rules.pay(s.spot, s.amount, result) !== s.amount) validBet += s.amount;
      }
      return { bet, payout: payBet(kind.rules, stakes, result), validBet };
    });
    const byKernelRound = new Map<string, Outcome[]>();
    for (const o of outcome) {
      const list = byKernelRound.get(o.bet.kernelRoundId) ?? [];
      list.push(o);
      byKernelRound.set(o.bet.kernelRoundId, list);
    }
    const { play } = this.live.deps;
    await play.lockRounds(tx, [...byKernelRound.keys()]);
    // The recovery job voided a merchant's round (no driver for an hour): every stake went back
    // already, so its bets are paid nothing here and keep no payout.
    for (const roundId of [...byKernelRound.keys()]) {
      if ((await play.roundStatus(tx, roundId)) !== 'open') byKernelRound.delete(roundId);
    }
    const paid = [...byKernelRound.values()].flat();
    await writePayouts(tx, paid);
    const metadata = {
      table: table.code,
      round: locked.number,
      ...(locked.shoeId ? { shoe: locked.shoeId, hand: locked.hand } : {}),
      ...(locked.serverSeed
        ? { serverSeed: locked.serverSeed, clientSeed: locked.clientSeed }
        : {}),
    };
    for (const [roundId, list] of [...byKernelRound].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const done = await play.settleMany(tx, {
        roundId,
        key: `live:settle:${roundId}`,
        actor: `system:live:${table.code}`,
        metadata: { ...metadata, bets: list.length },
        results: list.map((o) => ({
          betId: o.bet.id,
          payout: o.payout,
          validBet: o.validBet,
          detail: { stakes: o.bet.stakes },
        })),
      });
      if (done.settled.length !== list.length) throw new Error('a live bet was settled already');
    }
    const [dealtRound] = await tx
      .update(liveRounds)
      .set({
        status: 'dealt',
        outcome: result,
        dealtAt: new Date(now),
        nextAt: new Date(now + kind.dealingMs + this.live.deps.options.resultMs),
      })
      .where(and(eq(liveRounds.id, locked.id), eq(liveRounds.status, 'betting')))
      .returning();
    return { round: dealtRound!, outcome: paid, shoe };
  }

  private async publishPhase(table: LiveTableRow): Promise<void> {
    const live = await this.live.liveRound(this.live.db, table.code);
    this.live.deps.feed.publish({
      type: 'phase',
      table: table.code,
      ...this.live.liveWire(table, live),
    });
  }

  private async publishTable(table: LiveTableRow): Promise<void> {
    this.live.deps.feed.publish({ type: 'table', table: await this.live.publicTable(table) });
  }

  private async publishResult(
    table: LiveTableRow,
    dealt: { round: LiveRoundRow; outcome: Outcome[]; shoe: LiveShoeRow | null },
  ): Promise<void> {
    const live = this.live.liveWire(table, dealt.round);
    this.live.deps.feed.publish({
      type: 'result',
      table: table.code,
      live,
      result: live.result!,
      shoe: dealt.shoe ? shoeWire(dealt.shoe) : null,
      winners: dealt.outcome
        .filter((o) => o.payout > 0n)
        .sort((a, b) => (b.payout > a.payout ? 1 : b.payout < a.payout ? -1 : 0))
        .slice(0, 20)
        .map((o) => ({
          player: o.bet.name,
          payout: minorToDecimal(o.payout, o.bet.scale),
          currency: o.bet.currency,
        })),
    });
  }
}

/** Writes every bet's payout in one statement. */
async function writePayouts(tx: Tx, outcome: Outcome[]): Promise<void> {
  if (outcome.length === 0) return;
  await tx.execute(sql`
    update live_bets set payout = v.payout
    from (
      select unnest(${sql.param(outcome.map((o) => o.bet.id))}::text[]) as id,
             unnest(${sql.param(outcome.map((o) => o.payout.toString()))}::bigint[]) as payout
    ) v
    where live_bets.id = v.id`);
}
