import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit-schema';
import { createTestApp, type TestContext } from '../../test/harness';
import { newMember } from '../../test/members';
import { originalLimits } from './schema';

/** The console's originals: limits and RTP per game, changed by an admin with a reason. */
let t: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = { authorization: `Bearer ${await t.loginOperator({ subjectId: 'originals-admin' })}` };
});
afterAll(() => t.close());

const call = (headers: Record<string, string>, method: 'GET' | 'PUT', url: string, body?: object) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(body ? { payload: body as Record<string, unknown> } : {}),
  });

const as = async (role: 'admin' | 'finance' | 'read_only', merchants?: string[]) => ({
  authorization: `Bearer ${await t.loginOperator({ role, ...(merchants ? { merchants } : {}) })}`,
});

const change = {
  merchantCode: 'TYPH',
  minBet: '2.00',
  maxBet: '2500.50',
  maxProfit: '50000',
  rtpBps: 9800,
  reason: 'Tighter dice for the promotion week',
};

describe('operator originals limits', () => {
  it('lists every original played here with its limits, defaults and exact RTP', async () => {
    const res = await call(admin, 'GET', '/ops/originals/limits?merchantCode=TYPH');
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ merchantCode: 'TYPH', currency: 'TLB' });
    const dice = value.list.find((g: { game: string }) => g.game === 'dice');
    expect(dice).toEqual({
      game: 'dice',
      gameCode: 'TAYA_DICE',
      engine: 'taya-dice@1',
      currency: 'TLB',
      currencyScale: 2,
      minBet: '1.00',
      maxBet: '10000.00',
      maxProfit: '100000.00',
      rtpBps: 9900,
      rateFixed: false,
      rtp: '98.99',
      reference: { target: '50.00', direction: 'under' },
      defaulted: false,
    });
    expect(value.list.map((g: { game: string }) => g.game)).toEqual(
      expect.arrayContaining(['dice', 'limbo']),
    );
    // The session's merchant when none is named; a merchant without rows shows the defaults.
    const own = await call(admin, 'GET', '/ops/originals/limits');
    expect(own.json().value.merchantCode).toBe('TYPH');
    await t.database.db
      .delete(originalLimits)
      .where(and(eq(originalLimits.merchantCode, 'TYMM'), eq(originalLimits.game, 'limbo')));
    const mm = (await call(admin, 'GET', '/ops/originals/limits?merchantCode=TYMM')).json().value;
    expect(mm.list.find((g: { game: string }) => g.game === 'limbo')).toMatchObject({
      defaulted: true,
      rtpBps: 9900,
      rtp: '99.00',
    });
    // Any role with games.read may look.
    const finance = await call(await as('finance'), 'GET', '/ops/originals/limits');
    expect(finance.statusCode).toBe(200);
  });

  it('changes a game’s limits with a reason; the player’s info follows; the audit keeps both', async () => {
    const res = await call(admin, 'PUT', '/ops/originals/limits/dice', change);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      game: 'dice',
      minBet: '2.00',
      maxBet: '2500.50',
      maxProfit: '50000.00',
      rtpBps: 9800,
      rtp: '97.99',
      defaulted: false,
    });
    const info = (await t.app.inject('/originals/dice')).json().value;
    expect(info).toMatchObject({ maxBet: '2500.50', minBet: '2.00', rtp: '97.99' });
    // A bet above the new maximum is refused on its amount.
    const m = await newMember(t);
    const big = await m.post('/originals/dice/bets', {
      requestId: 'req-over-the-max',
      amount: '2500.51',
      params: { target: '50.00', direction: 'under' },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().fields[0].path).toBe('amount');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'originals.limits.update'))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    expect(audit).toMatchObject({
      merchantCode: 'TYPH',
      targetType: 'original',
      targetId: 'dice',
      reason: change.reason,
      before: { minBet: '100', maxBet: '1000000', maxProfit: '10000000', rtpBps: 9900 },
      after: { minBet: '200', maxBet: '250050', maxProfit: '5000000', rtpBps: 9800 },
    });
    // Back as it was, for the other tests.
    const back = await call(admin, 'PUT', '/ops/originals/limits/dice', {
      ...change,
      minBet: '1',
      maxBet: '10000',
      maxProfit: '100000',
      rtpBps: 9900,
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses bad input on the field, and changes nothing', async () => {
    const refused = async (body: object, game = 'dice') => {
      const res = await call(admin, 'PUT', `/ops/originals/limits/${game}`, { ...change, ...body });
      expect(res.statusCode).toBe(400);
      return (res.json().fields as { path: string }[]).map((d) => d.path);
    };
    expect(await refused({ minBet: '300', maxBet: '200' })).toEqual(['maxBet']);
    expect(await refused({ rtpBps: 9950 })).toEqual(['rtpBps']);
    expect(await refused({ rtpBps: 9499 })).toEqual(['rtpBps']);
    expect(await refused({ minBet: '0' })).toEqual(['minBet']);
    expect(await refused({ maxProfit: '1.5x' })).toEqual(['maxProfit']);
    expect(await refused({ reason: '' })).toEqual(['reason']);
    expect(await refused({}, 'nothing')).toEqual(['game']);
    const unknown = await call(admin, 'PUT', '/ops/originals/limits/dice', {
      ...change,
      merchantCode: 'NOPE',
    });
    expect(unknown.statusCode).toBe(400);
    const info = (await t.app.inject('/originals/dice')).json().value;
    expect(info).toMatchObject({ maxBet: '10000.00', rtp: '98.99' });
  });

  it('keeps the merchant scope and the admin-only write', async () => {
    const mmOnly = await as('admin', ['TYMM']);
    expect((await call(mmOnly, 'GET', '/ops/originals/limits?merchantCode=TYPH')).statusCode).toBe(
      403,
    );
    expect((await call(mmOnly, 'PUT', '/ops/originals/limits/dice', change)).statusCode).toBe(403);
    const readOnly = await as('read_only');
    expect((await call(readOnly, 'GET', '/ops/originals/limits')).statusCode).toBe(200);
    expect((await call(readOnly, 'PUT', '/ops/originals/limits/dice', change)).statusCode).toBe(
      403,
    );
    const finance = await as('finance');
    expect((await call(finance, 'PUT', '/ops/originals/limits/dice', change)).statusCode).toBe(403);
    const info = (await t.app.inject('/originals/dice')).json().value;
    expect(info).toMatchObject({ maxBet: '10000.00' });
  });

  it('sets the limits of the games in steps and in shared rounds; their rules fix their return', async () => {
    const list = (await call(admin, 'GET', '/ops/originals/limits?merchantCode=TYPH')).json().value
      .list as { game: string; rateFixed: boolean; rtp: string; engine: string }[];
    const byGame = new Map(list.map((g) => [g.game, g]));
    expect([...byGame.keys()]).toEqual(
      expect.arrayContaining([
        'mines',
        'jacks-or-better',
        'deuces-wild',
        'crash',
        'color-game',
        'bingo',
      ]),
    );
    expect(byGame.get('mines')).toMatchObject({ rateFixed: false, rtp: '99.00' });
    expect(byGame.get('jacks-or-better')).toMatchObject({ rateFixed: true, rtp: '99.54' });
    expect(byGame.get('crash')).toMatchObject({
      rateFixed: true,
      rtp: '99.00',
      engine: 'taya-crash@1',
    });
    expect(byGame.get('color-game')).toMatchObject({ rateFixed: true, rtp: '92.13' });
    expect(byGame.get('bingo')).toMatchObject({ rateFixed: true });
    // Bingo is offered only where the merchant offers Tagalog: not to TYMM.
    const mm = (await call(admin, 'GET', '/ops/originals/limits?merchantCode=TYMM')).json().value
      .list as { game: string }[];
    expect(mm.map((g) => g.game)).not.toContain('bingo');
    const bingoMm = await call(admin, 'PUT', '/ops/originals/limits/bingo', {
      ...change,
      merchantCode: 'TYMM',
      rtpBps: undefined,
    });
    expect(bingoMm.statusCode).toBe(404);

    // A fixed return refuses a rate; a rate the operator sets must be given.
    const fixedRate = await call(admin, 'PUT', '/ops/originals/limits/crash', change);
    expect(fixedRate.statusCode).toBe(400);
    expect(fixedRate.json().fields[0].path).toBe('rtpBps');
    const { rtpBps: _rate, ...limitsOnly } = change;
    const noRate = await call(admin, 'PUT', '/ops/originals/limits/mines', limitsOnly);
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().fields[0].path).toBe('rtpBps');

    // Crash's limits change; the row keeps its rate, and the players' state follows.
    const before = (await t.app.inject('/originals/crash/state')).json().value;
    const set = await call(admin, 'PUT', '/ops/originals/limits/crash', limitsOnly);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value).toMatchObject({
      game: 'crash',
      minBet: '2.00',
      maxBet: '2500.50',
      rateFixed: true,
      rtp: '99.00',
      defaulted: false,
    });
    const state = (await t.app.inject('/originals/crash/state')).json().value;
    expect(state).toMatchObject({ minBet: '2.00', maxBet: '2500.50', maxProfit: '50000.00' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'originals.limits.update'), eq(auditLog.targetId, 'crash')))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    expect(audit?.after).toMatchObject({ minBet: '200', maxBet: '250050' });
    expect((audit?.after as { rtpBps: number }).rtpBps).toBe(
      (audit?.before as { rtpBps: number }).rtpBps,
    );
    // Back as it was, for the other tests.
    const back = await call(admin, 'PUT', '/ops/originals/limits/crash', {
      ...limitsOnly,
      minBet: before.minBet,
      maxBet: before.maxBet,
      maxProfit: before.maxProfit,
    });
    expect(back.statusCode).toBe(200);
  });
});
