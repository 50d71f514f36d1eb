import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db';
import { payDemoWins } from '../demo-purse';
import type { CrashService } from './service';
import { crashBets, crashRounds } from './schema';
import { cashoutPayout, type CrashBetRow, type CrashRoundRow } from './wire';

/**
 * Crashes a running round and settles all its bets in this ONE transaction: the round row locked
 * (cash-outs share-lock it, so none slips in after), every bet's cash-out fixed (its manual one,
 * else its auto cash-out when the crash point reached it: a target equal to the crash point
 * wins), payout = floor(stake × cash-out / 100) or 0, then per merchant ONE kernel batch
 * (`settleMany`: one wallet entry closing every hold of the round) and the demo sessions paid
 * their play money. The next round's betting starts `pauseMs` after. Answers the crashed round,
 * or null when it was not running any more (another driver was first).
 */
export async function settleRound(
  crash: CrashService,
  tx: Tx,
  round: CrashRoundRow,
  now: number,
): Promise<CrashRoundRow | null> {
  const [locked] = await tx
    .select()
    .from(crashRounds)
    .where(eq(crashRounds.number, round.number))
    .for('update');
  if (!locked || locked.status !== 'running') return null;
  const bets = await tx.select().from(crashBets).where(eq(crashBets.round, round.number));
  const outcome = bets.map((bet) => {
    const cashout =
      bet.cashout ??
      (bet.autoCashout !== null && bet.autoCashout <= locked.crashPoint ? bet.autoCashout : null);
    return { bet, cashout, payout: cashout === null ? 0n : cashoutPayout(bet.stake, cashout) };
  });
  await writeOutcome(tx, outcome);
  const byKernelRound = new Map<string, typeof outcome>();
  for (const o of outcome) {
    if (o.bet.demo) continue;
    const list = byKernelRound.get(o.bet.kernelRoundId!) ?? [];
    list.push(o);
    byKernelRound.set(o.bet.kernelRoundId!, list);
  }
  const { play } = crash.deps;
  await play.lockRounds(tx, [...byKernelRound.keys()]);
  for (const [roundId, list] of [...byKernelRound].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // The recovery job voided it (no driver for an hour): every stake went back already.
    if ((await play.roundStatus(tx, roundId)) !== 'open') continue;
    const done = await play.settleMany(tx, {
      roundId,
      key: `crash:settle:${roundId}`,
      actor: 'system:crash',
      metadata: {
        round: round.number,
        crashPoint: locked.crashPoint.toString(),
        bets: list.length,
      },
      results: list.map((o) => ({
        betId: o.bet.id,
        payout: o.payout,
        detail: { cashout: o.cashout === null ? null : o.cashout.toString() },
      })),
    });
    if (done.settled.length !== list.length) throw new Error('a crash bet was settled already');
  }
  await payDemoWins(
    tx,
    outcome.map((o) => ({ player: o.bet.player, demo: o.bet.demo, payout: o.payout })),
  );
  const [crashed] = await tx
    .update(crashRounds)
    .set({ status: 'crashed', crashedAt: locked.crashAt })
    .where(and(eq(crashRounds.number, round.number), eq(crashRounds.status, 'running')))
    .returning();
  const { pauseMs, bettingMs } = crash.deps.options;
  await tx
    .update(crashRounds)
    .set({ bettingEndsAt: new Date(now + pauseMs + bettingMs) })
    .where(and(eq(crashRounds.status, 'open'), sql`${crashRounds.bettingEndsAt} is null`));
  return crashed!;
}

/** Writes every bet's cash-out and payout in one statement. */
async function writeOutcome(
  tx: Tx,
  outcome: { bet: CrashBetRow; cashout: bigint | null; payout: bigint }[],
): Promise<void> {
  if (outcome.length === 0) return;
  const ids = outcome.map((o) => o.bet.id);
  const cashouts = outcome.map((o) => (o.cashout === null ? null : o.cashout.toString()));
  const payouts = outcome.map((o) => o.payout.toString());
  await tx.execute(sql`
    update crash_bets set cashout = v.cashout, payout = v.payout
    from (
      select unnest(${sql.param(ids)}::text[]) as id,
             unnest(${sql.param(cashouts)}::bigint[]) as cashout,
             unnest(${sql.param(payouts)}::bigint[]) as payout
    ) v
    where crash_bets.id = v.id`);
}
