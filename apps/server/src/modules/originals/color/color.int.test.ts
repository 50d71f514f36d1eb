import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColorEvent } from '@taya/contracts';
import {
  COLOUR_GAME_COLOURS,
  drawColourGame,
  fairRng,
  seedCommitment,
  settleColourGame,
  type Colour,
} from '@taya/games';
import { createTestApp, fund, type TestContext } from '../../../test/harness';
import { balanceOf, insertMembers, newMember } from '../../../test/members';
import { ColorRunner } from './runner';
import type { ColorService } from './service';
import { colorBets, colorRounds } from './schema';

let t: TestContext;
let color: ColorService;
let runner: ColorRunner;
let clock = Date.parse('2026-03-01T00:00:00Z');
const events: ColorEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  color = t.app.services.color;
  color.deps.options.now = () => clock;
  runner = new ColorRunner(color);
  color.deps.feed.subscribe((e) => events.push(e));
});
afterAll(() => t.close());

const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
const step = async (at: number) => {
  clock = at;
  await runner.step(at);
};
const live = async () => (await color.liveRound(t.database.db))!;
const entries = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from ledger_entries`))[0]!.n;

/** Steps the game on until a round takes bets (opening one when the last has rolled). */
async function bettingRound() {
  for (;;) {
    const round = await color.liveRound(t.database.db);
    if (round?.status === 'betting' && clock < round.bettingEndsAt.getTime()) return round;
    if (!round) await step(clock);
    else if (round.status === 'betting') await step(round.bettingEndsAt.getTime());
    else await step(Math.max(clock, round.nextAt!.getTime()));
  }
}

/** Rolls the round taking bets: its timer runs out and the runner steps. */
async function roll(round: { number: number; bettingEndsAt: Date }) {
  events.length = 0;
  await step(round.bettingEndsAt.getTime());
  const [row] = await t.database.db
    .select()
    .from(colorRounds)
    .where(eq(colorRounds.number, round.number));
  return row!;
}

const member = (id: string) => ({
  kind: 'member' as const,
  member: { accountId: id, merchantCode: 'TYPH' },
});

describe('Colour Game rounds', () => {
  it('commits each round’s seed when betting opens and draws its dice from it', async () => {
    const round = await bettingRound();
    const state = (await t.app.inject('/originals/color-game/state')).json().value;
    expect(state).toMatchObject({
      engine: 'taya-color@1',
      rtp: '92.13',
      bettingMs: 20_000,
      live: { round: round.number, phase: 'betting', serverSeedHash: round.seedHash, result: null },
    });
    expect(JSON.stringify(state)).not.toContain(round.serverSeed);
    expect(round.seedHash).toBe(seedCommitment(round.serverSeed));
    // Betting lasts 20 s: a step before its end changes nothing.
    await step(round.bettingEndsAt.getTime() - 1);
    expect((await live()).status).toBe('betting');
    const rolled = await roll(round);
    expect(rolled.status).toBe('rolled');
    const dice = drawColourGame(fairRng(rolled.serverSeed, 'color-game', rolled.number)).dice;
    expect(rolled.dice).toEqual(dice);
    const result = events.find((e) => e.type === 'result');
    expect(result).toMatchObject({
      round: round.number,
      dice,
      serverSeed: rolled.serverSeed,
      serverSeedHash: round.seedHash,
      clientSeed: 'color-game',
    });
    // The result shows for the rolling and result time, then the next round opens.
    expect(rolled.nextAt!.getTime() - rolled.rolledAt!.getTime()).toBe(8_000);
    await step(rolled.nextAt!.getTime() - 1);
    expect((await live()).number).toBe(round.number);
    await step(rolled.nextAt!.getTime());
    const next = await live();
    expect(next).toMatchObject({ number: round.number + 1, status: 'betting' });
    const after = (await t.app.inject('/originals/color-game/state')).json().value;
    expect(after.history[0]).toMatchObject({ round: round.number, dice });
    expect(after.hot.rounds).toBeGreaterThan(0);
    const counted = Object.values(after.hot.counts as Record<string, number>).reduce(
      (a, b) => a + b,
      0,
    );
    expect(counted).toBe(after.hot.rounds * 3);
  });

  it('settles 150 players’ round in one batch, several colours each, every payout exact', async () => {
    const round = await bettingRound();
    const ids = await insertMembers(t, 150, 'color');
    const start = 1_000_00n;
    for (const id of ids) await fund(t.app, id, start, `color:${id}`);
    // Player i bets on 1–6 colours (starting at colour i % 6), stakes varying; every third
    // player bets twice in the round.
    const betsOf = (i: number) => {
      const n = (i % 6) + 1;
      return Array.from({ length: n }, (_, k) => ({
        colour: COLOUR_GAME_COLOURS[(i + k) % 6]!,
        amount: 1_00n + BigInt(i) * 13n + BigInt(k) * 50n,
      }));
    };
    const dec = (v: bigint) => (Number(v) / 100).toFixed(2);
    const placed = await Promise.all(
      ids.map((id, i) =>
        color.bet(member(id), {
          requestId: `color-bet-${i}-${id.slice(0, 8)}`,
          stakes: betsOf(i).map((s) => ({ colour: s.colour, amount: dec(s.amount) })),
        }),
      ),
    );
    expect(placed.every((p) => p.round === round.number)).toBe(true);
    const extra = ids.flatMap((id, i) => (i % 3 === 0 ? [{ id, i }] : []));
    for (const { id, i } of extra)
      await color.bet(member(id), {
        requestId: `color-more-${i}-${id.slice(0, 8)}`,
        stakes: [{ colour: 'red', amount: '2.00' }],
      });
    const stakedBy = (i: number) =>
      betsOf(i).reduce((s, b) => s + b.amount, 0n) + (i % 3 === 0 ? 2_00n : 0n);
    for (const [i, id] of ids.entries())
      expect(await balanceOf(t, id, 'member_cash')).toBe(start - stakedBy(i));
    // A repeat of a request answers the same bet and takes nothing more.
    const again = await color.bet(member(ids[1]!), {
      requestId: `color-bet-1-${ids[1]!.slice(0, 8)}`,
      stakes: betsOf(1).map((s) => ({ colour: s.colour, amount: dec(s.amount) })),
    });
    expect(again.betId).toBe(placed[1]!.betId);
    expect(await balanceOf(t, ids[1]!, 'member_cash')).toBe(start - stakedBy(1));

    const before = await entries();
    const rolled = await roll(round);
    // ONE wallet entry settled every bet of the round.
    expect((await entries()) - before).toBe(1);
    const dice = rolled.dice as [Colour, Colour, Colour];
    let paid = 0n;
    let staked = 0n;
    for (const [i, id] of ids.entries()) {
      const own = [
        ...betsOf(i),
        ...(i % 3 === 0 ? [{ colour: 'red' as const, amount: 2_00n }] : []),
      ];
      const payout = settleColourGame(own, { dice }).reduce((s, x) => s + x.payout, 0n);
      // By hand: a colour pays its stake × (1 + dice showing it) when it shows.
      const byHand = own.reduce((s, b) => {
        const m = dice.filter((d) => d === b.colour).length;
        return s + (m === 0 ? 0n : b.amount * BigInt(m + 1));
      }, 0n);
      expect(payout).toBe(byHand);
      paid += payout;
      staked += stakedBy(i);
      expect({ i, balance: await balanceOf(t, id, 'member_cash') }).toEqual({
        i,
        balance: start - stakedBy(i) + payout,
      });
    }
    const kernel = await rows<{ status: string; n: number; entries: number; payout: string }>(sql`
      select status, count(*)::int as n, count(distinct close_entry_id)::int as entries,
             sum(payout)::text as payout
      from bets where round_id = ${`color-${round.number}-TYPH`} group by status`);
    expect(kernel).toEqual([
      { status: 'settled', n: 150 + extra.length, entries: 1, payout: paid.toString() },
    ]);
    const betRows = await t.database.db
      .select()
      .from(colorBets)
      .where(eq(colorBets.round, round.number));
    expect(betRows.reduce((s, b) => s + b.payout!, 0n)).toBe(paid);
    // Books balanced; the house kept the stakes less the payouts.
    expect(
      await rows(
        sql`select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0`,
      ),
    ).toEqual([]);
    expect(
      await rows(sql`
        select a.id from ledger_accounts a
        left join (select account_id, sum(amount) as s from ledger_postings group by account_id) p
          on p.account_id = a.id
        where a.balance <> coalesce(p.s, 0)`),
    ).toEqual([]);
    const [settleEntry] = await rows<{ id: string }>(sql`
      select close_entry_id as id from bets where round_id = ${`color-${round.number}-TYPH`} limit 1`);
    const byKind = await rows<{ kind: string; total: string }>(sql`
      select a.kind, sum(p.amount)::text as total from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      where p.entry_id = ${settleEntry!.id} group by a.kind order by a.kind`);
    expect(byKind.find((k) => k.kind === 'house')?.total).toBe((staked - paid).toString());
    const result = events.find((e) => e.type === 'result');
    expect(result?.type === 'result' && result.winners.length).toBe(
      Math.min(20, betRows.filter((b) => b.payout! > 0n).length),
    );
    // Betting is closed while the dice roll and the result shows.
    const late = await newMember(t);
    await fund(t.app, late.id, start, `color:${late.id}`);
    const closed = await late.post('/originals/color-game/bets', {
      requestId: `late-${late.id}`,
      stakes: [{ colour: 'red', amount: '5.00' }],
    });
    expect(closed.statusCode).toBe(409);
    const mine = (await t.app.inject({ method: 'GET', url: '/originals/color-game/mine' }))
      .statusCode;
    expect(mine).toBe(401);
  });

  it('refuses bad input naming the field', async () => {
    await bettingRound();
    const m = await newMember(t);
    await fund(t.app, m.id, 100_00n, `color:${m.id}`);
    const bad = [
      { requestId: `a-${m.id}`, stakes: [{ colour: 'purple', amount: '1.00' }] },
      { requestId: `b-${m.id}`, stakes: [] },
      {
        requestId: `c-${m.id}`,
        stakes: [
          { colour: 'red', amount: '1.00' },
          { colour: 'red', amount: '1.00' },
        ],
      },
      { requestId: `d-${m.id}`, stakes: [{ colour: 'red', amount: '0.50' }] },
      { requestId: `e-${m.id}`, stakes: [{ colour: 'red', amount: '20000.00' }] },
      { requestId: `f-${m.id}`, stakes: [{ colour: 'red', amount: '-1' }] },
      { requestId: 'x', stakes: [{ colour: 'red', amount: '1.00' }] },
      { requestId: `g-${m.id}`, stakes: [{ colour: 'red', amount: '1.00' }], extra: 1 },
    ];
    for (const body of bad) {
      const res = await m.post('/originals/color-game/bets', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
    const tooBig = await m.post('/originals/color-game/bets', {
      requestId: `h-${m.id}`,
      stakes: [{ colour: 'red', amount: '20000.00' }],
    });
    expect(JSON.stringify(tooBig.json())).toContain('stakes.0.amount');
    const broke = await m.post('/originals/color-game/bets', {
      requestId: `i-${m.id}`,
      stakes: [{ colour: 'red', amount: '200.00' }],
    });
    // More than the balance: insufficient funds, nothing taken.
    expect(broke.statusCode).toBe(409);
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(100_00n);
    const ok = await m.post('/originals/color-game/bets', {
      requestId: `j-${m.id}`,
      stakes: [
        { colour: 'red', amount: '1.00' },
        { colour: 'blue', amount: '2.00' },
      ],
    });
    expect(ok.json().value).toMatchObject({ amount: '3.00', balance: '97.00' });
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/originals/color-game/bets',
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
    const list = (await m.get('/originals/color-game/mine')).json().value.list;
    expect(list[0]).toMatchObject({ amount: '3.00', dice: null });
  });

  it('plays free play in the same rounds with play money', async () => {
    const open = (
      await t.app.inject({ method: 'POST', url: '/originals/demo/color-game/session' })
    ).json().value;
    expect(open).toMatchObject({ balance: '2000.00', currency: 'DEMO' });
    const round = await bettingRound();
    const bet = (
      await t.app.inject({
        method: 'POST',
        url: '/originals/demo/color-game/bets',
        payload: {
          requestId: `demo-${randomUUID()}`,
          stakes: COLOUR_GAME_COLOURS.map((colour) => ({ colour, amount: '10.00' })),
          session: open.session,
        },
      })
    ).json().value;
    expect(bet).toMatchObject({ round: round.number, currency: 'DEMO', balance: '1940.00' });
    const noSession = await t.app.inject({
      method: 'POST',
      url: '/originals/demo/color-game/bets',
      payload: { requestId: `demo-${randomUUID()}`, stakes: [{ colour: 'red', amount: '1.00' }] },
    });
    expect(noSession.statusCode).toBe(400);
    const before = await entries();
    // Members' bets left in the round by the tests before settle in one entry; play money in none.
    const real = await rows<{ n: number }>(
      sql`select count(*)::int as n from color_bets where round = ${round.number} and not demo`,
    );
    const rolled = await roll(round);
    expect(await entries()).toBe(before + (real[0]!.n > 0 ? 1 : 0));
    // Six colours at 10 each: every die pays its colour, 3 dice → 30 + 10 per colour shown.
    const shown = new Set(rolled.dice).size;
    const payout = 30_00n + BigInt(shown) * 10_00n;
    const [row] = await t.database.db.select().from(colorBets).where(eq(colorBets.id, bet.betId));
    expect(row).toMatchObject({ payout, demo: true });
    const now = (
      await t.app.inject({
        method: 'POST',
        url: '/originals/demo/color-game/balance',
        payload: { session: open.session },
      })
    ).json().value;
    expect(now.balance).toBe((Number(1940_00n + payout) / 100).toFixed(2));
  });
});
