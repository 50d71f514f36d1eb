import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrashEvent } from '@taya/contracts';
import {
  crashPoint,
  crashText,
  multiplierAt,
  payoutAt,
  timeToReach,
  verifyGameHash,
} from '@taya/games';
import { listenForSockets, until, watchFeed } from '../../../test/feed-socket';
import { createTestApp, fund, type TestContext } from '../../../test/harness';
import { balanceOf, insertMembers, newMember } from '../../../test/members';
import { CrashRunner } from './runner';
import type { CrashService } from './service';
import { crashBets, crashRounds } from './schema';

let t: TestContext;
let crash: CrashService;
let runner: CrashRunner;
let clock = Date.parse('2026-03-01T00:00:00Z');
const events: CrashEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  crash = t.app.services.crash;
  crash.deps.options.now = () => clock;
  runner = new CrashRunner(crash);
  crash.deps.feed.subscribe((e) => events.push(e));
});
afterAll(() => t.close());

const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
const step = async (at: number) => {
  clock = at;
  await runner.step(at);
};
const live = async () => (await crash.liveRound(t.database.db))!;
const pay = (stake: bigint, m: bigint) => payoutAt(stake, { num: m, den: 100n });

/** Steps empty rounds until the round taking bets crashes at `min` or more (read from its row). */
async function roundCrashingAtLeast(min: bigint) {
  if (!(await crash.liveRound(t.database.db))) await step(clock);
  for (;;) {
    let round = await live();
    if (!round.bettingEndsAt) {
      await step(clock);
      round = await live();
    }
    if (round.status === 'open' && round.crashPoint >= min) return round;
    await step(round.bettingEndsAt!.getTime());
    const running = await live();
    await step(running.crashAt!.getTime());
  }
}

describe('crash rounds', () => {
  it('publishes the terminating hash, and each crashed round chains to it', async () => {
    const state = (await t.app.inject('/originals/crash/state')).json().value;
    expect(state).toMatchObject({ engine: 'taya-crash@1', rtp: '99.00', chainLength: 10_000 });
    const first = await roundCrashingAtLeast(100n);
    await step(first.bettingEndsAt!.getTime());
    await step((await live()).crashAt!.getTime());
    const history = (await t.app.inject('/originals/crash/state')).json().value.history as {
      round: number;
      hash: string;
      game: number;
      crashPoint: string;
      terminatingHash: string;
    }[];
    expect(history.length).toBeGreaterThan(0);
    for (const r of history) {
      expect(r.terminatingHash).toBe(state.terminatingHash);
      expect(verifyGameHash(r.hash, r.game, state.terminatingHash)).toBe(true);
      expect(r.crashPoint).toBe(crashText(crashPoint(r.hash, state.salt, 9900)));
    }
    // Round n's hash hashed once is round n − 1's: games run down the chain.
    expect(history.map((r) => r.game)).toEqual(history.map((r) => r.round));
  });

  it('settles 200 players’ round, watched over the WebSocket feed, in one batch: auto, manual, late and disconnected', async () => {
    const round = await roundCrashingAtLeast(250n);
    const cp = round.crashPoint;
    const ids = await insertMembers(t, 200, 'crash');
    const start = 1_000_00n;
    for (const id of ids) await fund(t.app, id, start, `crash:${id}`);
    // Players: i % 4 = 0 auto only (they disconnect: nothing more from them), 1 manual,
    // 2 auto and a late manual try, 3 no cash-out at all. Some autos sit at the crash point
    // exactly (they win), one hundredth above it (they lose), or above the max profit.
    const autoOf = (i: number): bigint | undefined => {
      if (i % 4 === 1 || i % 4 === 3) return undefined;
      const pick = [101n, 150n, 200n, cp, cp + 1n, 100_000n, 120n, cp - 1n][i % 8]!;
      return pick;
    };
    const stakeOf = (i: number) => 1_00n + BigInt(i) * 37n;
    // Each player watches the round over the WebSocket feed, as the page does.
    const base = await listenForSockets(t.app);
    const watchers = await Promise.all(ids.map(() => watchFeed(`${base}/ws/originals/crash`)));
    await until(() => watchers.every((w) => w.frames[0]?.type === 'state'));
    const listening = crash.deps.feed.size;
    const placed = await Promise.all(
      ids.map((id, i) => {
        const auto = autoOf(i);
        return crash.bet(
          { kind: 'member', member: { accountId: id, merchantCode: 'TYPH' } },
          {
            requestId: `crash-bet-${i}-${id.slice(0, 8)}`,
            amount: (Number(stakeOf(i)) / 100).toFixed(2),
            ...(auto !== undefined ? { autoCashout: crashText(auto) } : {}),
          },
        );
      }),
    );
    expect(placed.every((p) => p.round === round.number && !p.queued)).toBe(true);
    for (const [i, id] of ids.entries())
      expect(await balanceOf(t, id, 'member_cash')).toBe(start - stakeOf(i));
    // Every watcher saw the 200 bets; then the auto-only players disconnect.
    const betsSeen = (w: (typeof watchers)[number]) =>
      w.frames.filter((f) => f.type === 'bet' && f.round === round.number).length;
    await until(() => watchers.every((w) => betsSeen(w) === 200));
    const connected = watchers.filter((_, i) => i % 4 !== 0);
    for (const [i, w] of watchers.entries()) if (i % 4 === 0) w.socket.close();
    await until(() => crash.deps.feed.size === listening - 50);

    // Betting ends: the round runs; a bet now waits for the next round.
    await step(round.bettingEndsAt!.getTime());
    const running = await live();
    expect(running.status).toBe('running');
    const startedAt = running.startedAt!.getTime();
    const crashAt = startedAt + timeToReach(cp);
    expect(running.crashAt!.getTime()).toBe(crashAt);
    const late = await newMember(t);
    await fund(t.app, late.id, start, `crash:${late.id}`);
    const queued = (
      await late.post('/originals/crash/bets', { requestId: `late-${late.id}`, amount: '5.00' })
    ).json().value;
    expect(queued).toMatchObject({ queued: true, round: round.number + 1 });

    // Manual cash-outs at several times of the flight, with auto cash-outs stepped between.
    const manual = ids.flatMap((id, i) => (i % 4 === 1 ? [{ id, i }] : []));
    const expected = new Map<string, bigint | null>();
    const flight = crashAt - startedAt;
    for (const [k, { id, i }] of manual.entries()) {
      const at = startedAt + Math.floor((flight * k) / manual.length);
      await step(at);
      const answer = await crash.cashout(
        { kind: 'member', member: { accountId: id, merchantCode: 'TYPH' } },
        { requestId: `crash-out-${i}` },
      );
      const m = BigInt(multiplierAt(at - startedAt));
      expect(m).toBeLessThan(cp);
      expect(answer.cashout).toBe(crashText(m));
      expected.set(id, m);
    }
    // The crash time has come but the runner has not crashed it yet: a cash-out is refused.
    clock = crashAt;
    const tooLate = ids.flatMap((id, i) => (i % 4 === 2 ? [{ id, i }] : []));
    for (const { id, i } of tooLate.slice(0, 5)) {
      const auto = autoOf(i)!;
      const bet = (
        await t.database.db.select().from(crashBets).where(eq(crashBets.player, id))
      )[0]!;
      if (bet.cashout !== null) {
        // Its auto cash-out came first: the repeat answers it.
        const again = await crash.cashout(
          { kind: 'member', member: { accountId: id, merchantCode: 'TYPH' } },
          { requestId: `crash-out-${i}` },
        );
        expect(again.cashout).toBe(crashText(auto));
      } else {
        await expect(
          crash.cashout(
            { kind: 'member', member: { accountId: id, merchantCode: 'TYPH' } },
            { requestId: `crash-out-${i}` },
          ),
        ).rejects.toMatchObject({ code: 'conflict' });
      }
    }
    const entriesBefore = (
      await rows<{ n: number }>(sql`select count(*)::int as n from ledger_entries`)
    )[0]!.n;
    events.length = 0;
    await step(crashAt);
    const entriesAfter = (
      await rows<{ n: number }>(sql`select count(*)::int as n from ledger_entries`)
    )[0]!.n;
    // ONE wallet entry settled the 200 bets.
    expect(entriesAfter - entriesBefore).toBe(1);
    const crashed = events.find((e) => e.type === 'crashed');
    expect(crashed).toMatchObject({
      round: round.number,
      crashPoint: crashText(cp),
      hash: round.hash,
    });
    // The players still connected saw the manual cash-outs and the crash at its point.
    const seen = (w: (typeof watchers)[number], type: string) =>
      w.frames.filter((f) => f.type === type && f.round === round.number);
    await until(() => connected.every((w) => seen(w, 'crashed').length === 1));
    for (const w of connected) {
      expect(seen(w, 'crashed')[0]).toMatchObject({ crashPoint: crashText(cp) });
      expect(seen(w, 'cashout').length).toBeGreaterThanOrEqual(manual.length);
      w.socket.close();
    }

    // Every payout exact: floor(stake × cash-out), the max profit capping high targets.
    const cap = (stake: bigint) => ((stake + 100_000_00n) * 100n) / stake;
    let paid = 0n;
    let staked = 0n;
    for (const [i, id] of ids.entries()) {
      const stake = stakeOf(i);
      const asked = autoOf(i);
      const auto = asked === undefined ? cap(stake) : asked < cap(stake) ? asked : cap(stake);
      let m: bigint | null = expected.get(id) ?? null;
      if (m === null && auto <= cp) m = auto;
      const payout = m === null ? 0n : pay(stake, m);
      paid += payout;
      staked += stake;
      const [bet] = await t.database.db.select().from(crashBets).where(eq(crashBets.player, id));
      expect({ i, cashout: bet!.cashout, payout: bet!.payout }).toEqual({ i, cashout: m, payout });
      expect(await balanceOf(t, id, 'member_cash')).toBe(start - stake + payout);
    }
    expect(paid).toBeGreaterThan(0n);
    // The kernel's bets: all settled, all closed by the same entry.
    const kernel = await rows<{ status: string; n: number; entries: number; payout: string }>(sql`
      select status, count(*)::int as n, count(distinct close_entry_id)::int as entries,
             sum(payout)::text as payout
      from bets where round_id = ${`crash-${round.number}-TYPH`} group by status`);
    expect(kernel).toEqual([{ status: 'settled', n: 200, entries: 1, payout: paid.toString() }]);
    const [kround] = await rows<{ status: string }>(
      sql`select status from rounds where id = ${`crash-${round.number}-TYPH`}`,
    );
    expect(kround!.status).toBe('settled');
    // Books balanced: every entry and currency sums to zero, balances match their postings,
    // and the house kept the stakes less the payouts.
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
      select close_entry_id as id from bets where round_id = ${`crash-${round.number}-TYPH`} limit 1`);
    const byKind = await rows<{ kind: string; total: string }>(sql`
      select a.kind, sum(p.amount)::text as total from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      where p.entry_id = ${settleEntry!.id} group by a.kind order by a.kind`);
    expect(byKind.find((k) => k.kind === 'house')?.total).toBe((staked - paid).toString());
    expect((await crash.liveRound(t.database.db))!.number).toBe(round.number + 1);
    const mine = (await late.get('/originals/crash/mine')).json().value.list;
    expect(mine[0]).toMatchObject({ round: round.number + 1, amount: '5.00', crashPoint: null });
  }, 120_000);

  it('refuses bad input naming the field, and a second bet in a round', async () => {
    const m = await newMember(t);
    await fund(t.app, m.id, 100_00n, `crash:${m.id}`);
    const bad = await m.post('/originals/crash/bets', {
      requestId: `bad-${m.id}`,
      amount: '5.00',
      autoCashout: '1.00',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('autoCashout');
    const tooBig = await m.post('/originals/crash/bets', {
      requestId: `big-${m.id}`,
      amount: '20000.00',
    });
    expect(tooBig.statusCode).toBe(400);
    expect(JSON.stringify(tooBig.json())).toContain('amount');
    const first = await m.post('/originals/crash/bets', {
      requestId: `one-${m.id}`,
      amount: '2.00',
    });
    expect(first.statusCode).toBe(200);
    const again = await m.post('/originals/crash/bets', {
      requestId: `one-${m.id}`,
      amount: '2.00',
    });
    expect(again.json().value.betId).toBe(first.json().value.betId);
    const second = await m.post('/originals/crash/bets', {
      requestId: `two-${m.id}`,
      amount: '2.00',
    });
    expect(second.statusCode).toBe(409);
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(98_00n);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/originals/crash/bets',
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('plays free play in the same rounds with play money', async () => {
    const open = (
      await t.app.inject({ method: 'POST', url: '/originals/demo/crash/session' })
    ).json().value;
    expect(open).toMatchObject({ balance: '2000.00', currency: 'DEMO' });
    const round = await roundCrashingAtLeast(120n);
    const bet = (
      await t.app.inject({
        method: 'POST',
        url: '/originals/demo/crash/bets',
        payload: {
          requestId: `demo-${randomUUID()}`,
          amount: '10.00',
          autoCashout: '1.10',
          session: open.session,
        },
      })
    ).json().value;
    expect(bet).toMatchObject({ round: round.number, currency: 'DEMO', balance: '1990.00' });
    await step(round.bettingEndsAt!.getTime());
    await step((await live()).crashAt!.getTime());
    const [row] = await t.database.db.select().from(crashBets).where(eq(crashBets.id, bet.betId));
    expect(row).toMatchObject({ cashout: 110n, payout: 11_00n, demo: true });
    const again = (
      await t.app.inject({
        method: 'POST',
        url: '/originals/demo/crash/bets',
        payload: { requestId: `demo-${randomUUID()}`, amount: '1.00', session: open.session },
      })
    ).json().value;
    expect(again.balance).toBe('2000.00');
    const now = (
      await t.app.inject({
        method: 'POST',
        url: '/originals/demo/crash/balance',
        payload: { session: open.session },
      })
    ).json().value;
    expect(now).toMatchObject({ balance: '2000.00', currency: 'DEMO' });
    const [r] = await t.database.db
      .select()
      .from(crashRounds)
      .where(eq(crashRounds.number, round.number));
    expect(r!.status).toBe('crashed');
  });
});
