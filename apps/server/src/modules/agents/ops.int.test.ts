import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { seedsFor } from '../../db/seeds';
import { createTestApp, loginDemo, type TestContext } from '../../test/harness';
import { auditLog } from '../../platform/audit-schema';
import { accounts } from '../identity/schema';
import { betRecords } from '../games/schema';
import { agentContracts, agentSettlements } from './schema';
import { agentsDemoContractsSeed } from './seed';
import { windowAt } from './windows';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginOperator({ subjectId: 'agents-ops-admin' });
});
afterAll(() => t.close());

const db = () => t.database.db;

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function makeAccount(merchantCode: string, type: number, parentId: string | null) {
  const id = randomUUID();
  const username = `o${id.slice(0, 8)}`;
  await db().insert(accounts).values({
    id,
    merchantCode,
    username,
    usernameKey: username,
    type,
    parentId,
    registerMethod: 'TEST',
  });
  return id;
}

async function bet(accountId: string, at: Date, stake: bigint) {
  const roundId = randomUUID();
  await db()
    .insert(betRecords)
    .values({
      id: `TEST:${roundId}:${accountId}`,
      merchantCode: 'TYPH',
      accountId,
      vendorCode: 'TEST',
      gameId: 'TYPH-TAYA-FORTUNE',
      gameType: 'RNG',
      roundId,
      currency: 'TLB',
      stake,
      validBet: stake,
      payout: 0n,
      status: 'settled',
      placedAt: at,
      settledAt: at,
    });
}

const flat = (rate: string) => [{ rate, minActiveMembers: 0, minPeriodBet: '0' }];

async function lastAudit(action: string) {
  const [row] = await db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  return row;
}

describe('the agent tree and profile', () => {
  it('lists top agents and one level below, lazily, within the merchant scope', async () => {
    const M = await makeAccount('TYPH', 1, null);
    const A = await makeAccount('TYPH', 1, M);
    const m = await makeAccount('TYPH', 0, M);
    await makeAccount('TYPH', 0, A);

    const top = await call(admin, 'GET', '/ops/agents/tree?size=200');
    expect(top.statusCode).toBe(200);
    const topIds = top.json().value.list.map((n: { id: string }) => n.id);
    expect(topIds).toContain(M);
    expect(topIds).not.toContain(A);
    const node = top.json().value.list.find((n: { id: string }) => n.id === M);
    expect(node).toMatchObject({ isAgent: true, teamSize: 3, settlementPaused: false });

    const below = await call(admin, 'GET', `/ops/agents/tree?parentId=${M}`);
    expect(
      below
        .json()
        .value.list.map((n: { id: string }) => n.id)
        .sort(),
    ).toEqual([A, m].sort());

    const mm = await t.loginOperator({ role: 'admin', merchants: ['TYMM'] });
    expect((await call(mm, 'GET', `/ops/agents/tree?parentId=${M}`)).statusCode).toBe(403);
    expect((await call(mm, 'GET', `/ops/agents/${M}`)).statusCode).toBe(403);
    const support = await t.loginOperator({ role: 'support' });
    expect((await call(support, 'GET', '/ops/agents/tree')).statusCode).toBe(403);
  });

  it("shows an agent's team figures for a period and the contracts it holds and offers", async () => {
    const M = await makeAccount('TYPH', 1, null);
    const A = await makeAccount('TYPH', 1, M);
    await makeAccount('TYPH', 0, A);
    const granted = await call(admin, 'POST', '/ops/agents/contracts', {
      reason: 'Contract agreed with the agent',
      merchantCode: 'TYPH',
      agentId: M,
      kind: 'daily',
      tiers: flat('1'),
    });
    expect(granted.statusCode).toBe(200);
    const offer = await t.app.services.agents.process(
      { accountId: M, merchantCode: 'TYPH' },
      'daily',
      { action: 'REQUEST', subordinateId: A, tiers: flat('0.5') },
    );
    const res = await call(
      admin,
      'GET',
      `/ops/agents/${M}?from=2026-11-01T00:00:00%2B08:00&to=2026-11-08T00:00:00%2B08:00`,
    );
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.agent).toMatchObject({ id: M, merchantCode: 'TYPH', settlementPaused: false });
    expect(v.team).toMatchObject({ members: 2, agents: 1 });
    expect(v.contracts.mine.map((c: { id: string }) => c.id)).toEqual([granted.json().value.id]);
    expect(v.contracts.granted.map((c: { id: string }) => c.id)).toEqual([offer.id]);
  });
});

describe('top-level contracts', () => {
  it('grants each of the four kinds and ends one, audited with before and after', async () => {
    const M = await makeAccount('TYPH', 1, null);
    const ids = {} as Record<'dividend' | 'daily' | 'hourly' | 'realtime', string>;
    for (const kind of ['dividend', 'daily', 'hourly', 'realtime'] as const) {
      const r = await call(admin, 'POST', '/ops/agents/contracts', {
        reason: 'Contract agreed with the agent',
        merchantCode: 'TYPH',
        agentId: M,
        kind,
        ...(kind === 'dividend' ? { period: 'W' } : {}),
        tiers: flat('2'),
      });
      expect(r.statusCode).toBe(200);
      ids[kind] = r.json().value.id;
    }
    // A second daily contract replaces the first; the audit row says which it replaced.
    const again = await call(admin, 'POST', '/ops/agents/contracts', {
      merchantCode: 'TYPH',
      agentId: M,
      kind: 'daily',
      tiers: flat('3'),
      reason: 'new terms',
    });
    const grant = await lastAudit('agents.contract.grant');
    expect(grant).toMatchObject({ targetId: M, reason: 'new terms' });
    expect(grant!.before).toMatchObject({ contractId: ids.daily });
    expect(grant!.after).toMatchObject({ contractId: again.json().value.id });

    const noReason = await call(admin, 'POST', `/ops/agents/contracts/${ids.hourly}/end`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('reason');

    const mm = await t.loginOperator({ role: 'admin', merchants: ['TYMM'] });
    const outside = await call(mm, 'POST', `/ops/agents/contracts/${ids.hourly}/end`, {
      reason: 'not mine',
    });
    expect(outside.statusCode).toBe(403);

    const ended = await call(admin, 'POST', `/ops/agents/contracts/${ids.hourly}/end`, {
      reason: 'agent left',
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().value).toMatchObject({ id: ids.hourly, status: 'terminated' });
    const [row] = await db().select().from(agentContracts).where(eq(agentContracts.id, ids.hourly));
    expect(row).toMatchObject({ status: 'terminated', endReason: 'agent left' });
    const audit = await lastAudit('agents.contract.end');
    expect(audit).toMatchObject({ targetId: ids.hourly, reason: 'agent left' });
    expect(audit!.before).toMatchObject({ status: 'active' });
    expect(audit!.after).toMatchObject({ status: 'terminated' });

    const twice = await call(admin, 'POST', `/ops/agents/contracts/${ids.hourly}/end`, {
      reason: 'again',
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('settlements and their pause', () => {
  it('skips a paused agent in settlement, lists settlements with inputs, and resumes', async () => {
    const since = new Date('2026-10-01T00:00:00Z');
    const M = await makeAccount('TYPH', 1, null);
    const A = await makeAccount('TYPH', 1, M);
    const m1 = await makeAccount('TYPH', 0, A);
    const cM = (
      await call(admin, 'POST', '/ops/agents/contracts', {
        reason: 'Contract agreed with the agent',
        merchantCode: 'TYPH',
        agentId: M,
        kind: 'daily',
        tiers: flat('1.5'),
      })
    ).json().value.id as string;
    const offer = await t.app.services.agents.process(
      { accountId: M, merchantCode: 'TYPH' },
      'daily',
      { action: 'REQUEST', subordinateId: A, tiers: flat('1') },
    );
    await t.app.services.agents.process({ accountId: A, merchantCode: 'TYPH' }, 'daily', {
      action: 'A',
      contractId: offer.id,
    });
    await db()
      .update(agentContracts)
      .set({ activeFrom: since })
      .where(sql`${agentContracts.id} in (${cM}, ${offer.id})`);

    const noReason = await call(admin, 'POST', `/ops/agents/${A}/settlement/pause`, {});
    expect(noReason.statusCode).toBe(400);
    const paused = await call(admin, 'POST', `/ops/agents/${A}/settlement/pause`, {
      reason: 'under review',
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().value).toEqual({ agentId: A, paused: true });
    const audit = await lastAudit('agents.settlement.pause');
    expect(audit).toMatchObject({ targetId: A, reason: 'under review' });
    expect(audit!.before).toEqual({ paused: false });
    expect(audit!.after).toEqual({ paused: true });

    const day = windowAt('daily', 'Asia/Manila', new Date('2026-10-10T04:00:00Z'));
    await bet(m1, new Date('2026-10-10T04:00:00Z'), 1_000_00n);
    await t.app.services.agents.settle('TYPH', 'daily', day);
    const rowsOf = (contractId: string, start: Date) =>
      db()
        .select()
        .from(agentSettlements)
        .where(
          and(eq(agentSettlements.contractId, contractId), eq(agentSettlements.windowStart, start)),
        );
    // A is skipped; M is paid its own share only, as ever.
    expect(await rowsOf(offer.id, day.start)).toHaveLength(0);
    const [mRow] = await rowsOf(cM, day.start);
    expect(mRow).toMatchObject({ gross: 15_00n, subordinatesGross: 10_00n, payout: 5_00n });

    const resumed = await call(admin, 'POST', `/ops/agents/${A}/settlement/resume`, {
      reason: 'Dispute settled',
    });
    expect(resumed.json().value).toEqual({ agentId: A, paused: false });
    const next = windowAt('daily', 'Asia/Manila', day.end);
    await bet(m1, new Date(next.start.getTime() + 3_600_000), 2_000_00n);
    await t.app.services.agents.settle('TYPH', 'daily', next);
    expect(await rowsOf(offer.id, next.start)).toHaveLength(1);

    const list = await call(admin, 'GET', `/ops/agents/settlements?agentId=${A}&kind=daily`);
    expect(list.statusCode).toBe(200);
    expect(list.json().value.list).toHaveLength(1);
    expect(list.json().value.list[0]).toMatchObject({
      agentId: A,
      contractId: offer.id,
      teamValidBet: '2000.00',
      rate: '1.00',
      payout: '20.00',
    });
    const all = await call(admin, 'GET', '/ops/agents/settlements?kind=daily&size=100');
    expect(all.json().value.list.map((r: { contractId: string }) => r.contractId)).toContain(cM);

    const readOnly = await t.loginOperator({ role: 'read_only' });
    expect((await call(readOnly, 'GET', `/ops/agents/${A}`)).statusCode).toBe(200);
    expect(
      (await call(readOnly, 'POST', `/ops/agents/${A}/settlement/pause`, { reason: 'nope' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the development seed', () => {
  it("gives demo_master top contracts of all four kinds, so an agent's journey works at once", async () => {
    expect(seedsFor({ seedDemo: true })).toContain(agentsDemoContractsSeed);
    expect(seedsFor({ seedDemo: false })).not.toContain(agentsDemoContractsSeed);

    const master = await loginDemo(t.app, 'demo_master');
    const agent = await loginDemo(t.app, 'demo_agent');
    const held = await db()
      .select()
      .from(agentContracts)
      .where(and(eq(agentContracts.downlineId, master.id), eq(agentContracts.status, 'active')));
    expect(held.map((c) => c.kind).sort()).toEqual(['daily', 'dividend', 'hourly', 'realtime']);
    expect(held.every((c) => c.uplineId === null)).toBe(true);

    // The master offers demo_agent a daily salary below its own; demo_agent accepts.
    const offer = await master.call('POST', '/wps/relay/MCS2_processDailySalContract', {
      action: 'REQUEST',
      subordinateId: agent.id,
      tiers: flat('1'),
    });
    expect(offer.statusCode).toBe(200);
    const accepted = await agent.call('POST', '/wps/relay/MCS2_processDailySalContract', {
      action: 'A',
      contractId: offer.json().value.id,
    });
    expect(accepted.json().value.status).toBe('active');

    // A day of the agent's member's play settles and pays both.
    const member = await makeAccount('TYPH', 0, agent.id);
    const day = windowAt('daily', 'Asia/Manila', new Date(Date.now() + 2 * 86_400_000));
    await db()
      .update(agentContracts)
      .set({ activeFrom: day.start })
      .where(eq(agentContracts.id, offer.json().value.id));
    await bet(member, new Date(day.start.getTime() + 3_600_000), 1_000_00n);
    const settled = await t.app.services.agents.settle('TYPH', 'daily', day);
    // demo_agent 1 % of 1,000.00; demo_master 2 % less that.
    expect(settled.paid).toBe(20_00n);
    const list = await call(admin, 'GET', `/ops/agents/settlements?agentId=${agent.id}`);
    expect(list.json().value.list[0]).toMatchObject({ payout: '10.00' });
  });
});
