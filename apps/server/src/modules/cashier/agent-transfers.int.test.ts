import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fund, loginDemo, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const balanceOf = async (
  call: (m: 'GET', u: string) => Promise<{ json(): { value: { sumBalance: string } } }>,
) => (await call('GET', '/wps/v2/wallets/balance')).json().value.sumBalance;

describe('agent transfers', () => {
  it('send to the upline and into the own team, once per request id, with the payment password', async () => {
    const agent = await loginDemo(t.app, 'demo_agent');
    const master = await loginDemo(t.app, 'demo_master');
    const member = await loginDemo(t.app, 'demo_member');
    await fund(t.app, agent.id, 1000_00n, 'agent-1');

    const info = (await agent.call('GET', '/wps/agent/transfers/info')).json().value;
    expect(info).toEqual({ upline: { username: 'demo_master' }, balance: '1000.00' });

    const requestId = randomUUID();
    const up = await agent.sealed('/wps/agent/transfers/upline', {
      requestId,
      amount: '150.25',
      paymentPassword: '246810',
    });
    expect(up.statusCode).toBe(201);
    expect(up.json().value).toMatchObject({
      direction: 'upline',
      counterparty: 'demo_master',
      amount: '150.25',
      balance: '849.75',
    });
    // The same request again (a retry after a lost answer) moves nothing more.
    const retry = await agent.sealed('/wps/agent/transfers/upline', {
      requestId,
      amount: '150.25',
      paymentPassword: '246810',
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().value.id).toBe(up.json().value.id);
    // The same id for a different amount is refused.
    const reuse = await agent.sealed('/wps/agent/transfers/upline', {
      requestId,
      amount: '10',
      paymentPassword: '246810',
    });
    expect(reuse.statusCode).toBe(409);
    expect(await balanceOf(master.call)).toBe('150.25');
    expect(await balanceOf(agent.call)).toBe('849.75');

    const down = await agent.sealed('/wps/agent/transfers/downline', {
      requestId: randomUUID(),
      username: 'demo_member',
      amount: '100',
      paymentPassword: '246810',
    });
    expect(down.json().value).toMatchObject({ direction: 'downline', counterparty: 'demo_member' });
    expect(await balanceOf(member.call)).toBe('100.00');
    // Money from an agent is wagered like a deposit before it can leave.
    const withdrawInfo = (await member.call('GET', '/wps/cashier/withdraw-info')).json().value;
    expect(withdrawInfo.turnoverRemaining).toBe('100.00');

    // Both sides see it in their account record.
    const record = (await member.call('GET', '/wps/member/transactions')).json().value.list;
    expect(record[0]).toMatchObject({ type: 'agent_transfer', amount: '100.00', wallet: 'main' });
    const agentRecord = (await agent.call('GET', '/wps/member/transactions?type=agent_transfer'))
      .json()
      .value.list.map((r: { amount: string }) => r.amount);
    expect(agentRecord).toEqual(['-100.00', '-150.25']);
  });

  it('never reach outside the own team, nor past the balance or a wrong password', async () => {
    const agent = await loginDemo(t.app, 'demo_agent');
    const master = await loginDemo(t.app, 'demo_master');
    await fund(t.app, master.id, 500_00n, 'master-1');
    // 150.25 from the first test's upline transfer, and 500 now.
    expect(await balanceOf(master.call)).toBe('650.25');
    const attempt = (who: typeof agent, url: string, body: object) =>
      who.sealed(url, { requestId: randomUUID(), paymentPassword: '246810', ...body });

    // demo_master is demo_agent's upline, not its downline; demo_member is below both.
    const upward = await attempt(agent, '/wps/agent/transfers/downline', {
      username: 'demo_master',
      amount: '1',
    });
    expect(upward.statusCode).toBe(400);
    expect(upward.json().fields[0].path).toBe('username');
    const unknown = await attempt(agent, '/wps/agent/transfers/downline', {
      username: 'nobody_here',
      amount: '1',
    });
    expect(unknown.json().message).toBe(upward.json().message);
    const self = await attempt(agent, '/wps/agent/transfers/downline', {
      username: 'demo_agent',
      amount: '1',
    });
    expect(self.statusCode).toBe(400);
    // The top agent has no upline.
    const noUpline = await attempt(master, '/wps/agent/transfers/upline', { amount: '1' });
    expect(noUpline.statusCode).toBe(409);
    expect((await master.call('GET', '/wps/agent/transfers/info')).json().value.upline).toBeNull();
    // Two levels down is still the team.
    const deep = await attempt(master, '/wps/agent/transfers/downline', {
      username: 'demo_member',
      amount: '5',
    });
    expect(deep.statusCode).toBe(201);

    const tooMuch = await attempt(master, '/wps/agent/transfers/downline', {
      username: 'demo_agent',
      amount: '100000',
    });
    expect(tooMuch.json().errorCode).toBe('insufficient_funds');
    for (const amount of ['-1', '0', '1.001', '1e3']) {
      const bad = await attempt(master, '/wps/agent/transfers/downline', {
        username: 'demo_agent',
        amount,
      });
      expect(bad.statusCode, amount).toBe(400);
    }
    const wrongPassword = await master.sealed('/wps/agent/transfers/downline', {
      requestId: randomUUID(),
      username: 'demo_agent',
      amount: '1',
      paymentPassword: '111111',
    });
    expect(wrongPassword.json().fields[0].path).toBe('paymentPassword');
    // Only the one good transfer moved.
    expect(await balanceOf(master.call)).toBe('645.25');

    // A member is not an agent: neither call is open to it, nor unsealed bodies to anyone.
    const member = await loginDemo(t.app, 'demo_member');
    expect((await attempt(member, '/wps/agent/transfers/upline', { amount: '1' })).statusCode).toBe(
      403,
    );
    const plain = await agent.call('POST', '/wps/agent/transfers/upline', {
      requestId: randomUUID(),
      amount: '1',
      paymentPassword: '246810',
    });
    expect(plain.json().errorCode).toBe('encryption_required');
  });
});
