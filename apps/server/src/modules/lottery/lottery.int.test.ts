import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ELOTT_1M, THAI_LOTTERY, commitmentOf, houseDraw, settleBet } from '@taya/games';
import { listenForSockets, WebSocket } from '../../test/feed-socket';
import { createTestApp, fund, loginDemo, type TestContext } from '../../test/harness';

let t: TestContext;
let member: Awaited<ReturnType<typeof loginDemo>>;
let seq = 0;
const requestId = () => `req-${Date.now()}-${seq++}`;

beforeAll(async () => {
  t = await createTestApp();
  member = await loginDemo(t.app, 'demo_member');
  await fund(t.app, member.id, 10_000_00n, 'lottery-member');
  await t.app.services.lottery.scheduleDue();
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as { rows: T[] }).rows;

const balance = async () =>
  BigInt(
    (
      await rows<{ balance: string }>(sql`
      select balance::text as balance from ledger_accounts
      where owner_id = ${member.id} and kind = 'member_cash'`)
    )[0]!.balance,
  );

const openIssue = async (gameCode: string) =>
  (await member.call('GET', `/lotto/lgw/games/opened/numero?gameCode=${gameCode}`)).json().value
    .issue as { id: string; issueId: string; commitment: string; seed: string | null };

/** Moves an issue's betting close (and draw) into the past, as time would. */
async function closeNow(issueRowId: string, draw = true) {
  await t.database.db.execute(sql`
    update lottery_issues set closes_at = now() - interval '2 seconds',
      draw_at = ${draw ? sql`now() - interval '1 second'` : sql`now() + interval '1 hour'`}
    where id = ${issueRowId}`);
}

/** What the ledger credited to members for an issue's settlement, and in how many entries. */
async function settlementCredits(issueRowId: string) {
  const [row] = await rows<{ entries: number; amount: string; unlinked: number }>(sql`
    select count(distinct e.id)::int as entries,
      coalesce(sum(p.amount) filter (where a.kind = 'member_cash'), 0)::text as amount,
      (select count(*)::int from lottery_bets
        where issue_row_id = ${issueRowId} and payout > 0 and payout_entry_id is null) as unlinked
    from ledger_entries e
    join ledger_postings p on p.entry_id = e.id
    join ledger_accounts a on a.id = p.account_id
    where e.idempotency_key like ${`lottery:settle:${issueRowId}:%`}`);
  return { entries: row!.entries, amount: BigInt(row!.amount), unlinked: row!.unlinked };
}

function place(body: Record<string, unknown>) {
  return member.call('POST', '/lotto/bets', { requestId: requestId(), ...body });
}

describe('lottery menus and issues', () => {
  it('lists the enabled games with their open issue, and the prize mode from the vendor data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu?device=WEB' });
    expect(res.statusCode).toBe(200);
    const menu = res.json().value;
    expect(menu.prizeMode).toBe('elott');
    expect(menu.games.map((g: { gameCode: string }) => g.gameCode)).toEqual([
      'ELOTT_1M',
      'ELOTT_3M',
      'ELOTT_5M',
      'VN_NORTH',
      'VN_CENTRAL',
      'VN_SOUTH',
      'SEA_4D',
      'THAI',
    ]);
    const fast = menu.games[0];
    expect(fast).toMatchObject({ family: 'ELOTT', intervalSeconds: 60, houseDrawn: true });
    expect(fast.openIssue.seed).toBeNull();
    expect(fast.openIssue.commitment).toMatch(/^[0-9a-f]{64}$/);
    const elottOnly = (
      await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu?prizeMode=elott' })
    ).json().value;
    expect(elottOnly.games).toHaveLength(3);
    // Without the ELOTT card, the prize mode is lott.
    await t.database.db.execute(
      sql`update games set enabled = false where vendor_code = 'LOTT' and game_type = 'ELOTT'
        and merchant_code = 'TYMM'`,
    );
    const mm = await t.app.inject({
      method: 'GET',
      url: '/lgw/vn/games/game_menu',
      headers: { merchant: 'TYMM' },
    });
    expect(mm.json().value.prizeMode).toBe('lott');
  });

  it('shows the open issue with its countdown to a member only', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/lotto/lgw/games/opened/numero?gameCode=ELOTT_1M',
    });
    expect(anonymous.statusCode).toBe(401);
    const value = (
      await member.call('GET', '/lotto/lgw/games/opened/numero?gameCode=ELOTT_1M')
    ).json().value;
    expect(value.issue.issueId).toMatch(/^\d{8}-\d{4}$/);
    expect(value.countdownSeconds).toBeGreaterThan(0);
    expect(value.countdownSeconds).toBeLessThanOrEqual(60);
    expect(value.drawCountdownSeconds).toBe(value.countdownSeconds + 10);
    const bad = await member.call('GET', '/lotto/lgw/games/opened/numero?gameCode=NOPE');
    expect(bad.statusCode).toBe(404);
  });
});

describe('placing bets', () => {
  it('holds the cost of each bet and is idempotent by requestId', async () => {
    const before = await balance();
    const body = {
      gameCode: 'VN_NORTH',
      requestId: requestId(),
      bets: [
        { type: 'LO2', selection: ['27'], unitStake: '2.00', units: 3 },
        { type: 'DE', selection: ['05'], unitStake: '1', units: 1 },
      ],
    };
    const first = await member.call('POST', '/lotto/bets', body);
    expect(first.statusCode).toBe(200);
    const value = first.json().value;
    expect(value.totalCost).toBe('7.00');
    expect(value.bets.map((b: { status: string }) => b.status)).toEqual(['pending', 'pending']);
    expect(await balance()).toBe(before - 700n);
    const again = await member.call('POST', '/lotto/bets', body);
    expect(again.json().value.bets.map((b: { id: string }) => b.id)).toEqual(
      value.bets.map((b: { id: string }) => b.id),
    );
    expect(await balance()).toBe(before - 700n);
    // A bet becomes a bet record once it is settled.
    const records = await rows<{ n: number }>(sql`
      select count(*)::int as n from bet_records
      where round_id = any(${sql.param(value.bets.map((b: { id: string }) => b.id))}::text[])`);
    expect(records[0]!.n).toBe(0);
  });

  it('refuses bad bets, amounts over the limits and more than the balance, changing nothing', async () => {
    const before = await balance();
    const bad = await place({
      gameCode: 'ELOTT_1M',
      bets: [{ type: 'SUM_BS', selection: ['huge'], unitStake: '1', units: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('lottery_bet_invalid');
    const tooBig = await place({
      gameCode: 'ELOTT_1M',
      bets: [{ type: 'SUM_BS', selection: ['big'], unitStake: '50001', units: 1 }],
    });
    expect(tooBig.json().errorCode).toBe('lottery_bet_invalid');
    // 20 bets of 10,000 reach the per-player limit of 200,000 on one issue.
    const overIssue = await place({
      gameCode: 'ELOTT_1M',
      bets: Array.from({ length: 21 }, () => ({
        type: 'SUM_OE',
        selection: ['odd'],
        unitStake: '10000',
        units: 1,
      })),
    });
    expect(overIssue.statusCode).toBe(409);
    expect(overIssue.json().errorCode).toBe('lottery_limit_exceeded');
    const broke = await place({
      gameCode: 'ELOTT_1M',
      bets: [{ type: 'SUM_BS', selection: ['big'], unitStake: '20000', units: 1 }],
    });
    expect(broke.statusCode).toBe(409);
    expect(broke.json().errorCode).toBe('insufficient_funds');
    expect(await balance()).toBe(before);
    const trial = await t.app.inject({
      method: 'POST',
      url: '/lotto/bets',
      headers: { authorization: `Bearer ${await t.login('trial')}` },
      payload: {
        gameCode: 'ELOTT_1M',
        requestId: requestId(),
        bets: [{ type: 'SUM_BS', selection: ['big'], unitStake: '1', units: 1 }],
      },
    });
    expect(trial.statusCode).toBe(403);
  });

  it('refuses a bet on an issue that closed, with lottery_closed', async () => {
    const issue = await openIssue('ELOTT_3M');
    await closeNow(issue.id, false);
    const late = await place({
      gameCode: 'ELOTT_3M',
      issueId: issue.issueId,
      bets: [{ type: 'SUM_BS', selection: ['big'], unitStake: '1', units: 1 }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().errorCode).toBe('lottery_closed');
  });
});

describe('settlement', () => {
  it('pays exactly what the rules give, marks bets and bet records, and verifies the draw', async () => {
    const { lottery } = t.app.services;
    const issue = await openIssue('ELOTT_1M');
    const bets = [
      { type: 'SUM_BS', selection: ['big'], unitStake: '1', units: 5 },
      { type: 'SUM_BS', selection: ['small'], unitStake: '1', units: 5 },
      { type: 'SUM_OE', selection: ['odd'], unitStake: '3', units: 1 },
      { type: 'DRAGON_TIGER', selection: ['dragon'], unitStake: '2', units: 1 },
      ...Array.from({ length: 10 }, (_, d) => ({
        type: 'POS_DIGIT',
        selection: [String(d)],
        positions: [1],
        unitStake: '1',
        units: 1,
      })),
    ];
    const placed = (await place({ gameCode: 'ELOTT_1M', bets })).json().value;
    const before = await balance();
    await closeNow(issue.id);
    expect(await lottery.drawDue()).toMatchObject({ drawn: 1 });
    const verify = (
      await t.app.inject({ method: 'GET', url: `/lotto/verify/ELOTT_1M/${issue.issueId}` })
    ).json().value;
    expect(verify.verified).toBe(true);
    expect(commitmentOf(verify.seed)).toBe(issue.commitment);
    const result = houseDraw(ELOTT_1M, verify.seed, issue.issueId);
    expect(verify.result).toEqual(result);
    const expected = bets.map((b) =>
      settleBet(
        ELOTT_1M,
        {
          type: b.type,
          selection: b.selection,
          ...('positions' in b ? { positions: b.positions } : {}),
          unitStake: BigInt(Number(b.unitStake) * 100),
          units: b.units,
        },
        result,
      ),
    );
    const sum = expected.reduce((s, e) => s + e.payout, 0n);
    await lottery.settleDue();
    expect(await balance()).toBe(before + sum);
    const mine = (await member.call('GET', '/lotto/bets/mine?pageSize=100')).json().value.list;
    for (const [i, bet] of placed.bets.entries()) {
      const seen = mine.find((m: { id: string }) => m.id === bet.id);
      const want = expected[i]!;
      expect(seen.status).toBe(
        { win: 'won', lose: 'lost', push: 'push', refund: 'refunded' }[want.outcome],
      );
      expect(seen.payout).toBe((Number(want.payout) / 100).toFixed(2));
    }
    const settledRecords = await rows<{ n: number }>(sql`
      select count(*)::int as n from bet_records
      where round_id = any(${sql.param(placed.bets.map((b: { id: string }) => b.id))}::text[])
        and status = 'settled' and settled_at is not null`);
    expect(settledRecords[0]!.n).toBe(bets.length);
    const history = (
      await t.app.inject({ method: 'GET', url: '/lgw/vn/numeros/opened/game?gameCode=ELOTT_1M' })
    ).json().value;
    expect(history.list[0]).toMatchObject({ issueId: issue.issueId, status: 'settled' });
    // Settling again pays nothing more.
    await lottery.settleDue();
    expect(await balance()).toBe(before + sum);
  });

  it('settles each bet once when settlement dies halfway and runs again', async () => {
    const { lottery } = t.app.services;
    const issue = await openIssue('ELOTT_5M');
    const placed = (
      await place({
        gameCode: 'ELOTT_5M',
        bets: Array.from({ length: 30 }, (_, i) => ({
          type: 'POS_BS',
          selection: [i % 2 ? 'big' : 'small'],
          positions: [(i % 5) + 1],
          unitStake: '1',
          units: 1 + (i % 3),
        })),
      })
    ).json().value;
    const ids = placed.bets.map((b: { id: string }) => b.id) as string[];
    const before = await balance();
    await closeNow(issue.id);
    await lottery.drawDue();
    await expect(
      lottery.settleIssue(issue.id, {
        batchSize: 7,
        workers: 1,
        hooks: {
          afterPayouts: (batch) => {
            if (batch === 2) throw new Error('crash');
          },
        },
      }),
    ).rejects.toThrow('crash');
    const pending = await rows<{ n: number }>(sql`
      select count(*)::int as n from lottery_bets where issue_row_id = ${issue.id} and status = 'pending'`);
    expect(pending[0]!.n).toBe(16);
    await Promise.all([lottery.settleIssue(issue.id, { batchSize: 7 }), lottery.settleDue()]);
    const [row] = await rows<{ seed: string; status: string }>(
      sql`select seed, status from lottery_issues where id = ${issue.id}`,
    );
    expect(row!.status).toBe('settled');
    const result = houseDraw(ELOTT_1M, row!.seed, issue.issueId);
    const expected = placed.bets.map(
      (b: { type: string; selection: string[]; positions: number[]; units: number }) =>
        settleBet(
          ELOTT_1M,
          {
            type: b.type,
            selection: b.selection,
            positions: b.positions,
            unitStake: 100n,
            units: b.units,
          },
          result,
        ),
    );
    const paid = expected.reduce((s: bigint, e: { payout: bigint }) => s + e.payout, 0n);
    const credits = await settlementCredits(issue.id);
    expect(credits.amount).toBe(paid);
    expect(credits.unlinked).toBe(0);
    // The batches that committed before the crash, and the ones after it: no more.
    expect(credits.entries).toBeLessThanOrEqual(Math.ceil(ids.length / 7));
    expect(await balance()).toBe(before + paid);
  });

  it('cancels a bet before close with a refund, and refuses after close', async () => {
    const issue = await openIssue('ELOTT_3M');
    const before = await balance();
    const placed = (
      await place({
        gameCode: 'ELOTT_3M',
        bets: [
          { type: 'SUM_BS', selection: ['big'], unitStake: '4', units: 1 },
          { type: 'SUM_BS', selection: ['small'], unitStake: '4', units: 1 },
        ],
      })
    ).json().value;
    const [a, b] = placed.bets as { id: string }[];
    const cancelled = await member.call('POST', `/lotto/bets/${a!.id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().value.bet).toMatchObject({ status: 'cancelled', payout: '4.00' });
    expect(await balance()).toBe(before - 400n);
    expect((await member.call('POST', `/lotto/bets/${a!.id}/cancel`, {})).statusCode).toBe(409);
    // Someone else cannot see or cancel it.
    const other = { authorization: `Bearer ${await t.login('member')}` };
    const theirs = await t.app.inject({ method: 'GET', url: '/lotto/bets/mine', headers: other });
    expect(theirs.json().value.totalCount).toBe(0);
    const steal = await t.app.inject({
      method: 'POST',
      url: `/lotto/bets/${b!.id}/cancel`,
      headers: other,
      payload: {},
    });
    expect(steal.statusCode).toBe(404);
    await closeNow(issue.id, false);
    const late = await member.call('POST', `/lotto/bets/${b!.id}/cancel`, {});
    expect(late.json().errorCode).toBe('lottery_closed');
  });

  it('refunds every bet of an issue an operator cancels', async () => {
    const { lottery } = t.app.services;
    const issue = await openIssue('VN_SOUTH');
    const before = await balance();
    await place({
      gameCode: 'VN_SOUTH',
      bets: [{ type: 'LO2', selection: ['27'], unitStake: '1', units: 2 }],
    });
    expect(await balance()).toBe(before - 200n);
    const memberTry = await member.call('POST', `/ops/lottery/issues/${issue.id}/cancel`, {});
    expect(memberTry.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/ops/lottery/issues/${issue.id}/cancel`,
      headers: { authorization: `Bearer ${await t.login('operator')}` },
      payload: { reason: 'Draw not held' },
    });
    expect(res.json().value.issue.status).toBe('cancelled');
    await lottery.settleDue();
    expect(await balance()).toBe(before);
    const mine = (await member.call('GET', '/lotto/bets/mine?gameCode=VN_SOUTH')).json().value;
    expect(mine.list[0]).toMatchObject({ status: 'refunded', payout: '2.00' });
  });

  it('takes an operator result only once a second operator confirms it', async () => {
    const { lottery } = t.app.services;
    const issue = await openIssue('THAI');
    await place({
      gameCode: 'THAI',
      bets: [{ type: 'BOTTOM2', selection: ['78'], unitStake: '1', units: 1 }],
    });
    const before = await balance();
    await closeNow(issue.id);
    await lottery.drawDue();
    const first = await t.login('operator', 'operator-one');
    const second = await t.login('operator', 'operator-two');
    const ops = (token: string, url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const result = { kind: 'THAI', first: '123456', bottom2: '78' };
    const bad = await ops(first, '/ops/lottery/results', {
      gameCode: 'THAI',
      issueId: issue.issueId,
      result: { kind: 'THAI', first: '12345', bottom2: '78' },
      reason: 'Official result sheet',
    });
    expect(bad.statusCode).toBe(400);
    const entered = await ops(first, '/ops/lottery/results', {
      gameCode: 'THAI',
      issueId: issue.issueId,
      result,
      reason: 'Official result sheet',
    });
    expect(entered.statusCode).toBe(201);
    const entryId = entered.json().value.entry.id;
    const self = await ops(first, `/ops/lottery/results/${entryId}/confirm`, {
      reason: 'Checked against the sheet',
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().errorCode).toBe('lottery_same_operator');
    await lottery.settleDue();
    expect(await balance()).toBe(before);
    const confirmed = await ops(second, `/ops/lottery/results/${entryId}/confirm`, {
      reason: 'Checked against the sheet',
    });
    expect(confirmed.statusCode).toBe(200);
    // Confirming settles the issue at once.
    expect(confirmed.json().value.issue).toMatchObject({
      status: 'settled',
      resultSource: 'operator',
    });
    const payout = settleBet(
      THAI_LOTTERY,
      { type: 'BOTTOM2', selection: ['78'], unitStake: 100n, units: 1 },
      { kind: 'THAI', first: '123456', bottom2: '78' },
    ).payout;
    expect(payout).toBeGreaterThan(100n);
    expect(await balance()).toBe(before + payout);
    const verify = (
      await t.app.inject({ method: 'GET', url: `/lotto/verify/THAI/${issue.issueId}` })
    ).json().value;
    expect(verify).toMatchObject({ resultSource: 'operator', verified: null, houseDrawn: false });
  });

  it('cancels and refunds the rest of a stop-on-win chase after a win', async () => {
    const { lottery } = t.app.services;
    const before = await balance();
    // Dragon or tiger or tie: one of the three always wins.
    const placed = (
      await place({
        gameCode: 'ELOTT_5M',
        bets: [
          { type: 'DRAGON_TIGER', selection: ['dragon'], unitStake: '1', units: 1 },
          { type: 'DRAGON_TIGER', selection: ['tiger'], unitStake: '1', units: 1 },
          { type: 'DRAGON_TIGER', selection: ['tie'], unitStake: '1', units: 1 },
        ],
        chase: { issues: 3, stopOnWin: true },
      })
    ).json().value;
    expect(placed.bets).toHaveLength(9);
    expect(placed.chases).toHaveLength(3);
    expect(placed.totalCost).toBe('9.00');
    const firstIssue = placed.bets[0].issueId as string;
    const [row] = await rows<{ id: string }>(
      sql`select id from lottery_issues where game_code = 'ELOTT_5M' and issue_id = ${firstIssue}`,
    );
    await closeNow(row!.id);
    await lottery.drawDue();
    await lottery.settleDue();
    const mine = (await member.call('GET', '/lotto/bets/mine?gameCode=ELOTT_5M&pageSize=100'))
      .json()
      .value.list.filter((b: { chaseId: string | null }) =>
        placed.chases.some((c: { id: string }) => c.id === b.chaseId),
      ) as { chaseId: string; issueId: string; status: string; payout: string | null }[];
    const won = mine.filter((b) => b.issueId === firstIssue && b.status === 'won');
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const w of won) {
      const later = mine.filter((b) => b.chaseId === w.chaseId && b.issueId !== firstIssue);
      expect(later.map((b) => b.status)).toEqual(['cancelled', 'cancelled']);
    }
    const settledFirst = mine
      .filter((b) => b.issueId === firstIssue)
      .reduce((s, b) => s + BigInt(Math.round(Number(b.payout ?? '0') * 100)), 0n);
    const refunded = BigInt(won.length * 2 * 100);
    expect(await balance()).toBe(before - 900n + settledFirst + refunded);
  });
});

describe('live events', () => {
  it('sends closed, open, result and settled over /ws/lottery as the jobs do them', async () => {
    const { lottery } = t.app.services;
    const base = await listenForSockets(t.app);
    const socket = new WebSocket(`${base}/ws/lottery?gameCode=ELOTT_1M`);
    const frames: { type: string; issue: { issueId: string; seed: string | null } }[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    const issue = await openIssue('ELOTT_1M');
    await place({
      gameCode: 'ELOTT_1M',
      bets: [{ type: 'SUM_OE', selection: ['even'], unitStake: '1', units: 1 }],
    });
    await closeNow(issue.id);
    await lottery.drawDue();
    await lottery.settleDue();
    const until = Date.now() + 10_000;
    while (Date.now() < until && !frames.some((f) => f.type === 'settled')) {
      await new Promise((r) => setTimeout(r, 100));
    }
    socket.close();
    const mine = frames.filter((f) => f.issue.issueId === issue.issueId).map((f) => f.type);
    expect(mine).toContain('closed');
    expect(mine).toContain('result');
    expect(mine).toContain('settled');
    const opened = frames.find((f) => f.type === 'open');
    expect(opened?.issue.issueId).not.toBe(issue.issueId);
    expect(opened?.issue.seed).toBeNull();
    expect(frames.find((f) => f.type === 'result')?.issue.seed).toMatch(/^[0-9a-f]{64}$/);
  });
});
