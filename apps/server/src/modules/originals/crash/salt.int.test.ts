import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashPoint } from '@taya/games';
import { auditLog } from '../../../platform/audit-schema';
import { createTestApp, fund, type TestContext } from '../../../test/harness';
import { newMember } from '../../../test/members';
import { CrashRunner } from './runner';
import type { CrashService } from './service';
import { crashChains, crashRounds } from './schema';

/**
 * Crash's salt outside development data (GAMES.md Appendix C, 9): a new chain waits, unplayable,
 * until an operator publishes a future block's height and then enters that block's hash.
 */
let t: TestContext;
let crash: CrashService;
let runner: CrashRunner;
const clock = Date.parse('2026-04-01T00:00:00Z');
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  crash = t.app.services.crash;
  crash.deps.options.now = () => clock;
  crash.deps.options.sandboxSalt = false;
  // Whatever chain the data has makes way for one made without a sandbox salt.
  await t.database.db.update(crashChains).set({ active: false });
  runner = new CrashRunner(crash);
  admin = { authorization: `Bearer ${await t.loginOperator({ subjectId: 'crash-salt-admin' })}` };
});
afterAll(() => t.close());

const ops = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, body?: object) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(body ? { payload: body as Record<string, unknown> } : {}),
  });
const as = async (role: 'admin' | 'read_only', merchants?: string[]) => ({
  authorization: `Bearer ${await t.loginOperator({ role, ...(merchants ? { merchants } : {}) })}`,
});
const blockHash = '00000000000000000001a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7';

describe('crash salt', () => {
  it('opens no round and takes no bet while the chain waits for its salt', async () => {
    const wait = await runner.step(clock);
    expect(wait).toBeGreaterThan(0);
    expect(await crash.liveRound(t.database.db)).toBeNull();
    const state = (await t.app.inject('/originals/crash/state')).json().value;
    expect(state).toMatchObject({ salt: null, saltSandbox: false, saltBlockHeight: null });
    expect(state.live.phase).toBe('waiting');

    const member = await newMember(t);
    await fund(t.app, member.id, 100_00n, `crash-salt-${member.id}`);
    const bet = await member.post('/originals/crash/bets', {
      requestId: randomUUID(),
      amount: '10.00',
    });
    expect(bet.statusCode).toBe(409);
  });

  it('takes the block height, then its hash, once each and in that order, audited', async () => {
    const chain = (await ops(admin, 'GET', '/ops/originals/crash/chain')).json().value;
    expect(chain).toMatchObject({ status: 'awaiting-block', salt: null, saltBlockHeight: null });
    const { chainId } = chain;

    const early = await ops(admin, 'POST', '/ops/originals/crash/chain/salt', {
      chainId,
      blockHash,
      reason: 'Block mined',
    });
    expect(early.statusCode).toBe(409);

    const reader = await ops(await as('read_only'), 'POST', '/ops/originals/crash/chain/block', {
      chainId,
      blockHeight: 950_000,
      reason: 'Publishing the chain',
    });
    expect(reader.statusCode).toBe(403);
    const scoped = await ops(
      await as('admin', ['TYPH']),
      'POST',
      '/ops/originals/crash/chain/block',
      {
        chainId,
        blockHeight: 950_000,
        reason: 'Publishing the chain',
      },
    );
    expect(scoped.statusCode).toBe(403);
    const bad = await ops(admin, 'POST', '/ops/originals/crash/chain/block', {
      chainId,
      blockHeight: -3,
      reason: 'Publishing the chain',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('blockHeight');

    const block = await ops(admin, 'POST', '/ops/originals/crash/chain/block', {
      chainId,
      blockHeight: 950_000,
      reason: 'Publishing the chain',
    });
    expect(block.statusCode).toBe(200);
    expect(block.json().value).toMatchObject({ status: 'awaiting-salt', saltBlockHeight: 950_000 });
    const again = await ops(admin, 'POST', '/ops/originals/crash/chain/block', {
      chainId,
      blockHeight: 950_001,
      reason: 'Another block',
    });
    expect(again.statusCode).toBe(409);
    expect((await t.app.inject('/originals/crash/state')).json().value.saltBlockHeight).toBe(
      950_000,
    );
    await runner.step(clock);
    expect(await crash.liveRound(t.database.db)).toBeNull();

    const notHex = await ops(admin, 'POST', '/ops/originals/crash/chain/salt', {
      chainId,
      blockHash: 'xyz',
      reason: 'Block mined',
    });
    expect(notHex.statusCode).toBe(400);
    expect(JSON.stringify(notHex.json())).toContain('blockHash');

    const salt = await ops(admin, 'POST', '/ops/originals/crash/chain/salt', {
      chainId,
      blockHash: blockHash.toUpperCase(),
      reason: 'Block 950000 mined',
    });
    expect(salt.statusCode).toBe(200);
    expect(salt.json().value).toMatchObject({
      status: 'open',
      salt: blockHash,
      saltSandbox: false,
    });
    const twice = await ops(admin, 'POST', '/ops/originals/crash/chain/salt', {
      chainId,
      blockHash: 'f'.repeat(64),
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'crash_chain'), eq(auditLog.targetId, String(chainId))));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'originals.crash.salt',
      'originals.crash.salt-block',
    ]);
  });

  it('plays once the salt is set, every crash point from the block hash', async () => {
    await runner.step(clock);
    const round = (await crash.liveRound(t.database.db))!;
    expect(round.status).toBe('open');
    expect(round.crashPoint).toBe(crashPoint(round.hash, blockHash, 9900));
    const [row] = await t.database.db
      .select()
      .from(crashRounds)
      .where(eq(crashRounds.number, round.number));
    expect(row!.chainId).toBe(
      (await ops(admin, 'GET', '/ops/originals/crash/chain')).json().value.chainId,
    );
  });
});
