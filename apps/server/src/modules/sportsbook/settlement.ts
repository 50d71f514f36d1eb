import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { settleLeg, ticketStatus, type LegOutcome } from '@taya/games';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  sportsFixtures,
  sportsMarkets,
  sportsTicketLegs,
  sportsTickets,
  type ScoreJson,
} from './schema';
import type { SportsbookService } from './service';
import { specOf, type MarketRow } from './wire';

export interface SettleOutcome {
  /** Tickets settled now (their last leg known). */
  settled: number;
  /** Settled tickets whose payout a correction changed (resettled through the kernel). */
  resettled: number;
  /** Markets settled or voided now, or corrected. */
  markets: number;
}

const same = (a: ScoreJson | null | undefined, b: ScoreJson | null | undefined) =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.home === b.home && a.away === b.away);

/**
 * Settlement from results (GAMES.md §11): each market settles on its period's score — or voids
 * when the period has no score (not played) — every leg on it gets its outcome, and a ticket
 * whose last leg is known is settled through the kernel with `ticketReturn` (exact, rounded down
 * once). A result entered again for a settled market is a correction: the legs on that market
 * are settled again and only the tickets whose return changed are resettled (the kernel reverses
 * the earlier settle entry and posts the new one). One settlement runs at a time (an advisory
 * lock), and a market takes its lock before its legs and tickets, so a bet placed on it
 * meanwhile either went in before (and is settled) or is refused after.
 */
export class SportsSettlement {
  constructor(private readonly sb: SportsbookService) {}

  /**
   * Results a fixture (finished) with its period scores; markets already settled on other scores
   * are corrected. `only` limits it to some markets (a trader settling one market).
   */
  async resultFixture(
    fixtureId: string,
    scores: Record<string, ScoreJson>,
    actor: string,
    reason: string | null,
  ): Promise<SettleOutcome> {
    const out = await this.sb.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('sports-settlement', 0))`);
      const [fixture] = await tx
        .select()
        .from(sportsFixtures)
        .where(eq(sportsFixtures.id, fixtureId))
        .for('update');
      if (!fixture) throw new AppError('not_found', 'No such fixture');
      if (fixture.status === 'cancelled')
        throw new AppError('conflict', 'This fixture was cancelled: its markets are void');
      const correcting = fixture.result !== null;
      if (correcting && !reason)
        throw new AppError('conflict', 'A corrected result needs a reason');
      await tx
        .update(sportsFixtures)
        .set({ status: 'finished', result: scores, scores, clock: null, updatedAt: sql`now()` })
        .where(eq(sportsFixtures.id, fixtureId));
      const markets = await tx
        .select()
        .from(sportsMarkets)
        .where(eq(sportsMarkets.fixtureId, fixtureId))
        .orderBy(asc(sportsMarkets.id))
        .for('update');
      const changes = markets
        .map((m) => ({ market: m, score: scores[m.period] ?? null }))
        .filter(({ market, score }) => {
          if (market.status === 'open' || market.status === 'suspended') return true;
          // A voided market stays void; a settled one settled on another score is corrected.
          return market.status === 'settled' && !same(market.score, score);
        });
      return this.settleMarkets(tx, changes, actor, reason ?? 'result');
    });
    await this.sb.publishFixture(fixtureId);
    return out;
  }

  /** Voids one market (every leg on it counts 1), or a whole fixture (cancelled). */
  async voidMarkets(
    fixtureId: string,
    marketId: string | null,
    actor: string,
    reason: string,
  ): Promise<SettleOutcome> {
    const out = await this.sb.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('sports-settlement', 0))`);
      const [fixture] = await tx
        .select()
        .from(sportsFixtures)
        .where(eq(sportsFixtures.id, fixtureId))
        .for('update');
      if (!fixture) throw new AppError('not_found', 'No such fixture');
      if (marketId === null)
        await tx
          .update(sportsFixtures)
          .set({ status: 'cancelled', clock: null, updatedAt: sql`now()` })
          .where(eq(sportsFixtures.id, fixtureId));
      const markets = await tx
        .select()
        .from(sportsMarkets)
        .where(
          and(
            eq(sportsMarkets.fixtureId, fixtureId),
            marketId ? eq(sportsMarkets.id, marketId) : undefined,
          ),
        )
        .orderBy(asc(sportsMarkets.id))
        .for('update');
      if (marketId && markets.length === 0) throw new AppError('not_found', 'No such market');
      return this.settleMarkets(
        tx,
        markets.filter((m) => m.status !== 'void').map((market) => ({ market, score: null })),
        actor,
        reason,
      );
    });
    await this.sb.publishFixture(fixtureId);
    return out;
  }

  private async settleMarkets(
    tx: Tx,
    changes: { market: MarketRow; score: ScoreJson | null }[],
    actor: string,
    reason: string,
  ): Promise<SettleOutcome> {
    if (changes.length === 0) return { settled: 0, resettled: 0, markets: 0 };
    const outcomes: { ticketId: string; idx: number; outcome: LegOutcome }[] = [];
    for (const { market, score } of changes) {
      await tx
        .update(sportsMarkets)
        .set({
          status: score === null ? 'void' : 'settled',
          score,
          settledAt: sql`now()`,
        })
        .where(eq(sportsMarkets.id, market.id));
      const legs = await tx
        .select()
        .from(sportsTicketLegs)
        .where(eq(sportsTicketLegs.marketId, market.id));
      const spec = specOf(market);
      for (const leg of legs)
        outcomes.push({
          ticketId: leg.ticketId,
          idx: leg.idx,
          outcome: settleLeg({ spec, selection: leg.selection, score, scoreAtBet: leg.scoreAtBet }),
        });
    }
    for (let i = 0; i < outcomes.length; i += 500) {
      const values = sql.join(
        outcomes
          .slice(i, i + 500)
          .map((o) => sql`(${o.ticketId}::text, ${o.idx}::int, ${o.outcome}::text)`),
        sql`, `,
      );
      await tx.execute(sql`
        update sports_ticket_legs l set outcome = v.outcome
        from (values ${values}) as v(ticket_id, idx, outcome)
        where l.ticket_id = v.ticket_id and l.idx = v.idx`);
    }
    const ticketIds = [...new Set(outcomes.map((o) => o.ticketId))].sort();
    let settled = 0;
    let resettled = 0;
    for (let i = 0; i < ticketIds.length; i += 500) {
      const ids = ticketIds.slice(i, i + 500);
      const tickets = await tx
        .select()
        .from(sportsTickets)
        .where(inArray(sportsTickets.id, ids))
        .orderBy(asc(sportsTickets.id))
        .for('update');
      const legs = await tx
        .select()
        .from(sportsTicketLegs)
        .where(inArray(sportsTicketLegs.ticketId, ids));
      for (const ticket of tickets) {
        const own = legs.filter((l) => l.ticketId === ticket.id);
        // Money moves when the last leg is known (a lost leg shows, but the ticket waits).
        if (own.some((l) => l.outcome === null)) continue;
        const { status, payout } = ticketStatus(
          ticket.stake,
          own.map((l) => ({ odds: l.odds, outcome: l.outcome })),
        );
        if (ticket.status === 'open') {
          await this.sb.deps.play.settle(tx, {
            roundId: ticket.kernelRoundId,
            results: [{ betId: ticket.id, payout: payout!, detail: { status } }],
            key: 'sports:settle',
            actor,
          });
          settled += 1;
        } else if (ticket.payout !== payout) {
          await this.sb.deps.play.resettle(tx, {
            roundId: ticket.kernelRoundId,
            results: [{ betId: ticket.id, payout: payout! }],
            actor,
            reason,
          });
          resettled += 1;
        } else if (ticket.status === status) continue;
        await tx
          .update(sportsTickets)
          .set({ status, payout, settledAt: sql`coalesce(${sportsTickets.settledAt}, now())` })
          .where(eq(sportsTickets.id, ticket.id));
      }
    }
    return { settled, resettled, markets: changes.length };
  }
}
