import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit-schema';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { insertMembers } from '../../test/members';

let t: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = { authorization: `Bearer ${await t.loginOperator({ subjectId: 'rounds-admin' })}` };
});
afterAll(async () => {
  await t?.close();
});

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** An open round with a 30.00 bet of each player; the round's id and the bets' ids. */
async function roundWithBets(players: string[], gameCode = 'OPS_TEST') {
  const { play } = t.app.services;
  return play.transaction(async (tx) => {
    const round = await play.openRound(tx, {
      merchantCode: 'TYPH',
      gameId: 'ops-test',
      gameCode,
      gameType: 'SLOT',
      vendorCode: 'TEST',
      engine: 'test@1',
    });
    const betIds: string[] = [];
    for (const p of players) {
      const id = randomUUID();
      await play.place(
        tx,
        {
          id,
          roundId: round.id,
          merchantCode: 'TYPH',
          currency: 'TLB',
          player: p,
          stake: 30_00n,
          key: `ops-round:${id}`,
          actor: 'test',
        },
        round,
      );
      betIds.push(id);
    }
    return { roundId: round.id, betIds };
  });
}

const cash = async (player: string) =>
  (await t.app.services.wallet.balance('TYPH', player)).sumBalance;

describe('operator rounds', () => {
  it('searches rounds by player, game and status, and recalls one as the player would', async () => {
    const [a, b] = await insertMembers(t, 2, 'opsrounds');
    for (const p of [a!, b!]) await fund(t.app, p, 100_00n, `opsrounds:${p}`);
    const mine = await roundWithBets([a!], 'OPS_SEARCH');
    await roundWithBets([b!], 'OPS_SEARCH');

    const found = await call(admin, 'GET', `/ops/rounds?playerId=${a}&gameCode=OPS_SEARCH`);
    expect(found.statusCode).toBe(200);
    expect(found.json().value.list).toEqual([
      expect.objectContaining({ roundId: mine.roundId, status: 'open', bets: 1, stake: '30.00' }),
    ]);
    const settled = await call(admin, 'GET', '/ops/rounds?gameCode=OPS_SEARCH&status=settled');
    expect(settled.json().value.list).toEqual([]);
    const bad = await call(admin, 'GET', '/ops/rounds?status=lost');
    expect(bad.statusCode).toBe(400);

    const detail = await call(admin, 'GET', `/ops/rounds/${mine.roundId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().value).toMatchObject({
      roundId: mine.roundId,
      merchantCode: 'TYPH',
      bets: [expect.objectContaining({ betId: mine.betIds[0], accountId: a, status: 'held' })],
    });
    const other = {
      authorization: `Bearer ${await t.loginOperator({ merchants: ['TYMM'] })}`,
    };
    expect((await call(other, 'GET', `/ops/rounds/${mine.roundId}`)).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/ops/rounds/no-such-round')).statusCode).toBe(404);
  });

  it('voids a round through the kernel once, however many operators try at once', async () => {
    const [a, b] = await insertMembers(t, 2, 'opsvoid');
    for (const p of [a!, b!]) await fund(t.app, p, 100_00n, `opsvoid:${p}`);
    const { roundId } = await roundWithBets([a!, b!]);
    expect(await cash(a!)).toBe('70.00');

    const noReason = await call(admin, 'POST', `/ops/rounds/${roundId}/void`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields[0].path).toBe('reason');
    const finance = {
      authorization: `Bearer ${await t.loginOperator({ role: 'finance' })}`,
    };
    expect(
      (await call(finance, 'POST', `/ops/rounds/${roundId}/void`, { reason: 'Table fault' }))
        .statusCode,
    ).toBe(403);

    const tries = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(admin, 'POST', `/ops/rounds/${roundId}/void`, { reason: 'Table fault' }),
      ),
    );
    const codes = tries.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expect(tries.find((r) => r.statusCode === 200)!.json().value).toEqual({ returned: 2 });
    expect(await cash(a!)).toBe('100.00');
    expect(await cash(b!)).toBe('100.00');

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, roundId))
      .orderBy(desc(auditLog.seq));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'games.round.void', reason: 'Table fault' });
    expect(audits[0]!.before).toMatchObject({ status: 'open' });
    expect(audits[0]!.after).toEqual({ status: 'void', returned: 2 });
  });

  it('resettles a settled round through the kernel, audited with the old and new payouts', async () => {
    const [a] = await insertMembers(t, 1, 'opsresettle');
    await fund(t.app, a!, 100_00n, `opsresettle:${a}`);
    const { roundId, betIds } = await roundWithBets([a!]);
    const { play } = t.app.services;
    await play.transaction((tx) =>
      play.settle(tx, {
        roundId,
        results: [{ betId: betIds[0]!, payout: 10_00n }],
        key: 'ops-resettle',
        actor: 'test',
      }),
    );
    expect(await cash(a!)).toBe('80.00');
    const res = await call(admin, 'POST', `/ops/rounds/${roundId}/resettle`, {
      reason: 'Wrong result entered',
      results: [{ betId: betIds[0], payout: '50.00' }],
    });
    expect(res.json().value).toEqual({ resettled: 1 });
    expect(await cash(a!)).toBe('120.00');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, roundId))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    expect(audit).toMatchObject({ action: 'games.round.resettle' });
    expect(audit!.before).toEqual({ bets: [{ betId: betIds[0], payout: '10.00' }] });
  });
});
