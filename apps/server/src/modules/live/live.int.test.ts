import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@taya/contracts';
import {
  baccaratPay,
  cardLabel,
  dealBaccarat,
  planShoe,
  seedCommitment,
  shuffleShoe,
  type BaccaratSpot,
} from '@taya/games';
import { and, desc } from 'drizzle-orm';
import { auditLog } from '../../platform/audit-schema';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { balanceOf, insertMembers, newMember } from '../../test/members';
import { LiveRunner } from './runner';
import { liveRounds, liveShoes } from './schema';
import type { LiveService } from './service';

let t: TestContext;
let live: LiveService;
let runner: LiveRunner;
let clock = Date.parse('2026-03-01T00:00:00Z');
const events: LiveEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  live = t.app.services.live;
  live.deps.options.now = () => clock;
  runner = new LiveRunner(live);
  live.deps.feed.subscribe((e) => events.push(e));
});
afterAll(() => t.close());

const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
const entries = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from ledger_entries`))[0]!.n;
const table = (code = 'BAC-1') => live.tableRow(code);
const step = async (at: number, code = 'BAC-1') => {
  clock = at;
  return runner.stepTable(await table(code), at);
};

/** Steps a table on until a round takes bets (a shoe shuffled first when needed). */
async function bettingRound(code = 'BAC-1') {
  for (;;) {
    const round = await live.liveRound(t.database.db, code);
    if (round?.status === 'betting' && clock < round.bettingEndsAt.getTime()) return round;
    if (round?.status === 'betting') await step(round.bettingEndsAt.getTime(), code);
    else {
      const wait = await step(Math.max(clock, round?.nextAt?.getTime() ?? clock), code);
      clock += Math.min(wait, 10_000);
    }
  }
}

async function dealt(round: { id: string; bettingEndsAt: Date }, code = 'BAC-1') {
  events.length = 0;
  await step(round.bettingEndsAt.getTime(), code);
  const [row] = await t.database.db.select().from(liveRounds).where(eq(liveRounds.id, round.id));
  return row!;
}

const member = (id: string) => ({ accountId: id, merchantCode: 'TYPH' });
const dec = (v: bigint) => `${v / 100n}.${(v % 100n).toString().padStart(2, '0')}`;

describe('live baccarat', () => {
  it('lists the tables with their limits, spots and exact returns', async () => {
    const lobby = (await t.app.inject('/live-tables')).json().value;
    expect(lobby.tables.map((x: { code: string }) => x.code)).toEqual([
      'BAC-1',
      'BAC-2',
      'DT-1',
      'L9-1',
      'RO-1',
      'SB-1',
    ]);
    expect(lobby.tables[0]).toMatchObject({
      game: 'baccarat',
      variant: 'classic',
      currency: 'TLB',
      minBet: '10.00',
      maxBet: '50000.00',
      bettingMs: 20_000,
    });
    const state = (await t.app.inject('/live-tables/BAC-1')).json().value;
    expect(state.engine).toBe('taya-baccarat@1');
    expect(state.spots).toEqual([
      { spot: 'player', pays: '2.00', rtp: '98.7649', minBet: '10.00', maxBet: '50000.00' },
      { spot: 'banker', pays: '1.95', rtp: '98.9420', minBet: '10.00', maxBet: '50000.00' },
      { spot: 'tie', pays: '9.00', rtp: '85.6403', minBet: '10.00', maxBet: '5000.00' },
      { spot: 'player-pair', pays: '12.00', rtp: '89.6385', minBet: '10.00', maxBet: '5000.00' },
      { spot: 'banker-pair', pays: '12.00', rtp: '89.6385', minBet: '10.00', maxBet: '5000.00' },
    ]);
    const super6 = (await t.app.inject('/live-tables/BAC-2')).json().value;
    expect(super6.spots[1]).toMatchObject({ spot: 'banker', pays: '2.00', rtp: '98.5418' });
    expect((await t.app.inject('/live-tables/NOPE-1')).statusCode).toBe(404);
  });

  it('shuffles a shoe with its hash shown, then settles a round of bets in one entry', async () => {
    const round = await bettingRound();
    const [shoe] = await t.database.db
      .select()
      .from(liveShoes)
      .where(eq(liveShoes.id, round.shoeId!));
    expect(shoe!.seedHash).toBe(seedCommitment(shoe!.serverSeed));
    const state = (await t.app.inject('/live-tables/BAC-1')).json().value;
    expect(state.live).toMatchObject({ round: round.number, phase: 'betting' });
    expect(state.shoe).toMatchObject({
      shoe: 1,
      decks: 8,
      serverSeedHash: shoe!.seedHash,
      serverSeed: null,
    });
    expect(JSON.stringify(state)).not.toContain(shoe!.serverSeed);
    // The shoe's first card burned as many more (10/J/Q/K burn 10).
    const cards = shuffleShoe(8, shoe!.serverSeed, shoe!.clientSeed);
    expect(state.shoe.burned).toEqual(planShoe(cards).burned.map(cardLabel));
    expect(shoe!.position).toBe(planShoe(cards).firstHandAt);

    const ids = await insertMembers(t, 12, 'bac');
    for (const id of ids) await fund(t.app, id, 10_000_00n, `bac:${id}`);
    const spotsOf = (i: number): { spot: BaccaratSpot; amount: bigint }[] => [
      { spot: i % 2 ? 'banker' : 'player', amount: 100_00n + BigInt(i) * 7n },
      ...(i % 3 === 0 ? [{ spot: 'tie' as const, amount: 10_00n }] : []),
      ...(i % 4 === 0 ? [{ spot: 'player-pair' as const, amount: 10_00n }] : []),
    ];
    for (const [i, id] of ids.entries())
      await live.bet(member(id), 'BAC-1', {
        requestId: `bac-bet-${i}-${id.slice(0, 8)}`,
        round: round.number,
        stakes: spotsOf(i).map((s) => ({ spot: s.spot, amount: dec(s.amount) })),
      });
    const totals = (await t.app.inject('/live-tables/BAC-1')).json().value.totals;
    expect(totals.tie).toBe(dec(10_00n * 4n));
    const before = await entries();
    const row = await dealt(round);
    expect(row.status).toBe('dealt');
    expect((await entries()) - before).toBe(1);
    // The hand is the shoe's next cards, dealt by the tableau.
    const hand = dealBaccarat(cards, shoe!.position);
    expect(row.outcome).toMatchObject({ winner: hand.winner, playerTotal: hand.playerTotal });
    for (const i of ids.keys()) {
      const payout = spotsOf(i).reduce(
        (s, b) => s + baccaratPay('classic', b.spot, b.amount, hand),
        0n,
      );
      const staked = spotsOf(i).reduce((s, b) => s + b.amount, 0n);
      expect({ i, balance: await balanceOf(t, ids[i]!, 'member_cash') }).toEqual({
        i,
        balance: 10_000_00n - staked + payout,
      });
    }
    expect(
      await rows(
        sql`select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0`,
      ),
    ).toEqual([]);
    const result = events.find((e) => e.type === 'result');
    expect(result).toMatchObject({ table: 'BAC-1', result: { round: round.number, hand: 1 } });
    // The next round waits for the deal and the result on show.
    expect(row.nextAt!.getTime() - row.dealtAt!.getTime()).toBe(6_000 + 5_000);
  });

  it('refuses bad bets with the field named, and nothing moves', async () => {
    const round = await bettingRound();
    const m = await newMember(t);
    await fund(t.app, m.id, 1_000_00n, `bad:${m.id}`);
    const bet = (stakes: { spot: string; amount: string }[], r = round.number) =>
      t.app.inject({
        method: 'POST',
        url: '/live-tables/BAC-1/bets',
        headers: m.auth,
        payload: { requestId: `bad-${Math.random().toString(36).slice(2, 12)}`, round: r, stakes },
      });
    const unknown = await bet([{ spot: 'dragon', amount: '10.00' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data?.[0]?.path ?? unknown.body).toContain('stakes.0');
    expect((await bet([{ spot: 'player', amount: '5.00' }])).statusCode).toBe(400);
    const side = await bet([
      { spot: 'player', amount: '10.00' },
      { spot: 'tie', amount: '6000.00' },
    ]);
    expect(side.statusCode).toBe(400);
    expect(side.body).toContain('stakes.1');
    expect((await bet([{ spot: 'player', amount: '10.00' }], round.number + 5)).statusCode).toBe(
      409,
    );
    expect(
      (
        await bet([
          { spot: 'player', amount: '10.00' },
          { spot: 'player', amount: '10.00' },
        ])
      ).statusCode,
    ).toBe(400);
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(1_000_00n);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/live-tables/BAC-1/bets',
      payload: {
        requestId: 'anon-12345',
        round: round.number,
        stakes: [{ spot: 'player', amount: '10.00' }],
      },
    });
    expect(anonymous.statusCode).toBe(401);
    // Betting closes with the timer.
    await dealt(round);
    expect((await bet([{ spot: 'player', amount: '10.00' }])).statusCode).toBe(409);
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(1_000_00n);
  });

  it('answers one request id sent twice at once with one bet, and pays nothing on a round recovery voided', async () => {
    const round = await bettingRound();
    const m = await newMember(t);
    await fund(t.app, m.id, 1_000_00n, `twice:${m.id}`);
    const payload = {
      requestId: `twice-${m.id.slice(0, 8)}`,
      round: round.number,
      stakes: [{ spot: 'banker', amount: '100.00' }],
    };
    const send = () =>
      t.app.inject({ method: 'POST', url: '/live-tables/BAC-1/bets', headers: m.auth, payload });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().value.betId).toBe(b.json().value.betId);
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(900_00n);
    // No driver for an hour: the recovery job voids the merchant's round, every stake back.
    const { settled, voided } = await t.app.services.play.recover(new Date(clock + 2 * 3_600_000));
    expect({ settled, voided: voided >= 1 }).toEqual({ settled: 0, voided: true });
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(1_000_00n);
    const row = await dealt(round);
    expect(row.status).toBe('dealt');
    // The deal pays nothing more and writes no payout on the voided bets.
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(1_000_00n);
    const mine = (
      await t.app.inject({ url: '/live-tables/mine?table=BAC-1', headers: m.auth })
    ).json().value;
    expect(mine.list[0]).toMatchObject({ round: round.number, amount: '100.00', payout: null });
  });

  it('deals a whole shoe to the cut card, then reveals its seed: every hand re-deals', async () => {
    // Deal rounds with no bets until the shoe ends.
    const shoeId = (await bettingRound()).shoeId!;
    for (;;) {
      const round = await bettingRound();
      if (round.shoeId !== shoeId) break;
      await dealt(round);
    }
    const [shoe] = await t.database.db.select().from(liveShoes).where(eq(liveShoes.id, shoeId));
    expect(shoe).toMatchObject({ status: 'finished', cut: 'done' });
    const record = (await t.app.inject(`/live-tables/BAC-1/shoes/${shoe!.number}`)).json().value;
    expect(record.serverSeed).toBe(shoe!.serverSeed);
    expect(record.results.length).toBe(shoe!.hands);
    expect(shoe!.hands).toBeGreaterThan(55);
    // Anyone re-shuffles the shoe from the revealed seed and re-deals every hand in order.
    const cards = shuffleShoe(record.decks, record.serverSeed, record.clientSeed);
    const plan = planShoe(cards, 16);
    let at = plan.firstHandAt;
    for (const r of record.results) {
      const hand = dealBaccarat(cards, at);
      expect(r.outcome).toMatchObject({
        player: hand.player.map(cardLabel),
        banker: hand.banker.map(cardLabel),
        winner: hand.winner,
      });
      at += hand.used;
    }
    // The last hand started after the cut card came out (one more hand), or in its place.
    expect(at).toBeGreaterThan(plan.cutAt);
    expect(record.results.at(-2).outcome).toBeDefined();
  });
});

describe('the console’s live tables', () => {
  const as = async (role: 'admin' | 'read_only', merchants?: string[]) => ({
    authorization: `Bearer ${await t.loginOperator({ role, ...(merchants ? { merchants } : {}) })}`,
  });
  const body = {
    merchantCode: 'TYPH',
    status: 'open',
    bettingSeconds: 20,
    minBet: '20.00',
    maxBet: '20000.00',
    sideMaxBet: '2000.00',
    reason: 'Weekend limits for the high-roller room',
  };

  it('shows each table’s round and its exposure per spot, and changes limits with a reason', async () => {
    const admin = await as('admin');
    const round = await bettingRound();
    const ids = await insertMembers(t, 3, 'expo');
    for (const id of ids) await fund(t.app, id, 5_000_00n, `expo:${id}`);
    for (const [i, id] of ids.entries())
      await live.bet(member(id), 'BAC-1', {
        requestId: `expo-${i}-${id.slice(0, 8)}`,
        round: round.number,
        stakes: [
          { spot: 'banker', amount: '100.00' },
          { spot: 'tie', amount: '10.00' },
        ],
      });
    const list = await t.app.inject({ url: '/ops/live/tables?merchantCode=TYPH', headers: admin });
    expect(list.statusCode).toBe(200);
    const bac = list.json().value.list.find((x: { code: string }) => x.code === 'BAC-1');
    expect(bac).toMatchObject({ status: 'open', round: round.number, phase: 'betting', bets: 3 });
    // The tie's 30.00 would pay 270.00; the banker's 300.00 would pay 585.00.
    expect(bac.exposure).toEqual([
      { spot: 'banker', staked: '300.00', payout: '585.00' },
      { spot: 'tie', staked: '30.00', payout: '270.00' },
    ]);
    // Limits change with a reason; the players' table follows; the audit keeps before and after.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/ops/live/tables/BAC-1',
      headers: admin,
      payload: body,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().value).toMatchObject({
      minBet: '20.00',
      maxBet: '20000.00',
      sideMaxBet: '2000.00',
    });
    const state = (await t.app.inject('/live-tables/BAC-1')).json().value;
    expect(state.spots[0]).toMatchObject({ minBet: '20.00', maxBet: '20000.00' });
    expect(state.spots[2]).toMatchObject({ spot: 'tie', maxBet: '2000.00' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'live.table.update'), eq(auditLog.targetId, 'BAC-1')))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audit).toMatchObject({
      reason: body.reason,
      before: { minBet: '1000', maxBet: '5000000', sideMaxBet: '500000' },
      after: { minBet: '2000', maxBet: '2000000', sideMaxBet: '200000' },
    });
    // Refusals: max below min names the field; a read-only operator may not write; an operator
    // of one merchant may set its limits but not pause a table every merchant shares.
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/ops/live/tables/BAC-1',
      headers: admin,
      payload: { ...body, maxBet: '10.00' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('maxBet');
    const readOnly = await t.app.inject({
      method: 'PUT',
      url: '/ops/live/tables/BAC-1',
      headers: await as('read_only'),
      payload: body,
    });
    expect(readOnly.statusCode).toBe(403);
    const scoped = await as('admin', ['TYPH']);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/ops/live/tables/BAC-1',
          headers: scoped,
          payload: body,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/ops/live/tables/BAC-1',
          headers: scoped,
          payload: { ...body, status: 'paused' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/ops/live/tables/BAC-1',
          headers: await as('admin', ['TYMM']),
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    await dealt(round);
  });

  it('voids a round taking bets with a reason: every stake back in one entry per merchant', async () => {
    const admin = await as('admin');
    const round = await bettingRound();
    const ids = await insertMembers(t, 4, 'void');
    for (const id of ids) await fund(t.app, id, 1_000_00n, `void:${id}`);
    for (const [i, id] of ids.entries())
      await live.bet(member(id), 'BAC-1', {
        requestId: `void-${i}-${id.slice(0, 8)}`,
        round: round.number,
        stakes: [{ spot: i % 2 ? 'player' : 'banker', amount: '50.00' }],
      });
    for (const id of ids) expect(await balanceOf(t, id, 'member_cash')).toBe(950_00n);
    const url = `/ops/live/tables/BAC-1/rounds/${round.number}/void`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers: admin, payload: {} })).statusCode,
    ).toBe(400);
    const before = await entries();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { reason: 'Card misdealt on the table' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ table: 'BAC-1', round: round.number, voided: 4 });
    expect((await entries()) - before).toBe(1);
    for (const id of ids) expect(await balanceOf(t, id, 'member_cash')).toBe(1_000_00n);
    const kernel = await rows<{ status: string; n: number }>(sql`
      select status, count(*)::int as n from bets
      where round_id = ${`live-BAC-1-${round.number}-TYPH`} group by status`);
    expect(kernel).toEqual([{ status: 'void', n: 4 }]);
    const [row] = await t.database.db.select().from(liveRounds).where(eq(liveRounds.id, round.id));
    expect(row).toMatchObject({ status: 'void', voidReason: 'Card misdealt on the table' });
    // Voided once: again is a conflict, and a dealt round cannot be voided either.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url,
          headers: admin,
          payload: { reason: 'again please' },
        })
      ).statusCode,
    ).toBe(409);
    // The table moves on to its next round.
    const next = await bettingRound();
    expect(next.number).toBe(round.number + 1);
    await dealt(next);
    const dealtUrl = `/ops/live/tables/BAC-1/rounds/${next.number}/void`;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: dealtUrl,
          headers: admin,
          payload: { reason: 'too late now' },
        })
      ).statusCode,
    ).toBe(409);
    // Only an operator over every merchant voids a shared table's round.
    const third = await bettingRound();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/ops/live/tables/BAC-1/rounds/${third.number}/void`,
          headers: await as('admin', ['TYPH']),
          payload: { reason: 'not mine to void' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
