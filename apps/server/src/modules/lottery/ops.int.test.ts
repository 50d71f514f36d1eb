import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { VN_NORTH, settleBet, type LotteryResult } from '@taya/games';
import { auditLog } from '../../platform/audit-schema';
import { createTestApp, fund, loginDemo, type TestContext } from '../../test/harness';

let t: TestContext;
let member: Awaited<ReturnType<typeof loginDemo>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await loginDemo(t.app, 'demo_member');
  await fund(t.app, member.id, 1_000_00n, 'lottery-ops-member');
  await t.app.services.lottery.scheduleDue();
});
afterAll(() => t.close());

const balance = async () => {
  const { rows } = (await t.database.db.execute(sql`
    select balance::text as balance from ledger_accounts
    where owner_id = ${member.id} and kind = 'member_cash'`)) as { rows: { balance: string }[] };
  return BigInt(rows[0]!.balance);
};

const northResult: LotteryResult = {
  kind: 'VN',
  prizes: {
    special: ['12327'],
    first: ['45127'],
    second: ['30418', '77256'],
    third: ['10293', '58814', '60035', '91172', '23360', '47701'],
    fourth: ['1840', '5521', '9063', '3319'],
    fifth: ['2208', '6645', '0194', '7730', '4452', '8816'],
    sixth: ['531', '906', '248'],
    seventh: ['14', '63', '80', '39'],
  },
};

describe('operator lottery issues and results', () => {
  it('lists issues, takes a VN result from two different operators and settles it at once', async () => {
    const issue = (
      await member.call('GET', '/lotto/lgw/games/opened/numero?gameCode=VN_NORTH')
    ).json().value.issue as { id: string; issueId: string };
    const placed = await member.call('POST', '/lotto/bets', {
      requestId: `ops-vn-${Date.now()}`,
      gameCode: 'VN_NORTH',
      bets: [{ type: 'LO2', selection: ['27'], unitStake: '1', units: 1 }],
    });
    expect(placed.statusCode).toBe(200);
    await t.database.db.execute(sql`
      update lottery_issues set closes_at = now() - interval '2 seconds',
        draw_at = now() - interval '1 second' where id = ${issue.id}`);
    const before = await balance();

    const clerk = await t.loginOperator({ subjectId: 'lottery-clerk', role: 'lottery' });
    const checker = await t.loginOperator({ subjectId: 'lottery-checker', role: 'lottery' });
    const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });

    const support = await t.loginOperator({ role: 'support' });
    expect((await call(support, 'GET', '/ops/lottery/issues')).statusCode).toBe(403);
    expect((await call(clerk, 'GET', '/ops/lottery/issues?status=nope')).statusCode).toBe(400);

    // A result without a reason is refused.
    const unexplained = await call(clerk, 'POST', '/ops/lottery/results', {
      gameCode: 'VN_NORTH',
      issueId: issue.issueId,
      result: northResult,
    });
    expect(unexplained.statusCode).toBe(400);
    const entered = await call(clerk, 'POST', '/ops/lottery/results', {
      gameCode: 'VN_NORTH',
      issueId: issue.issueId,
      result: northResult,
      reason: 'Official XSMB sheet',
    });
    expect(entered.statusCode).toBe(201);
    const entryId = entered.json().value.entry.id as string;

    const listed = await call(clerk, 'GET', '/ops/lottery/issues?gameCode=VN_NORTH&size=200');
    expect(listed.statusCode).toBe(200);
    const row = listed.json().value.list.find((r: { id: string }) => r.id === issue.id);
    expect(row).toMatchObject({
      betCount: 1,
      pendingEntry: {
        id: entryId,
        enteredBy: 'lottery-clerk',
        enteredByUsername: 't_lottery_clerk',
        reason: 'Official XSMB sheet',
      },
    });
    // The draw-time filter: the issue is in a window around its draw, not in one before it.
    const drawAt = new Date(row.drawAt as string).getTime();
    const window = (from: number, to: number) =>
      call(
        clerk,
        'GET',
        `/ops/lottery/issues?gameCode=VN_NORTH&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`,
      );
    const around = await window(drawAt - 60_000, drawAt + 60_000);
    expect(around.json().value.list.map((r: { id: string }) => r.id)).toContain(issue.id);
    const earlier = await window(drawAt - 120_000, drawAt - 60_000);
    expect(earlier.json().value.list.map((r: { id: string }) => r.id)).not.toContain(issue.id);

    // The one who entered it may not confirm it; nothing is paid.
    const confirmUrl = `/ops/lottery/results/${entryId}/confirm`;
    const reason = { reason: 'Matches the official sheet' };
    const self = await call(clerk, 'POST', confirmUrl, reason);
    expect(self.statusCode).toBe(403);
    expect(self.json().errorCode).toBe('lottery_same_operator');
    expect(await balance()).toBe(before);

    // The checker must say why, too.
    expect((await call(checker, 'POST', confirmUrl, {})).statusCode).toBe(400);
    expect((await call(checker, 'POST', confirmUrl, { reason: 'ok' })).statusCode).toBe(400);
    expect(await balance()).toBe(before);
    const confirmed = await call(checker, 'POST', confirmUrl, reason);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().value.issue).toMatchObject({ id: issue.id, status: 'settled' });
    const payout = settleBet(
      VN_NORTH,
      { type: 'LO2', selection: ['27'], unitStake: 100n, units: 1 },
      northResult,
    ).payout;
    expect(payout).toBeGreaterThan(0n);
    expect(await balance()).toBe(before + payout);

    const settled = await call(
      clerk,
      'GET',
      '/ops/lottery/issues?gameCode=VN_NORTH&status=settled',
    );
    expect(settled.json().value.list.map((r: { id: string }) => r.id)).toContain(issue.id);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'lottery.result.confirm'))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    expect(audit).toMatchObject({
      targetId: issue.id,
      actorUsername: 't_lottery_checker',
      reason: 'Matches the official sheet',
    });
    expect(audit!.before).toMatchObject({ result: null });
    expect(audit!.after).toMatchObject({ status: 'settled', entryId });
  });

  it('cancels an issue with a reason, refunds its bets and records the reason', async () => {
    const issue = (
      await member.call('GET', '/lotto/lgw/games/opened/numero?gameCode=VN_SOUTH')
    ).json().value.issue as { id: string; issueId: string };
    const before = await balance();
    const placed = await member.call('POST', '/lotto/bets', {
      requestId: `ops-cancel-${Date.now()}`,
      gameCode: 'VN_SOUTH',
      bets: [{ type: 'DE', selection: ['42'], unitStake: '2', units: 1 }],
    });
    expect(placed.statusCode).toBe(200);
    expect(await balance()).toBe(before - 200n);

    const operator = await t.loginOperator({ subjectId: 'lottery-canceller', role: 'lottery' });
    const cancel = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/ops/lottery/issues/${issue.id}/cancel`,
        headers: { authorization: `Bearer ${operator}` },
        payload,
      });
    expect((await cancel({})).statusCode).toBe(400);
    expect(await balance()).toBe(before - 200n);

    const cancelled = await cancel({ reason: 'Draw postponed by the operator' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().value.issue).toMatchObject({ id: issue.id, status: 'cancelled' });
    expect(await balance()).toBe(before);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'lottery.issue.cancel'))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    expect(audit).toMatchObject({
      targetId: issue.id,
      reason: 'Draw postponed by the operator',
      after: { status: 'cancelled' },
    });
  });
});
