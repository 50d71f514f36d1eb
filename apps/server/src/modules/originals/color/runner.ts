import { and, desc, eq, sql } from 'drizzle-orm';
import { colorGameClientSeed, minorToDecimal } from '@taya/contracts';
import {
  drawColourGame,
  fairRng,
  newServerSeed,
  seedCommitment,
  settleColourGame,
} from '@taya/games';
import type { Tx } from '../../../platform/db';
import type { PhaseStepper } from '../../../platform/phase-loop';
import { payDemoWins } from '../demo-purse';
import type { ColorService } from './service';
import { colorBets, colorRounds } from './schema';
import { roundWire, stakesOf, type ColorBetRow, type ColorRoundRow } from './wire';

/** The three dice of a round: its server seed, the public client seed, nonce = its number. */
export function diceOf(round: Pick<ColorRoundRow, 'serverSeed' | 'clientSeed' | 'number'>) {
  return drawColourGame(fairRng(round.serverSeed, round.clientSeed, round.number)).dice;
}

interface Outcome {
  bet: ColorBetRow;
  payout: bigint;
}

/**
 * Drives the Colour Game's rounds (one process at a time: `startPhaseLoop`). Each step reads the
 * newest round and moves it on when its time has come:
 *  - none yet, or the last one's result has been on show until its `next_at`: a round opens with
 *    a fresh server seed (its SHA-256 public at once), taking bets for `bettingMs`;
 *  - betting over: the dice are drawn and every bet settled in ONE transaction (`roll`); the
 *    dice roll on the pages for `rollingMs`, the result shows for `resultMs`, then the next.
 * Every change is conditional on the status read, so a second driver changes nothing twice.
 * Events go to the feed once committed.
 */
export class ColorRunner implements PhaseStepper {
  constructor(private readonly color: ColorService) {}

  async step(now: number): Promise<number> {
    const { bettingMs } = this.color.deps.options;
    const live = await this.color.liveRound(this.color.db);
    if (!live || (live.status === 'rolled' && now >= live.nextAt!.getTime())) {
      await this.open(live?.number ?? 0, now + bettingMs);
      this.publishPhase();
      return bettingMs;
    }
    if (live.status === 'rolled') return live.nextAt!.getTime() - now;
    const endsAt = live.bettingEndsAt.getTime();
    if (now < endsAt) return endsAt - now;
    const rolled = await this.color.db.transaction((tx) => this.roll(tx, live, now));
    if (rolled) {
      const liveNow = this.color.liveWire(rolled.round);
      const dec = (o: Outcome) => minorToDecimal(o.payout, o.bet.scale);
      this.color.deps.feed.publish({
        type: 'result',
        ...roundWire(rolled.round),
        live: liveNow,
        hot: await this.color.hot(),
        winners: rolled.outcome
          .filter((o) => o.payout > 0n)
          .sort((a, b) => (b.payout > a.payout ? 1 : b.payout < a.payout ? -1 : 0))
          .slice(0, 20)
          .map((o) => ({ player: o.bet.name, payout: dec(o), currency: o.bet.currency })),
      });
      return rolled.round.nextAt!.getTime() - now;
    }
    return 0;
  }

  /** Opens round `after + 1` (nothing when another driver opened it first). */
  private async open(after: number, bettingEndsAt: number): Promise<void> {
    const serverSeed = newServerSeed();
    await this.color.db
      .insert(colorRounds)
      .values({
        number: after + 1,
        serverSeed,
        seedHash: seedCommitment(serverSeed),
        clientSeed: colorGameClientSeed,
        status: 'betting',
        bettingEndsAt: new Date(bettingEndsAt),
      })
      .onConflictDoNothing();
  }

  /**
   * Rolls a round and settles all its bets in this ONE transaction: the round row locked (bets
   * share-lock it, so none slips in after), the dice drawn from its seeds, every bet's payout by
   * the engine (the sum over its colours), then per merchant ONE kernel batch (`settleMany`: one
   * wallet entry closing every hold of the round, the dice and revealed seed in its metadata)
   * and the demo sessions paid their play money. Answers null when it was rolled already.
   */
  async roll(
    tx: Tx,
    round: ColorRoundRow,
    now: number,
  ): Promise<{ round: ColorRoundRow; outcome: Outcome[] } | null> {
    const [locked] = await tx
      .select()
      .from(colorRounds)
      .where(eq(colorRounds.number, round.number))
      .for('update');
    if (!locked || locked.status !== 'betting') return null;
    const dice = diceOf(locked);
    const bets = await tx.select().from(colorBets).where(eq(colorBets.round, round.number));
    const outcome: Outcome[] = bets.map((bet) => ({
      bet,
      payout: settleColourGame(stakesOf(bet), { dice }).reduce((sum, s) => sum + s.payout, 0n),
    }));
    await writePayouts(tx, outcome);
    const byKernelRound = new Map<string, Outcome[]>();
    for (const o of outcome) {
      if (o.bet.demo) continue;
      const list = byKernelRound.get(o.bet.kernelRoundId!) ?? [];
      list.push(o);
      byKernelRound.set(o.bet.kernelRoundId!, list);
    }
    const { play } = this.color.deps;
    await play.lockRounds(tx, [...byKernelRound.keys()]);
    for (const [roundId, list] of [...byKernelRound].sort(([a], [b]) => (a < b ? -1 : 1))) {
      // The recovery job voided it (no driver for an hour): every stake went back already.
      if ((await play.roundStatus(tx, roundId)) !== 'open') continue;
      const done = await play.settleMany(tx, {
        roundId,
        key: `color:settle:${roundId}`,
        actor: 'system:color-game',
        metadata: {
          round: round.number,
          dice,
          serverSeed: locked.serverSeed,
          clientSeed: locked.clientSeed,
          bets: list.length,
        },
        results: list.map((o) => ({
          betId: o.bet.id,
          payout: o.payout,
          detail: { dice, stakes: o.bet.stakes },
        })),
      });
      if (done.settled.length !== list.length) throw new Error('a colour bet was settled already');
    }
    await payDemoWins(
      tx,
      outcome.map((o) => ({ player: o.bet.player, demo: o.bet.demo, payout: o.payout })),
    );
    const { rollingMs, resultMs } = this.color.deps.options;
    const [rolled] = await tx
      .update(colorRounds)
      .set({
        status: 'rolled',
        dice: [...dice],
        rolledAt: new Date(now),
        nextAt: new Date(now + rollingMs + resultMs),
      })
      .where(and(eq(colorRounds.number, round.number), eq(colorRounds.status, 'betting')))
      .returning();
    return { round: rolled!, outcome };
  }

  private publishPhase(): void {
    void this.color.db
      .select()
      .from(colorRounds)
      .orderBy(desc(colorRounds.number))
      .limit(1)
      .then(([live]) =>
        this.color.deps.feed.publish({ type: 'phase', ...this.color.liveWire(live ?? null) }),
      );
  }
}

/** Writes every bet's payout in one statement. */
async function writePayouts(tx: Tx, outcome: Outcome[]): Promise<void> {
  if (outcome.length === 0) return;
  const ids = outcome.map((o) => o.bet.id);
  const payouts = outcome.map((o) => o.payout.toString());
  await tx.execute(sql`
    update color_bets set payout = v.payout
    from (
      select unnest(${sql.param(ids)}::text[]) as id,
             unnest(${sql.param(payouts)}::bigint[]) as payout
    ) v
    where color_bets.id = v.id`);
}
