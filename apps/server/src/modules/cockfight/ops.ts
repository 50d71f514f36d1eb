import { desc, eq } from 'drizzle-orm';
import type { OpsArenaBody, OpsArenaList, OpsFight } from '@taya/contracts';
import { effectiveResult, sabongBoard, sabongPayout, type SabongResult } from '@taya/games';
import { AppError } from '../../platform/errors';
import { cockfightArenas, cockfightFights, type FightBook } from './schema';
import {
  arenaWire,
  fightIdOf,
  fightWire,
  termsOf,
  type CockfightService,
  type FightRow,
  type Pools,
} from './service';

type Move = 'open' | 'last-call' | 'closed';
const from: Record<Move, readonly FightRow['status'][]> = {
  open: ['scheduled'],
  'last-call': ['open'],
  closed: ['open', 'last-call'],
};

/**
 * The console's arenas: settings, and running a fight — created (scheduled), opened for bets,
 * last call, closed (each merchant's pools and odds frozen), then settled with the declared
 * result. Every fight and its boards are shared by every merchant's players (each merchant's
 * pool in its own currency), so only an operator over every merchant runs them.
 */
export class CockfightOps {
  constructor(private readonly cf: CockfightService) {}

  private async opsFight(fight: FightRow): Promise<OpsFight> {
    return { ...fightWire(fight), boards: await this.cf.boards(this.cf.db, fight) };
  }

  /** Every arena with its last 20 fights and their boards. */
  async list(): Promise<OpsArenaList> {
    const arenas = await this.cf.arenaRows();
    return {
      arenas: await Promise.all(
        arenas.map(async (a) => {
          const fights = await this.cf.db
            .select()
            .from(cockfightFights)
            .where(eq(cockfightFights.arena, a.code))
            .orderBy(desc(cockfightFights.number))
            .limit(20);
          return {
            ...arenaWire(a),
            fights: await Promise.all(fights.map((f) => this.opsFight(f))),
          };
        }),
      ),
    };
  }

  /** An arena's settings; a fight under way keeps the commission and draw ratio it opened with. */
  async setArena(code: string, body: OpsArenaBody) {
    const arena = await this.cf.arenaRow(code);
    const before = arenaWire(arena);
    const commissionBp =
      body.commission === undefined ? undefined : Math.round(Number(body.commission) * 100);
    const [row] = await this.cf.db
      .update(cockfightArenas)
      .set({
        name: body.name,
        status: body.status,
        streamUrl: body.streamUrl,
        commissionBp,
        drawRatio: body.drawRatio,
      })
      .where(eq(cockfightArenas.code, code))
      .returning();
    const after = arenaWire(row!);
    this.cf.deps.feed.publish({ type: 'arena', arena: after });
    return { arena: after, before, after };
  }

  /** A new fight, scheduled: the arena's previous fight must be settled. */
  async createFight(code: string, meron: string, wala: string): Promise<OpsFight> {
    const arena = await this.cf.arenaRow(code);
    const fight = await this.cf.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(cockfightArenas)
        .where(eq(cockfightArenas.code, code))
        .for('update');
      const last = await this.cf.currentFight(tx, code);
      if (last && last.status !== 'settled')
        throw new AppError('conflict', `Fight ${last.number} is not settled yet`);
      const number = (last?.number ?? 0) + 1;
      const [row] = await tx
        .insert(cockfightFights)
        .values({
          id: fightIdOf(code, number),
          arena: code,
          number,
          meron,
          wala,
          commissionBp: locked!.commissionBp,
          drawRatio: locked!.drawRatio,
        })
        .returning();
      return row!;
    });
    await this.publish(arena.code, fight);
    return this.opsFight(fight);
  }

  /**
   * Opens betting, calls the last bets, or closes betting. Closing freezes each merchant's pools
   * and odds in the fight's books (settlement pays those odds). Answers with the fight before.
   */
  async move(code: string, number: number, to: Move) {
    const arena = await this.cf.arenaRow(code);
    if (to === 'open' && arena.status !== 'open')
      throw new AppError('conflict', 'The arena is closed');
    const now = new Date(this.cf.deps.now());
    const { before, fight } = await this.cf.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(cockfightFights)
        .where(eq(cockfightFights.id, fightIdOf(code, number)))
        .for('update');
      if (!locked) throw new AppError('not_found', 'No such fight');
      if (!from[to].includes(locked.status))
        throw new AppError('conflict', `A ${locked.status} fight cannot move to ${to}`);
      let books: Record<string, FightBook> | undefined;
      if (to === 'closed') {
        const pools = await this.cf.pools(tx, locked.id);
        books = Object.fromEntries([...pools].map(([m, p]) => [m, bookOf(p, locked)]));
      }
      const [row] = await tx
        .update(cockfightFights)
        .set({
          status: to,
          ...(to === 'open' ? { openedAt: now } : {}),
          ...(to === 'closed' ? { closedAt: now, books } : {}),
        })
        .where(eq(cockfightFights.id, locked.id))
        .returning();
      return { before: locked, fight: row! };
    });
    await this.publish(code, fight);
    return { before: fightWire(before), fight: await this.opsFight(fight) };
  }

  /**
   * Settles a fight with the declared result, per merchant in ONE kernel entry: a Meron or Wala
   * win pays the winners at the odds frozen at close (`sabongPayout`, rounded down); a draw pays
   * Draw bets the ratio and returns Meron and Wala; a cancel (or a win the pool cannot pay: one
   * side empty, or the winners' return below their stake) returns every stake (`voidMany`). A
   * result needs a closed fight; a cancel may come at any time before settlement.
   */
  async result(
    code: string,
    number: number,
    declared: SabongResult,
    reason: string,
    actor: string,
  ) {
    const now = new Date(this.cf.deps.now());
    const { play } = this.cf.deps;
    const fight = await this.cf.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(cockfightFights)
        .where(eq(cockfightFights.id, fightIdOf(code, number)))
        .for('update');
      if (!locked) throw new AppError('not_found', 'No such fight');
      if (locked.status === 'settled')
        throw new AppError('conflict', 'The fight is settled already');
      if (declared !== 'cancelled' && locked.status !== 'closed')
        throw new AppError('conflict', 'Close betting before declaring the result');
      const terms = termsOf(locked);
      const bets = await this.cf.fightBets(tx, locked.id);
      const byMerchant = new Map<string, typeof bets>();
      for (const b of bets)
        byMerchant.set(b.merchantCode, [...(byMerchant.get(b.merchantCode) ?? []), b]);
      const kernelRounds = [...new Set(bets.map((b) => b.kernelRoundId))];
      await play.lockRounds(tx, kernelRounds);
      const books: Record<string, FightBook> = { ...locked.books };
      const paid: { id: string; payout: bigint }[] = [];
      for (const [merchantCode, list] of [...byMerchant].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const pools: Pools = { meron: 0n, wala: 0n, draw: 0n, bets: list.length };
        for (const b of list) pools[b.side] += b.stake;
        const book = books[merchantCode] ?? bookOf(pools, locked);
        const odds = { meron: book.meronOdds, wala: book.walaOdds };
        const eff =
          declared === 'meron' || declared === 'wala'
            ? effectiveResult(declared, pools, terms)
            : { result: declared, odds: null };
        // Settlement pays the odds frozen at close (equal to the pools', which close froze).
        const winOdds = eff.result === 'meron' || eff.result === 'wala' ? odds[eff.result] : null;
        const roundId = list[0]!.kernelRoundId;
        if ((await play.roundStatus(tx, roundId)) !== 'open') continue;
        if (eff.result === 'cancelled') {
          await play.voidMany(tx, {
            roundId,
            betIds: list.map((b) => b.id),
            key: `sabong:void:${roundId}`,
            actor,
            reason: 'reason' in eff && eff.reason ? eff.reason : reason,
          });
          for (const b of list) paid.push({ id: b.id, payout: b.stake });
        } else {
          const results = list.map((b) => {
            const payout = sabongPayout(b, eff.result, winOdds, terms);
            // A Meron or Wala stake returned on a draw is no turnover.
            const validBet = eff.result === 'draw' && b.side !== 'draw' ? 0n : b.stake;
            paid.push({ id: b.id, payout });
            return { betId: b.id, payout, validBet, detail: { side: b.side } };
          });
          const done = await play.settleMany(tx, {
            roundId,
            key: `sabong:settle:${roundId}`,
            actor,
            metadata: { arena: code, fight: number, result: eff.result, bets: list.length },
            results,
          });
          if (done.settled.length !== list.length)
            throw new Error('a fight bet was settled already');
        }
        books[merchantCode] = {
          ...book,
          result: eff.result,
          ...('reason' in eff && eff.reason ? { reason: eff.reason } : {}),
        };
      }
      await this.cf.writePayouts(tx, paid);
      const [row] = await tx
        .update(cockfightFights)
        .set({
          status: 'settled',
          declared,
          reason: declared === 'cancelled' ? reason : null,
          books,
          settledAt: now,
          ...(locked.closedAt ? {} : { closedAt: now }),
        })
        .where(eq(cockfightFights.id, locked.id))
        .returning();
      return row!;
    });
    await this.publish(code, fight);
    return this.opsFight(fight);
  }

  private async publish(arena: string, fight: FightRow) {
    this.cf.deps.feed.publish({
      type: 'fight',
      arena,
      fight: fightWire(fight),
      boards: await this.cf.boards(this.cf.db, fight),
    });
  }
}

/** A merchant's pools and odds as frozen at close. */
function bookOf(p: Pools, fight: FightRow): FightBook {
  const odds = sabongBoard(p, termsOf(fight));
  return {
    meron: p.meron.toString(),
    wala: p.wala.toString(),
    draw: p.draw.toString(),
    meronOdds: odds.meron,
    walaOdds: odds.wala,
  };
}
