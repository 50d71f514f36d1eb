import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { minorToDecimal, type WinnersPeriod } from '@taya/contracts';
import { createTestApp, type TestContext } from '../../test/harness';
import { maskName } from './service';
import { betRecords } from './schema';

let t: TestContext;
let member: string;
let agent: string;
beforeAll(async () => {
  t = await createTestApp();
  const { rows } = (await t.database.db.execute(
    sql`select id, username from accounts where username in ('demo_member', 'demo_agent')`,
  )) as { rows: { id: string; username: string }[] };
  member = rows.find((r) => r.username === 'demo_member')!.id;
  agent = rows.find((r) => r.username === 'demo_agent')!.id;
});
afterAll(() => t.close());

/** A round as the vendor settled it (stake and payout in minor units). */
async function round(
  accountId: string,
  at: string | Date,
  stake: bigint,
  payout: bigint,
  opts: { merchantCode?: string; status?: 'open' | 'settled' | 'cancelled' } = {},
) {
  const merchantCode = opts.merchantCode ?? 'TYPH';
  const roundId = randomUUID();
  const when = new Date(at);
  await t.database.db.insert(betRecords).values({
    id: `TEST:${roundId}`,
    merchantCode,
    accountId,
    vendorCode: 'TEST',
    gameId: `${merchantCode}-TAYA-FORTUNE`,
    gameType: 'RNG',
    roundId,
    currency: merchantCode === 'TYPH' ? 'TLB' : 'MMK',
    stake,
    validBet: stake,
    payout,
    status: opts.status ?? 'settled',
    placedAt: when,
    settledAt: opts.status === 'open' ? null : when,
  });
}

describe('the winners leaderboard', () => {
  // Monday 2 March 2026, 00:30 in Manila (Sunday 16:30 UTC).
  const now = new Date('2026-03-02T00:30:00+08:00');
  const at = (period: WinnersPeriod) =>
    t.app.services.games.winners(
      'TYPH',
      { period, limit: 20 },
      (ids) => t.app.services.identity.usernames(ids),
      now,
    );

  beforeAll(async () => {
    // Monday 00:00 Manila: the first instant of the day, the week and (still) March.
    await round(member, '2026-03-01T16:00:00Z', 100_00n, 600_00n);
    // Monday 04:00 Manila: a bigger win by the agent.
    await round(agent, '2026-03-01T20:00:00Z', 50_00n, 750_00n);
    // Sunday 23:59:59 Manila (already 1 March in UTC): last week, this month.
    await round(member, '2026-03-01T15:59:59Z', 100_00n, 1_000_00n);
    // Saturday 28 February 23:59:59 Manila: last month, in no board.
    await round(agent, '2026-02-28T15:59:59Z', 100_00n, 9_000_00n);
    // Next Monday 00:00 Manila: outside this week.
    await round(agent, '2026-03-08T16:00:00Z', 100_00n, 8_000_00n);
    // Losses, a break-even, a cancelled round and an open one are never wins.
    await round(member, '2026-03-01T17:00:00Z', 500_00n, 100_00n);
    await round(member, '2026-03-01T17:01:00Z', 500_00n, 500_00n);
    await round(member, '2026-03-01T17:02:00Z', 100_00n, 7_000_00n, { status: 'cancelled' });
    await round(member, '2026-03-01T17:03:00Z', 100_00n, 0n, { status: 'open' });
    // Another merchant's big win, the same day.
    await round(randomUUID(), '2026-03-01T18:00:00Z', 100_00n, 99_000_00n, {
      merchantCode: 'TYMM',
    });
  });

  it('ranks the biggest net wins of the local day, week and month, names masked', async () => {
    const day = await at('day');
    expect(day.from).toBe('2026-03-01T16:00:00.000Z');
    expect(day.to).toBe('2026-03-02T16:00:00.000Z');
    expect(day.timeZone).toBe('Asia/Manila');
    expect(day.list).toEqual([
      {
        rank: 1,
        name: maskName('demo_agent'),
        gameName: 'Taya Fortune',
        nodeId: 'TYPH-TAYA-FORTUNE',
        amount: minorToDecimal(700_00n, 2),
        currency: 'TLB',
        time: '2026-03-01T20:00:00.000Z',
      },
      {
        rank: 2,
        name: maskName('demo_member'),
        gameName: 'Taya Fortune',
        nodeId: 'TYPH-TAYA-FORTUNE',
        amount: minorToDecimal(500_00n, 2),
        currency: 'TLB',
        time: '2026-03-01T16:00:00.000Z',
      },
    ]);
    expect(JSON.stringify(day)).not.toContain('demo_');

    const week = await at('week');
    expect(week.from).toBe('2026-03-01T16:00:00.000Z');
    expect(week.to).toBe('2026-03-08T16:00:00.000Z');
    expect(week.list.map((w) => w.amount)).toEqual(['700.00', '500.00']);

    const month = await at('month');
    expect(month.from).toBe('2026-02-28T16:00:00.000Z');
    expect(month.to).toBe('2026-03-31T16:00:00.000Z');
    expect(month.list.map((w) => [w.rank, w.amount, w.name])).toEqual([
      [1, '7900.00', maskName('demo_agent')],
      [2, '900.00', maskName('demo_member')],
      [3, '700.00', maskName('demo_agent')],
      [4, '500.00', maskName('demo_member')],
    ]);

    // The other merchant sees its own win, in its own currency, and none of these.
    const mm = await t.app.services.games.winners(
      'TYMM',
      { period: 'month', limit: 20 },
      (ids) => t.app.services.identity.usernames(ids),
      now,
    );
    expect(mm.timeZone).toBe('Asia/Yangon');
    expect(mm.list).toHaveLength(1);
    expect(mm.list[0]).toMatchObject({ currency: 'MMK', nodeId: 'TYMM-TAYA-FORTUNE' });
  });

  it('serves the current period to visitors, by the merchant header, and refuses a bad one', async () => {
    const recent = new Date(Date.now() - 1000);
    await round(member, recent, 10_00n, 35_00n);
    await round(agent, recent, 10_00n, 5_00n);
    const res = await t.app.inject({ method: 'GET', url: '/wps/winners?period=day' });
    expect(res.statusCode).toBe(200);
    const day = res.json().value;
    expect(day.list).toEqual([
      expect.objectContaining({
        rank: 1,
        name: maskName('demo_member'),
        amount: '25.00',
        currency: 'TLB',
        time: recent.toISOString(),
      }),
    ]);
    const mm = await t.app.inject({
      method: 'GET',
      url: '/wps/winners?period=week&limit=5',
      headers: { merchant: 'TYMM' },
    });
    expect(mm.json().value.list.every((w: { currency: string }) => w.currency === 'MMK')).toBe(
      true,
    );
    expect(mm.json().value.timeZone).toBe('Asia/Yangon');

    const bad = await t.app.inject({ method: 'GET', url: '/wps/winners?period=year' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('period');
    const tooMany = await t.app.inject({ method: 'GET', url: '/wps/winners?limit=500' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields[0].path).toBe('limit');
  });
});
