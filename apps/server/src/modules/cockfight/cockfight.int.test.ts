import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CockfightEvent } from '@taya/contracts';
import { sabongBoard, sabongOddsText, DEFAULT_SABONG_TERMS } from '@taya/games';
import { auditLog } from '../../platform/audit-schema';
import { games } from '../games/schema';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { listenForSockets, until, watchFeed } from '../../test/feed-socket';
import { balanceOf, insertMembers } from '../../test/members';

let t: TestContext;
const events: CockfightEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.app.services.cockfight.deps.feed.subscribe((e) => events.push(e));
});
afterAll(() => t.close());

const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
const ledgerBalanced = async () =>
  expect(
    await rows(
      sql`select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0`,
    ),
  ).toEqual([]);
const dec = (v: bigint) => `${v / 100n}.${(v % 100n).toString().padStart(2, '0')}`;
const cash = (id: string) => balanceOf(t, id, 'member_cash');
const asMember = async (id: string) => ({
  authorization: `Bearer ${(await t.app.services.sessions.issue({ subjectId: id, role: 'member', merchantCode: 'TYPH' })).token}`,
});
const operator = async (
  role: 'admin' | 'lottery' | 'read_only' = 'admin',
  merchants?: string[],
) => ({
  authorization: `Bearer ${await t.loginOperator({ role, ...(merchants ? { merchants } : {}) })}`,
});

async function ops(
  method: 'POST' | 'PATCH',
  url: string,
  payload: object,
  role?: 'admin' | 'lottery',
) {
  return t.app.inject({
    method,
    url: `/ops/cockfight/arenas/SAB-1${url}`,
    headers: await operator(role),
    payload,
  });
}
async function newFight(meron = 'Red Hatch', wala = 'White Kelso') {
  const res = await ops('POST', '/fights', { meron, wala });
  expect(res.statusCode).toBe(200);
  return res.json().value.number as number;
}
const move = (n: number, to: string) => ops('POST', `/fights/${n}/move`, { to });
const declare = (n: number, result: string, reason = 'as seen in the pit') =>
  ops('POST', `/fights/${n}/result`, { result, reason });

type Placed = { id: string; side: 'meron' | 'wala' | 'draw'; stake: bigint; betId: string };

async function players(count: number, each: bigint) {
  const ids = await insertMembers(t, count, 'sab');
  for (const id of ids) await fund(t.app, id, each, `sab:${id}`);
  return Promise.all(ids.map(async (id) => ({ id, headers: await asMember(id) })));
}

describe('cockfight', () => {
  it('lists the arena only where the merchant has switched the category on', async () => {
    const lobby = (await t.app.inject('/cockfight-arenas')).json().value;
    expect(lobby.arenas).toHaveLength(1);
    expect(lobby.arenas[0]).toMatchObject({
      code: 'SAB-1',
      commission: '5.00',
      drawRatio: 8,
      currency: 'TLB',
      minBet: '20.00',
      maxBet: '50000.00',
      drawMaxBet: '5000.00',
      streamUrl: null,
    });
    // The base seed leaves it off; the demo seed switched it on. Off again, it is gone.
    await t.database.db
      .update(games)
      .set({ enabled: false })
      .where(eq(games.gameCode, 'TAYA_SABONG_SAB-1'));
    t.app.services.games.invalidate('TYPH');
    expect((await t.app.inject('/cockfight-arenas')).json().value.arenas).toEqual([]);
    expect((await t.app.inject('/cockfight-arenas/SAB-1')).statusCode).toBe(404);
    await t.database.db
      .update(games)
      .set({ enabled: true })
      .where(eq(games.gameCode, 'TAYA_SABONG_SAB-1'));
    t.app.services.games.invalidate('TYPH');
  });

  it('500 bets on one fight: live odds equal the formula, Meron paid exactly at the odds frozen at close', async () => {
    const n = await newFight();
    expect((await move(n, 'open')).json().value.status).toBe('open');
    // Twenty watchers on the feed, as the players' pages are.
    const base = await listenForSockets(t.app);
    const watchers = await Promise.all(
      Array.from({ length: 20 }, () => watchFeed(`${base}/ws/cockfight`)),
    );
    const who = await players(50, 100_000_00n);
    const before = new Map<string, bigint>();
    for (const p of who) before.set(p.id, await cash(p.id));
    // 500 bets at once: ten from each player, sides and stakes spread (Draw within its max).
    const planned = who.flatMap((p, i) =>
      Array.from({ length: 10 }, (_, k) => {
        const side = (['meron', 'meron', 'wala', 'draw'] as const)[(i + k) % 4]!;
        const stake =
          side === 'draw'
            ? 20_00n + BigInt(k) * 7n
            : 20_00n + BigInt((i * 37 + k * 113) % 5_000) * 100n + BigInt(k);
        return { ...p, side, stake, requestId: `sab-${i}-${k}-${p.id.slice(0, 8)}` };
      }),
    );
    const answers = await Promise.all(
      planned.map((b) =>
        t.app.inject({
          method: 'POST',
          url: '/cockfight-arenas/SAB-1/bets',
          headers: b.headers,
          payload: { requestId: b.requestId, fight: n, side: b.side, amount: dec(b.stake) },
        }),
      ),
    );
    expect(
      answers
        .filter((a) => a.statusCode !== 200)
        .map((a) => a.body)
        .slice(0, 3),
    ).toEqual([]);
    const placed: Placed[] = planned.map((b, i) => ({
      ...b,
      betId: answers[i]!.json().value.betId,
    }));
    // A repeated request id answers the same bet, nothing more held.
    const again = await t.app.inject({
      method: 'POST',
      url: '/cockfight-arenas/SAB-1/bets',
      headers: planned[0]!.headers,
      payload: {
        requestId: planned[0]!.requestId,
        fight: n,
        side: planned[0]!.side,
        amount: dec(planned[0]!.stake),
      },
    });
    expect(again.json().value.betId).toBe(placed[0]!.betId);
    const pools = { meron: 0n, wala: 0n, draw: 0n };
    for (const b of placed) pools[b.side] += b.stake;
    const odds = sabongBoard(pools, DEFAULT_SABONG_TERMS);
    const state = (await t.app.inject('/cockfight-arenas/SAB-1')).json().value;
    expect(state.board).toMatchObject({
      meron: dec(pools.meron),
      wala: dec(pools.wala),
      draw: dec(pools.draw),
      bets: 500,
      meronOdds: sabongOddsText(odds.meron!),
      walaOdds: sabongOddsText(odds.wala!),
    });
    // The feed carried the board after every bet to every watcher; the board with all 500 bets
    // shows the formula's odds.
    const boards = events.filter((e) => e.type === 'board' && e.fight === n);
    expect(boards).toHaveLength(500);
    const boardsOf = (frames: { type: string; fight?: unknown; board?: unknown }[]) =>
      frames.filter((f) => f.type === 'board' && f.fight === n) as unknown as {
        board: { bets: number; meronOdds: string; walaOdds: string };
      }[];
    await until(() => watchers.every((w) => boardsOf(w.frames).length === 500));
    for (const w of watchers) {
      const full = boardsOf(w.frames).find((f) => f.board.bets === 500);
      expect(full?.board).toMatchObject({
        meronOdds: sabongOddsText(odds.meron!),
        walaOdds: sabongOddsText(odds.wala!),
      });
    }
    // Last call takes bets still; closed refuses them and freezes the odds.
    expect((await move(n, 'last-call')).json().value.status).toBe('last-call');
    expect((await move(n, 'closed')).json().value.status).toBe('closed');
    const late = await t.app.inject({
      method: 'POST',
      url: '/cockfight-arenas/SAB-1/bets',
      headers: who[0]!.headers,
      payload: { requestId: `late-${who[0]!.id}`, fight: n, side: 'wala', amount: '100.00' },
    });
    expect(late.statusCode).toBe(409);
    const settled = await declare(n, 'meron');
    expect(settled.statusCode).toBe(200);
    expect(settled.json().value).toMatchObject({ status: 'settled', result: 'meron' });
    await until(() =>
      watchers.every((w) =>
        w.frames.some(
          (f) =>
            f.type === 'fight' &&
            (f.fight as { number: number; status: string }).status === 'settled',
        ),
      ),
    );
    for (const w of watchers) w.socket.close();
    // Every bet: Meron returns ⌊stake × odds⌋, the rest nothing; balances moved by exactly that.
    const paid = await rows<{ id: string; payout: string }>(
      sql`select id, payout::text from cockfight_bets where fight_id = ${`SAB-1:${n}`}`,
    );
    const byId = new Map(paid.map((r) => [r.id, BigInt(r.payout)]));
    const expectedBy = new Map<string, bigint>();
    for (const b of placed) {
      const want = b.side === 'meron' ? (b.stake * BigInt(odds.meron!)) / 10_000n : 0n;
      expect(byId.get(b.betId)).toBe(want);
      expectedBy.set(b.id, (expectedBy.get(b.id) ?? 0n) - b.stake + want);
    }
    for (const p of who) expect((await cash(p.id)) - before.get(p.id)!).toBe(expectedBy.get(p.id));
    // Winners got no more than the pool less commission; the remainder is a few cents.
    const paidMeron = placed
      .filter((b) => b.side === 'meron')
      .reduce((s, b) => s + byId.get(b.betId)!, 0n);
    const net = ((pools.meron + pools.wala) * 9_500n) / 10_000n;
    expect(paidMeron <= net).toBe(true);
    expect(net - paidMeron < 500n + pools.meron / 10_000n).toBe(true);
    // The kernel settled every bet exactly once, in one entry.
    const kernel = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from bets where round_id = ${`sabong-SAB-1-${n}-TYPH`} group by status`,
    );
    expect(kernel).toEqual([{ status: 'settled', n: 500 }]);
    await ledgerBalanced();
    // Settled twice: refused, nothing moves.
    expect((await declare(n, 'wala')).statusCode).toBe(409);
    // The day's board and the member's bets.
    const after = (await t.app.inject('/cockfight-arenas/SAB-1')).json().value;
    expect(after.results.at(-1)).toMatchObject({
      number: n,
      result: 'meron',
      meronOdds: sabongOddsText(odds.meron!),
    });
    const mine = (
      await t.app.inject({ url: '/cockfight-arenas/mine', headers: who[0]!.headers })
    ).json().value.list;
    expect(mine).toHaveLength(10);
    expect(mine[0]).toMatchObject({ fight: n, result: 'meron', meron: 'Red Hatch' });
  });

  it('a draw pays Draw 8:1 and returns Meron and Wala; a cancel returns everything', async () => {
    const who = await players(3, 10_000_00n);
    const bet = (p: (typeof who)[number], n: number, side: string, amount: string) =>
      t.app.inject({
        method: 'POST',
        url: '/cockfight-arenas/SAB-1/bets',
        headers: p.headers,
        payload: { requestId: `d-${n}-${side}-${p.id}`, fight: n, side, amount },
      });
    const n = await newFight('Sweater', 'Roundhead');
    await move(n, 'open');
    const start = await Promise.all(who.map((p) => cash(p.id)));
    expect((await bet(who[0]!, n, 'meron', '300.00')).statusCode).toBe(200);
    expect((await bet(who[1]!, n, 'wala', '200.00')).statusCode).toBe(200);
    expect((await bet(who[2]!, n, 'draw', '50.00')).statusCode).toBe(200);
    // Declaring before close is refused.
    expect((await declare(n, 'draw')).statusCode).toBe(409);
    await move(n, 'closed');
    expect((await declare(n, 'draw')).json().value.result).toBe('draw');
    const now = await Promise.all(who.map((p) => cash(p.id)));
    expect(now.map((v, i) => v - start[i]!)).toEqual([0n, 0n, 400_00n]);

    const c = await newFight('Hatch', 'Grey');
    await move(c, 'open');
    await bet(who[0]!, c, 'meron', '100.00');
    await bet(who[1]!, c, 'wala', '100.00');
    await bet(who[2]!, c, 'draw', '20.00');
    const mid = await Promise.all(who.map((p) => cash(p.id)));
    expect(mid.map((v, i) => v - now[i]!)).toEqual([-100_00n, -100_00n, -20_00n]);
    const cancelled = await declare(c, 'cancelled', 'rooster unfit before release');
    expect(cancelled.json().value).toMatchObject({
      status: 'settled',
      result: 'cancelled',
      reason: 'rooster unfit before release',
    });
    const end = await Promise.all(who.map((p) => cash(p.id)));
    expect(end).toEqual(now);
    const voided = await rows<{ status: string }>(
      sql`select distinct status from bets where round_id = ${`sabong-SAB-1-${c}-TYPH`}`,
    );
    expect(voided).toEqual([{ status: 'void' }]);
    await ledgerBalanced();
  });

  it('refunds a one-sided fight declared a win', async () => {
    const [p] = await players(1, 1_000_00n);
    const n = await newFight();
    await move(n, 'open');
    const before = await cash(p!.id);
    await t.app.inject({
      method: 'POST',
      url: '/cockfight-arenas/SAB-1/bets',
      headers: p!.headers,
      payload: { requestId: `one-${p!.id}`, fight: n, side: 'meron', amount: '100.00' },
    });
    await move(n, 'closed');
    const res = (await declare(n, 'meron')).json().value;
    expect(res.result).toBe('cancelled');
    expect(await cash(p!.id)).toBe(before);
    const [fight] = await rows<{ books: Record<string, { result: string; reason: string }> }>(
      sql`select books from cockfight_fights where id = ${`SAB-1:${n}`}`,
    );
    expect(fight!.books.TYPH).toMatchObject({ result: 'cancelled', reason: 'one-sided' });
  });

  it('refuses bad bets and callers without the right, changing nothing', async () => {
    const [p] = await players(1, 100_00n);
    const n = await newFight();
    const bet = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/cockfight-arenas/SAB-1/bets',
        headers: p!.headers,
        payload,
      });
    // Not open yet.
    expect(
      (await bet({ requestId: `x1-${p!.id}`, fight: n, side: 'meron', amount: '50.00' }))
        .statusCode,
    ).toBe(409);
    await move(n, 'open');
    const badSide = await bet({
      requestId: `x2-${p!.id}`,
      fight: n,
      side: 'both',
      amount: '50.00',
    });
    expect(badSide.statusCode).toBe(400);
    expect(badSide.body).toContain('side');
    const small = await bet({ requestId: `x3-${p!.id}`, fight: n, side: 'meron', amount: '5.00' });
    expect(small.statusCode).toBe(400);
    expect(small.body).toContain('amount');
    const broke = await bet({
      requestId: `x4-${p!.id}`,
      fight: n,
      side: 'meron',
      amount: '500.00',
    });
    expect(broke.statusCode).toBe(409);
    const drawMax = await bet({
      requestId: `x5-${p!.id}`,
      fight: n,
      side: 'draw',
      amount: '5000.01',
    });
    expect(drawMax.statusCode).toBe(400);
    expect(await cash(p!.id)).toBe(100_00n);
    expect((await rows(sql`select id from cockfight_bets where player = ${p!.id}`)).length).toBe(0);
    // No skipping: an open fight cannot go back to open; a read-only operator and a
    // single-merchant operator may not run fights; a member may not reach the console.
    expect((await move(n, 'open')).statusCode).toBe(409);
    const denied = [await operator('read_only'), await operator('admin', ['TYPH']), p!.headers];
    for (const headers of denied) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/ops/cockfight/arenas/SAB-1/fights/${n}/move`,
        headers,
        payload: { to: 'closed' },
      });
      expect([401, 403]).toContain(res.statusCode);
    }
    // The lottery role runs fights too; every move is audited.
    expect((await ops('POST', `/fights/${n}/move`, { to: 'closed' }, 'lottery')).statusCode).toBe(
      200,
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cockfight.fight.move'), eq(auditLog.targetId, `SAB-1:${n}`)))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audit).toMatchObject({ before: { status: 'open' }, after: { status: 'closed' } });
    expect((await declare(n, 'cancelled', 'no bets came')).statusCode).toBe(200);
    // Arena settings: commission and stream, with a reason; a bad stream address is named.
    const bad = await ops('PATCH', '', {
      streamUrl: 'http://insecure.example/x.m3u8',
      reason: 'new stream',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('streamUrl');
    const set = await ops('PATCH', '', {
      streamUrl: 'https://stream.example/sab-1/index.m3u8',
      commission: '6',
      reason: 'new stream and plasada',
    });
    expect(set.json().value).toMatchObject({
      commission: '6.00',
      streamUrl: 'https://stream.example/sab-1/index.m3u8',
    });
    const list = (
      await t.app.inject({ url: '/ops/cockfight/arenas', headers: await operator('read_only') })
    ).json().value;
    expect(list.arenas[0].fights[0]).toMatchObject({ number: n, status: 'settled' });
    await ops('PATCH', '', { commission: '5', streamUrl: null, reason: 'back to defaults' });
  });
});
