import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, fund, loginDemo, type TestContext } from '../../test/harness';
import { withdrawalRequests } from './schema';

let t: TestContext;
beforeAll(async () => {
  // The scheduled jobs run on the database's own queue (pg-boss), as in a running server.
  t = await createTestApp({ env: { JOBS: 'on' } });
});
afterAll(() => t.close());

describe('scheduled jobs', () => {
  it('are registered on the queue with their schedules', async () => {
    const expected = [
      { name: 'agents.rollup-teams', cron: '* * * * *' },
      { name: 'agents.settle-contracts', cron: '* * * * *' },
      { name: 'cashier.auto-confirm', cron: '* * * * *' },
      { name: 'games.rankings', cron: '* * * * *' },
      { name: 'jackpot.pay-hits', cron: '* * * * *' },
      { name: 'lottery.draw', cron: '* * * * *' },
      { name: 'lottery.schedule', cron: '* * * * *' },
      { name: 'lottery.settle', cron: '* * * * *' },
      // Only the embedded database needs its statistics refreshed by a job.
      ...(t.database.kind === 'pglite' ? [{ name: 'platform.analyze', cron: '17 * * * *' }] : []),
      { name: 'play.recover', cron: '* * * * *' },
      { name: 'points.earn', cron: '* * * * *' },
      { name: 'promotions.rebate', cron: '*/10 * * * *' },
      { name: 'referral.reward', cron: '*/5 * * * *' },
      { name: 'vip.progress', cron: '* * * * *' },
      { name: 'wallet.vendor-reconcile', cron: '* * * * *' },
    ];
    expect([...t.app.services.jobs.names].sort()).toEqual(expected.map((e) => e.name));
    const { rows } = (await t.database.db.execute(
      sql`select name, cron from pgboss.schedule order by name`,
    )) as { rows: { name: string; cron: string }[] };
    expect(rows).toEqual(expected);
  });

  it(
    'auto-confirm, run through the queue, closes an overdue withdrawal',
    { timeout: 90_000 },
    async () => {
      const member = await loginDemo(t.app, 'demo_member');
      await fund(t.app, member.id, 1000_00n, 'jobs-member');
      const payout = (
        await member.call('POST', '/wps/cashier/payout-accounts', {
          kind: 'ewallet',
          provider: 'Maya',
          accountName: 'Demo Member',
          accountNumber: '0917 222 3333',
        })
      ).json().value;
      const requested = await member.sealed('/wps/cashier/withdrawals', {
        payoutAccountId: payout.id,
        amount: '120',
        paymentPassword: '246810',
      });
      const id = requested.json().value.id as string;
      await t.app.inject({
        method: 'POST',
        url: `/ops/cashier/withdrawals/${id}/approve`,
        headers: { authorization: `Bearer ${await t.login('operator')}` },
        payload: {},
      });
      // The queue also runs this job on its schedule, at each minute's start: move the deadline
      // well clear of it, or the scheduled run may confirm the withdrawal before this one does.
      const second = new Date().getUTCSeconds();
      if (second < 10 || second > 45) {
        await new Promise((r) => setTimeout(r, ((70 - second) % 60) * 1000));
      }
      // The deadline passes.
      const passed = new Date();
      await t.database.db
        .update(withdrawalRequests)
        .set({ confirmDeadline: new Date(Date.now() - 1000) })
        .where(eq(withdrawalRequests.id, id));
      const job = await t.app.services.jobs.runNow('cashier.auto-confirm');
      expect(job.state).toBe('completed');
      // On a busy machine the scheduled run can still start first: the runs of the queue since
      // the deadline passed confirmed the withdrawal exactly once between them.
      const confirmedByQueue = async () => {
        const { rows } = (await t.database.db.execute(sql`
          select coalesce(sum((output->>'confirmed')::int), 0)::int as confirmed from pgboss.job
          where name = 'cashier.auto-confirm' and state = 'completed'
            and completed_on >= ${passed.toISOString()}::timestamptz`)) as {
          rows: { confirmed: number }[];
        };
        return rows[0]!.confirmed;
      };
      await expect.poll(confirmedByQueue, { timeout: 15_000 }).toBe(1);
      const mine = (await member.call('GET', '/wps/cashier/withdrawals')).json().value;
      expect(mine[0]).toMatchObject({ id, confirmation: 'auto_received' });
    },
  );
});
