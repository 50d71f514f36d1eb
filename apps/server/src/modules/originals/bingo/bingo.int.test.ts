import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BingoEvent } from '@taya/contracts';
import {
  BINGO_CALLS,
  BINGO_PRIZES,
  bestPattern,
  bingoGameClientSeed,
  calledBalls,
  drawBalls,
  drawCard,
  fairRng,
  seedCommitment,
} from '@taya/games';
import { createTestApp, fund, type TestContext } from '../../../test/harness';
import { balanceOf, insertMembers, newMember } from '../../../test/members';
import { BingoRunner } from './runner';
import type { BingoService } from './service';
import { bingoCards, bingoGames } from './schema';

let t: TestContext;
let bingo: BingoService;
let runner: BingoRunner;
let clock = Date.parse('2026-03-01T00:00:00Z');
const events: BingoEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  bingo = t.app.services.bingo;
  bingo.deps.options.now = () => clock;
  runner = new BingoRunner(bingo);
  bingo.deps.feed.subscribe((e) => events.push(e));
});
afterAll(() => t.close());

const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
const step = async (at: number) => {
  clock = at;
  await runner.step(at);
};
const game = async (n: number) =>
  (await t.database.db.select().from(bingoGames).where(eq(bingoGames.number, n)))[0]!;
/** The game selling cards now (opening the first when none is). */
async function selling() {
  await step(clock);
  const [open] = await rows<{ number: number }>(
    sql`select number from bingo_games where status = 'open' order by number limit 1`,
  );
  return game(open!.number);
}
/** Steps the games on, each step at the time the runner asked for, until game `n` is done. */
async function play(n: number) {
  let sawCalling = false;
  for (let i = 0; i < 200; i++) {
    const g = await game(n);
    if (g.status === 'done') return expect(sawCalling).toBe(true);
    if (g.status === 'calling') sawCalling = true;
    clock += await runner.step(clock);
  }
  throw new Error(`game ${n} did not finish`);
}

describe('bingo games', () => {
  it('commits to the ball order before selling and reveals it after the game', async () => {
    const state = (await t.app.inject('/originals/bingo/state')).json().value;
    expect(state).toMatchObject({
      engine: 'taya-bingo@1',
      rtp: '94.72',
      calls: 30,
      currency: 'TLB',
      minBet: '1.00',
      maxBet: '500.00',
    });
    expect(state.prizes).toEqual([
      { pattern: 'x', multiplier: '100' },
      { pattern: 'two-lines', multiplier: '18' },
      { pattern: 'corners', multiplier: '10' },
      { pattern: 'line', multiplier: '4' },
    ]);
    const g = await selling();
    const live = (await t.app.inject('/originals/bingo/state')).json().value.live;
    expect(live.buying).toMatchObject({ game: g.number, commitment: g.commitment });
    expect(JSON.stringify(live)).not.toContain(g.serverSeed);
    events.length = 0;
    await play(g.number);
    const balls = events.filter((e) => e.type === 'ball');
    expect(balls.map((e) => (e.type === 'ball' ? e.ball : 0))).toEqual(calledBalls(g.balls));
    const done = events.find((e) => e.type === 'done');
    expect(done).toMatchObject({ game: g.number, serverSeed: g.serverSeed });
    const history = (await t.app.inject('/originals/bingo/state')).json().value.history;
    const result = history.find((h: { game: number }) => h.game === g.number);
    expect(seedCommitment(result.serverSeed)).toBe(result.commitment);
    expect(result.clientSeed).toBe(bingoGameClientSeed(g.number));
    expect(result.balls).toEqual(
      calledBalls(drawBalls(fairRng(result.serverSeed, result.clientSeed, 0))),
    );
    expect(result.balls).toHaveLength(BINGO_CALLS);
  });

  it('settles 60 players’ 150 cards in one batch, each paid for its own best pattern', async () => {
    const g = await selling();
    const ids = await insertMembers(t, 60, 'bingo');
    const start = 1_000_00n;
    for (const id of ids) await fund(t.app, id, start, `bingo:${id}`);
    const countOf = (i: number) => (i % 4) + 1;
    const priceOf = (i: number) => 1_00n + BigInt(i) * 13n;
    const bought = await Promise.all(
      ids.map((id, i) =>
        bingo.buy(
          { kind: 'member', member: { accountId: id, merchantCode: 'TYPH' } },
          {
            requestId: `bingo-buy-${i}-${id.slice(0, 8)}`,
            amount: (Number(priceOf(i)) / 100).toFixed(2),
            cards: countOf(i),
          },
        ),
      ),
    );
    let cards = 0;
    for (const [i, id] of ids.entries()) {
      const answer = bought[i]!;
      expect(answer.game).toBe(g.number);
      expect(answer.cards).toHaveLength(countOf(i));
      cards += countOf(i);
      expect(await balanceOf(t, id, 'member_cash')).toBe(start - priceOf(i) * BigInt(countOf(i)));
      // The cards come from the member's seed pair, one nonce each.
      const seeds = (await bingo.seeds({ accountId: id, merchantCode: 'TYPH' })).current;
      answer.cards.forEach((c, k) => {
        expect(c).toMatchObject({ nonce: k, serverSeedHash: seeds.serverSeedHash, pattern: null });
      });
    }
    const pairs = await rows<{ account_id: string; server_seed: string; client_seed: string }>(sql`
      select account_id, server_seed, client_seed from original_seed_pairs
      where game = 'bingo' and status = 'active'`);
    const pairOf = new Map(pairs.map((p) => [p.account_id, p]));
    const before = (
      await rows<{ n: number }>(sql`select count(*)::int as n from ledger_entries`)
    )[0]!.n;
    await play(g.number);
    const after = (
      await rows<{ n: number }>(sql`select count(*)::int as n from ledger_entries`)
    )[0]!.n;
    // ONE wallet entry settled the 150 cards.
    expect(after - before).toBe(1);
    const called = new Set(calledBalls(g.balls));
    let paid = 0n;
    let staked = 0n;
    for (const [i, id] of ids.entries()) {
      const pair = pairOf.get(id)!;
      const mine = await t.database.db.select().from(bingoCards).where(eq(bingoCards.player, id));
      let won = 0n;
      for (const card of mine) {
        expect(card.numbers).toEqual(
          drawCard(fairRng(pair.server_seed, pair.client_seed, card.nonce)),
        );
        const pattern = bestPattern(card.numbers, called);
        const payout = pattern === null ? 0n : priceOf(i) * BINGO_PRIZES[pattern].num;
        expect({ pattern: card.pattern, payout: card.payout }).toEqual({ pattern, payout });
        won += payout;
      }
      paid += won;
      staked += priceOf(i) * BigInt(countOf(i));
      expect(await balanceOf(t, id, 'member_cash')).toBe(
        start - priceOf(i) * BigInt(countOf(i)) + won,
      );
    }
    const kernel = await rows<{ status: string; n: number; entries: number; payout: string }>(sql`
      select status, count(*)::int as n, count(distinct close_entry_id)::int as entries,
             sum(payout)::text as payout
      from bets where round_id = ${`bingo-${g.number}-TYPH`} group by status`);
    expect(kernel).toEqual([{ status: 'settled', n: cards, entries: 1, payout: paid.toString() }]);
    // Books balanced.
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
      select close_entry_id as id from bets where round_id = ${`bingo-${g.number}-TYPH`} limit 1`);
    const byKind = await rows<{ kind: string; total: string }>(sql`
      select a.kind, sum(p.amount)::text as total from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      where p.entry_id = ${settleEntry!.id} group by a.kind order by a.kind`);
    expect(byKind.find((k) => k.kind === 'house')?.total).toBe((staked - paid).toString());
  });

  it('refuses bad input naming the field, a fifth card and late purchases', async () => {
    await selling();
    const m = await newMember(t);
    await fund(t.app, m.id, 100_00n, `bingo:${m.id}`);
    const post = (body: Record<string, unknown>) => m.post('/originals/bingo/cards', body);
    for (const [body, field] of [
      [{ requestId: `a-${m.id}`, amount: '1.00', cards: 5 }, 'cards'],
      [{ requestId: `b-${m.id}`, amount: '1.00', cards: 0 }, 'cards'],
      [{ requestId: `c-${m.id}`, amount: '0.001', cards: 1 }, 'amount'],
      [{ requestId: `d-${m.id}`, amount: '501.00', cards: 1 }, 'amount'],
      [{ requestId: `e-${m.id}`, amount: '1.00', cards: 1, extra: 1 }, 'extra'],
      [{ requestId: 'x', amount: '1.00', cards: 1 }, 'requestId'],
    ] as const) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    const first = await post({ requestId: `one-${m.id}`, amount: '2.00', cards: 3 });
    expect(first.statusCode).toBe(200);
    const again = await post({ requestId: `one-${m.id}`, amount: '2.00', cards: 3 });
    expect(again.json().value.cards.map((c: { cardId: string }) => c.cardId)).toEqual(
      first.json().value.cards.map((c: { cardId: string }) => c.cardId),
    );
    const fifth = await post({ requestId: `two-${m.id}`, amount: '2.00', cards: 2 });
    expect(fifth.statusCode).toBe(400);
    expect(JSON.stringify(fifth.json())).toContain('cards');
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(94_00n);
    const mine = (await m.get('/originals/bingo/mine')).json().value;
    expect(mine.cards).toHaveLength(3);
    expect(mine).toMatchObject({ balance: '94.00', currency: 'TLB' });
    // The sale over (the runner not yet stepped): refused.
    const g = (
      await rows<{ buy_ends_at: Date }>(
        sql`select buy_ends_at from bingo_games where status = 'open' order by number limit 1`,
      )
    )[0]!;
    clock = new Date(g.buy_ends_at).getTime();
    const late = await post({ requestId: `late-${m.id}`, amount: '2.00', cards: 1 });
    expect(late.statusCode).toBe(409);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/originals/bingo/cards',
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('plays free play in the same games with play money', async () => {
    const g = await selling();
    const open = (
      await t.app.inject({ method: 'POST', url: '/originals/demo/bingo/session' })
    ).json().value;
    expect(open).toMatchObject({ balance: '2000.00', currency: 'DEMO' });
    const bought = (
      await t.app.inject({
        method: 'POST',
        url: '/originals/demo/bingo/cards',
        payload: {
          requestId: `demo-${randomUUID()}`,
          amount: '10.00',
          cards: 4,
          session: open.session,
        },
      })
    ).json().value;
    expect(bought).toMatchObject({ game: g.number, balance: '1960.00' });
    expect(bought.cards[0]).toMatchObject({
      currency: 'DEMO',
      serverSeed: null,
      clientSeed: 'demo',
    });
    const noSession = await t.app.inject({
      method: 'POST',
      url: '/originals/demo/bingo/cards',
      payload: { requestId: `demo-${randomUUID()}`, amount: '10.00', cards: 1 },
    });
    expect(noSession.statusCode).toBe(400);
    await play(g.number);
    const mine = (
      await t.app.inject({
        method: 'POST',
        url: '/originals/demo/bingo/mine',
        payload: { session: open.session },
      })
    ).json().value;
    const called = calledBalls((await game(g.number)).balls);
    let won = 0n;
    for (const card of mine.cards) {
      // The one-off seed is revealed once the game is over.
      expect(card.numbers).toEqual(drawCard(fairRng(card.serverSeed, 'demo', card.nonce)));
      const pattern = bestPattern(card.numbers, called);
      expect(card.pattern).toBe(pattern);
      won += pattern === null ? 0n : 10_00n * BINGO_PRIZES[pattern].num;
    }
    expect(mine.balance).toBe(((196_000n + won) / 100n).toString() + '.00');
    // Nothing reached the kernel.
    expect(
      await rows(
        sql`select id from bets where round_id like ${`bingo-${g.number}-%`} and account_id like 'demo:%'`,
      ),
    ).toEqual([]);
  });

  it('is offered only where the merchant speaks Tagalog', async () => {
    const mm = { merchant: 'TYMM' };
    expect((await t.app.inject({ url: '/originals/bingo/state', headers: mm })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/originals/demo/bingo/session', headers: mm }))
        .statusCode,
    ).toBe(404);
    const member = await newMember(t, { merchantCode: 'TYMM' });
    const res = await member.post('/originals/bingo/cards', {
      requestId: `mm-${member.id}`,
      amount: '40.00',
      cards: 1,
    });
    expect(res.statusCode).toBe(404);
    const catalogue = await rows<{ merchant_code: string; game_type: string }>(
      sql`select merchant_code, game_type from games where game_code = 'TAYA_BINGO'`,
    );
    expect(catalogue).toEqual([{ merchant_code: 'TYPH', game_type: 'BG' }]);
  });
});
