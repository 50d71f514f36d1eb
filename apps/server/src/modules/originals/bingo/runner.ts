import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  BINGO_CALLS,
  bestPattern,
  bingoGameClientSeed,
  bingoMultiplier,
  calledBalls,
  drawBalls,
  fairRng,
  newServerSeed,
  payoutAt,
  seedCommitment,
} from '@taya/games';
import type { Tx } from '../../../platform/db';
import type { PhaseStepper } from '../../../platform/phase-loop';
import { payDemoWins } from '../demo-purse';
import { bingoCards, bingoGames } from './schema';
import { resultWire, winWire, type BingoGameRow, type BingoService } from './service';

/**
 * Drives bingo's games (one process at a time: `startPhaseLoop`). Each step reads the games in
 * play and moves them on when their time has come:
 *  - none selling cards: the next game opens, selling for `buyMs` (its server seed drawn and its
 *    commitment public from then on, its ball order fixed by it);
 *  - selling, time up (and no game calling): it calls from the end of its sale, a ball every
 *    `callMs`, and the next game opens, selling until `buyMs` after this one's last ball;
 *  - calling: the balls called since the last step go to the feed;
 *  - calling, last ball called: the game settles in ONE transaction (`settleGame`).
 * Every change is conditional on the status read, so a second driver changes nothing twice.
 */
export class BingoRunner implements PhaseStepper {
  /** The balls of each game already sent to this process's feed. */
  private published = new Map<number, number>();

  constructor(private readonly bingo: BingoService) {}

  private get options() {
    return this.bingo.deps.options;
  }

  async step(now: number): Promise<number> {
    const { db } = this.bingo;
    const [calling] = await db.select().from(bingoGames).where(eq(bingoGames.status, 'calling'));
    if (calling) {
      const endsAt = calling.endsAt!.getTime();
      this.publishBalls(calling, now);
      if (now < endsAt) {
        const since = now - calling.startedAt!.getTime();
        return calling.callMs - (since % calling.callMs);
      }
      const done = await db.transaction((tx) => settleGame(this.bingo, tx, calling, now));
      if (done) {
        this.published.delete(calling.number);
        this.bingo.deps.feed.publish({ type: 'done', ...done });
        await this.publishPhase();
      }
      return 0;
    }
    const [open] = await db
      .select()
      .from(bingoGames)
      .where(eq(bingoGames.status, 'open'))
      .orderBy(asc(bingoGames.number))
      .limit(1);
    if (!open) {
      await db.transaction((tx) => this.open(tx, now + this.options.buyMs));
      await this.publishPhase();
      return this.options.buyMs;
    }
    const buyEndsAt = open.buyEndsAt.getTime();
    if (now < buyEndsAt) return buyEndsAt - now;
    await this.start(open);
    await this.publishPhase();
    return 0;
  }

  /** Opens the next game, selling cards until `buyEndsAt`. */
  private async open(tx: Tx, buyEndsAt: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('bingo:open', 0))`);
    const [pending] = await tx
      .select({ number: bingoGames.number })
      .from(bingoGames)
      .where(eq(bingoGames.status, 'open'));
    if (pending) return;
    const [last] = await tx
      .select({ number: bingoGames.number })
      .from(bingoGames)
      .orderBy(desc(bingoGames.number))
      .limit(1);
    const number = (last?.number ?? 0) + 1;
    const serverSeed = newServerSeed();
    await tx.insert(bingoGames).values({
      number,
      serverSeed,
      commitment: seedCommitment(serverSeed),
      balls: drawBalls(fairRng(serverSeed, bingoGameClientSeed(number), 0)),
      status: 'open',
      buyEndsAt: new Date(buyEndsAt),
      callMs: this.options.callMs,
    });
  }

  /** The sale is over: the game calls from its end (a ball now, then one every `callMs`). */
  private async start(game: BingoGameRow): Promise<void> {
    const startedAt = game.buyEndsAt.getTime();
    const endsAt = startedAt + (BINGO_CALLS - 1) * game.callMs;
    await this.bingo.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(bingoGames)
        .set({ status: 'calling', startedAt: new Date(startedAt), endsAt: new Date(endsAt) })
        .where(and(eq(bingoGames.number, game.number), eq(bingoGames.status, 'open')))
        .returning({ number: bingoGames.number });
      if (moved) await this.open(tx, endsAt + this.options.buyMs);
    });
  }

  private publishBalls(game: BingoGameRow, now: number): void {
    const called = calledBalls(game.balls).slice(
      0,
      Math.min(BINGO_CALLS, Math.floor((now - game.startedAt!.getTime()) / game.callMs) + 1),
    );
    const from = this.published.get(game.number) ?? 0;
    const serverNow = new Date(now).toISOString();
    for (let index = from; index < called.length; index++)
      this.bingo.deps.feed.publish({
        type: 'ball',
        game: game.number,
        ball: called[index]!,
        index,
        serverNow,
      });
    this.published.set(game.number, Math.max(from, called.length));
  }

  private async publishPhase(): Promise<void> {
    this.bingo.deps.feed.publish({ type: 'phase', ...(await this.bingo.live()) });
  }
}

/**
 * Settles a game whose balls are all called, in this ONE transaction: the game row locked (a
 * purchase share-locks its game, so none slips in), every card's best pattern within the called
 * balls and payout = floor(price × prize) written, then per merchant ONE kernel batch
 * (`settleMany`: one wallet entry closing every hold of the game) and the demo sessions paid
 * their play money. Answers the result with its winning cards, or null when the game was not
 * calling any more (another driver was first).
 */
export async function settleGame(bingo: BingoService, tx: Tx, game: BingoGameRow, now: number) {
  const [locked] = await tx
    .select()
    .from(bingoGames)
    .where(eq(bingoGames.number, game.number))
    .for('update');
  if (!locked || locked.status !== 'calling') return null;
  const called = new Set(calledBalls(locked.balls));
  const cards = await tx.select().from(bingoCards).where(eq(bingoCards.game, game.number));
  const outcome = cards.map((card) => {
    const pattern = bestPattern(card.numbers, called);
    return { card, pattern, payout: payoutAt(card.stake, bingoMultiplier(pattern)) };
  });
  if (outcome.length > 0) {
    await tx.execute(sql`
      update bingo_cards set pattern = v.pattern, payout = v.payout
      from (
        select unnest(${sql.param(outcome.map((o) => o.card.id))}::text[]) as id,
               unnest(${sql.param(outcome.map((o) => o.pattern))}::text[]) as pattern,
               unnest(${sql.param(outcome.map((o) => o.payout.toString()))}::bigint[]) as payout
      ) v
      where bingo_cards.id = v.id`);
  }
  const byKernelRound = new Map<string, typeof outcome>();
  for (const o of outcome) {
    if (o.card.demo) continue;
    const list = byKernelRound.get(o.card.kernelRoundId!) ?? [];
    list.push(o);
    byKernelRound.set(o.card.kernelRoundId!, list);
  }
  const { play } = bingo.deps;
  await play.lockRounds(tx, [...byKernelRound.keys()]);
  for (const [roundId, list] of [...byKernelRound].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // The recovery job voided it (no driver for an hour): every price went back already.
    if ((await play.roundStatus(tx, roundId)) !== 'open') continue;
    const done = await play.settleMany(tx, {
      roundId,
      key: `bingo:settle:${roundId}`,
      actor: 'system:bingo',
      metadata: { game: game.number, cards: list.length, serverSeed: locked.serverSeed },
      results: list.map((o) => ({
        betId: o.card.id,
        payout: o.payout,
        detail: { pattern: o.pattern },
      })),
    });
    if (done.settled.length !== list.length) throw new Error('a bingo card was settled already');
  }
  await payDemoWins(
    tx,
    outcome.map((o) => ({ player: o.card.player, demo: o.card.demo, payout: o.payout })),
  );
  const [done] = await tx
    .update(bingoGames)
    .set({ status: 'done', doneAt: new Date(Math.min(now, locked.endsAt!.getTime())) })
    .where(and(eq(bingoGames.number, game.number), eq(bingoGames.status, 'calling')))
    .returning();
  const winners = outcome.filter((o) => o.payout > 0n);
  return {
    ...resultWire(done!, { cards: outcome.length, winners: winners.length }),
    wins: winners
      .sort((a, b) => (a.payout > b.payout ? -1 : a.payout < b.payout ? 1 : 0))
      .slice(0, 20)
      .map((o) => winWire({ ...o.card, pattern: o.pattern, payout: o.payout })),
  };
}
