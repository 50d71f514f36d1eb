import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseUrl, type TestContext } from '../../../../test/harness';
import {
  balanceOf,
  basePromotion,
  bonusTurnover,
  insertMembers,
  newMember,
  savePromotion,
} from '../../../../test/members';
import { promotionClaims, promotions } from '../../schema';
import { evaluate } from '../../service';
import { envelopeAmount, RedEnvelopesService } from './service';
import { windowsAt, windowsProblem } from './windows';

let t: TestContext;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
});
afterAll(() => t.close());

const zone = 'Asia/Manila';
const hour = 3_600_000;
/** A window around the present moment, in Manila time (clamped to the local day). */
function windowAroundNow(minutesBefore = 30, minutesAfter = 30) {
  const local = DateTime.now().setZone(zone);
  const start = DateTime.max(local.minus({ minutes: minutesBefore }), local.startOf('day'));
  const end = DateTime.min(
    local.plus({ minutes: minutesAfter }),
    local.set({ hour: 23, minute: 59 }),
  );
  return { start: start.toFormat('HH:mm'), end: end.toFormat('HH:mm') };
}

function envelopeBody(overrides: Record<string, unknown> = {}, rules: object = {}) {
  return basePromotion({
    kind: 'red_envelope',
    category: 'red_envelope',
    title: { en: 'Red envelope rain', ty: 'Ulan ng red envelope' },
    content: { en: 'Open one envelope per window' },
    startsAt: new Date(Date.now() - 24 * hour).toISOString(),
    budget: '1000.00',
    perMemberLimit: 100,
    rules: {
      kind: 'red_envelope',
      minAmount: '1.00',
      maxAmount: '8.88',
      windows: [windowAroundNow()],
      turnoverMultipleTenths: 30,
      ...rules,
    },
    ...overrides,
  });
}

const ops = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/ops/promotions',
    headers: { authorization: `Bearer ${operator}` },
    payload,
  });

const createEnvelope = (overrides: Record<string, unknown> = {}, rules: object = {}) =>
  savePromotion(t, operator, envelopeBody(overrides, rules));

/** Other tests' envelopes stop running, so `current` shows the one under test. */
async function disableOthers(keep: string) {
  await t.database.db
    .update(promotions)
    .set({ enabled: false })
    .where(and(eq(promotions.kind, 'red_envelope'), sql`${promotions.id} <> ${keep}`));
}

const toMinor = (decimal: string) => BigInt(decimal.replace('.', ''));

/** The service on a clock of the test's choosing, sharing the app's database and ledger. */
const at = (now: Date) =>
  new RedEnvelopesService(
    t.database.db,
    t.app.services.system,
    t.app.services.promotions,
    null,
    () => now,
  );

/** A Manila local time on a fixed day, as a Date. */
const manila = (iso: string) => DateTime.fromISO(iso, { zone }).toJSDate();

describe('amounts and windows', () => {
  it('draws within the bounds and never above what is left of the pool', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.option(fc.bigInt({ min: 0n, max: 2n * 10n ** 9n }), { nil: null }),
        (min, spread, left) => {
          const max = min + spread;
          const rules = { minAmountMinor: min.toString(), maxAmountMinor: max.toString() };
          const amount = envelopeAmount(rules, left);
          if (left !== null && left < min) {
            expect(amount).toBeNull();
            return;
          }
          expect(amount).not.toBeNull();
          expect(amount! >= min).toBe(true);
          expect(amount! <= max).toBe(true);
          if (left !== null) expect(amount! <= left).toBe(true);
        },
      ),
    );
    // Both ends of the range can be drawn.
    const rules = { minAmountMinor: '100', maxAmountMinor: '888' };
    expect(envelopeAmount(rules, null, (lo) => lo)).toBe(100n);
    expect(envelopeAmount(rules, null, (_lo, hi) => hi - 1)).toBe(888n);
    expect(envelopeAmount(rules, 500n, (_lo, hi) => hi - 1)).toBe(500n);
  });

  it('finds the open window and the next one in the merchant’s time zone', () => {
    const windows = [
      { start: '12:00', end: '12:10' },
      { start: '20:00', end: '20:10' },
    ];
    const lunch = windowsAt(windows, zone, manila('2026-03-02T12:05'));
    expect(lunch.open?.key).toBe('2026-03-02T12:00');
    expect(lunch.open?.closesAt.toISOString()).toBe('2026-03-02T04:10:00.000Z');
    expect(lunch.next?.key).toBe('2026-03-02T20:00');
    const afternoon = windowsAt(windows, zone, manila('2026-03-02T12:10'));
    expect(afternoon.open).toBeNull();
    expect(afternoon.next?.opensAt.toISOString()).toBe('2026-03-02T12:00:00.000Z');
    const night = windowsAt(windows, zone, manila('2026-03-02T23:00'));
    expect(night.open).toBeNull();
    expect(night.next?.key).toBe('2026-03-03T12:00');
    // Yangon is UTC+6:30.
    const yangon = windowsAt(windows, 'Asia/Yangon', new Date('2026-03-02T05:35:00Z'));
    expect(yangon.open?.key).toBe('2026-03-02T12:00');
    expect(windowsProblem(windows)).toBeNull();
    expect(
      windowsProblem([
        { start: '12:00', end: '12:30' },
        { start: '12:20', end: '12:40' },
      ]),
    ).toMatch(/windows\.1/);
  });
});

describe('the state a member sees (SPEC §4)', () => {
  it('is Coming soon between windows, Join in one, Claimed once opened, Close when empty', async () => {
    const id = await createEnvelope(
      { startsAt: '2026-03-01T00:00:00+08:00', budget: '10.00' },
      {
        minAmount: '4.00',
        maxAmount: '4.00',
        windows: [
          { start: '12:00', end: '12:10' },
          { start: '20:00', end: '20:10' },
        ],
      },
    );
    const [row] = await t.database.db.select().from(promotions).where(eq(promotions.id, id));
    const promo = row!;
    const facts = (sourceIds: string[]) => ({
      accountId: 'member-1',
      registeredAt: new Date('2026-01-01T00:00:00Z'),
      deposits: [],
      claims: new Map([[id, sourceIds.map((sourceId) => ({ sourceId }) as never)]]),
      vipLevel: null,
      birthday: null,
      upgrades: [],
      applications: new Map(),
    });
    const state = (at: string, sourceIds: string[] = [], p = promo) => {
      const e = evaluate(p, facts(sourceIds), manila(at), zone);
      return `${e.state}/${e.reason}`;
    };
    expect(state('2026-02-28T12:05')).toBe('Coming soon/not_started');
    expect(state('2026-03-02T11:59')).toBe('Coming soon/window_closed');
    expect(state('2026-03-02T12:05')).toBe('Join/window_open');
    expect(state('2026-03-02T12:05', ['2026-03-02T12:00'])).toBe('Claimed/window_grabbed');
    expect(state('2026-03-02T20:05', ['2026-03-02T12:00'])).toBe('Join/window_open');
    expect(state('2026-03-02T12:05', [], { ...promo, spent: 6_01n })).toBe('Close/budget_spent');
    expect(evaluate(promo, null, manila('2026-03-02T12:05'), zone).state).toBe('Join');
  });
});

describe('operator rules', () => {
  it('refuses a red envelope without a pool, with bounds upside down, or overlapping windows', async () => {
    const noPool = await ops(envelopeBody({ budget: null }));
    expect(noPool.statusCode).toBe(400);
    expect(noPool.json().errorCode).toBe('request_param_err');
    const upside = await ops(envelopeBody({}, { minAmount: '9.00', maxAmount: '1.00' }));
    expect(upside.statusCode).toBe(400);
    expect(upside.json().fields[0].path).toBe('rules.maxAmount');
    const overlap = await ops(
      envelopeBody(
        {},
        {
          windows: [
            { start: '12:00', end: '12:30' },
            { start: '12:20', end: '12:40' },
          ],
        },
      ),
    );
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().fields[0].path).toBe('rules.windows');
    const badTime = await ops(envelopeBody({}, { windows: [{ start: '12:00', end: '24:00' }] }));
    expect(badTime.statusCode).toBe(400);
    const list = await t.app.inject({
      method: 'GET',
      url: '/ops/promotions?merchantCode=TYPH',
      headers: { authorization: `Bearer ${operator}` },
    });
    const demo = (
      list.json().value.list as { kind: string; startsAt: string; rules: object }[]
    ).find((p) => p.kind === 'red_envelope' && p.startsAt === '2026-01-01T00:00:00.000Z');
    // The demo rain falls at lunch and in the evening, not all day.
    expect(demo?.rules).toEqual({
      kind: 'red_envelope',
      minAmount: '1.00',
      maxAmount: '88.00',
      windows: [
        { start: '12:00', end: '12:10' },
        { start: '20:00', end: '20:10' },
      ],
      turnoverMultipleTenths: 10,
    });
  });
});

describe('grabbing during an open window', () => {
  it('pays a random amount once per window into the bonus balance with its turnover', async () => {
    const id = await createEnvelope();
    await disableOthers(id);

    const visitor = await t.app.inject({
      method: 'GET',
      url: '/wps/red-envelopes/current',
      headers: { merchant: 'TYPH' },
    });
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json().value.envelope).toMatchObject({
      promotionId: id,
      open: true,
      opensIn: 0,
      grabbed: null,
      grabbedAmount: null,
      poolLeft: true,
      minAmount: '1.00',
      maxAmount: '8.88',
      currency: 'TLB',
    });
    expect(visitor.json().value.envelope.closesIn).toBeGreaterThan(0);

    const m = await newMember(t);
    const detail = await m.get(`/wps/promotions/${id}`);
    expect(detail.json().value).toMatchObject({ state: 'Join', reason: 'window_open' });

    const requestId = randomUUID();
    const grab = await m.post(`/wps/red-envelopes/${id}/grab`, { requestId });
    expect(grab.statusCode, grab.body).toBe(200);
    const paid = grab.json().value;
    const amount = toMinor(paid.amount);
    expect(amount >= 1_00n && amount <= 8_88n).toBe(true);
    expect(paid).toMatchObject({ promotionId: id, currency: 'TLB', replayed: false });
    expect(toMinor(paid.turnoverAdded)).toBe((amount * 30n) / 10n);
    expect(await balanceOf(t, m.id)).toBe(amount);
    expect(await bonusTurnover(t, m.id)).toEqual([(amount * 30n) / 10n]);

    // The same request again answers the same envelope and moves nothing.
    const retry = await m.post(`/wps/red-envelopes/${id}/grab`, { requestId });
    expect(retry.json().value).toMatchObject({ claimId: paid.claimId, replayed: true });
    expect(await balanceOf(t, m.id)).toBe(amount);

    // A second envelope in the same window is refused.
    const again = await m.post(`/wps/red-envelopes/${id}/grab`, { requestId: randomUUID() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorCode: 'conflict',
      value: { state: 'Claimed', reason: 'window_grabbed' },
    });
    expect(await balanceOf(t, m.id)).toBe(amount);
    expect((await m.get(`/wps/promotions/${id}`)).json().value).toMatchObject({
      state: 'Claimed',
      reason: 'window_grabbed',
    });

    const mine = (await m.get('/wps/red-envelopes/current')).json().value.envelope;
    expect(mine).toMatchObject({ grabbed: true, grabbedAmount: paid.amount });
    const grabs = (await m.get('/wps/member/red-envelopes/grabs')).json().value;
    expect(grabs.list).toEqual([
      expect.objectContaining({ claimId: paid.claimId, amount: paid.amount, window: paid.window }),
    ]);
    const [promo] = await t.database.db.select().from(promotions).where(eq(promotions.id, id));
    expect(promo!.spent).toBe(amount);

    // Someone else still grabs in the same window.
    const other = await newMember(t);
    const theirs = await other.post(`/wps/red-envelopes/${id}/grab`, { requestId: randomUUID() });
    expect(theirs.statusCode).toBe(200);
  });

  it('lets only members and agents grab, and answers 404 for an unknown envelope', async () => {
    const id = await createEnvelope();
    const trial = await t.login('trial');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/wps/red-envelopes/${id}/grab`,
      headers: { authorization: `Bearer ${trial}` },
      payload: { requestId: randomUUID() },
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/wps/red-envelopes/${id}/grab`,
      payload: { requestId: randomUUID() },
    });
    expect(anonymous.statusCode).toBe(401);
    const m = await newMember(t);
    const unknown = await m.post(`/wps/red-envelopes/${randomUUID()}/grab`, {
      requestId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    const badBody = await m.post(`/wps/red-envelopes/${id}/grab`, { requestId: 'x' });
    expect(badBody.statusCode).toBe(400);
    // A deposit bonus is no envelope.
    const [deposit] = await t.database.db
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(eq(promotions.kind, 'deposit_first'), eq(promotions.merchantCode, 'TYPH')));
    const notEnvelope = await m.post(`/wps/red-envelopes/${deposit!.id}/grab`, {
      requestId: randomUUID(),
    });
    expect(notEnvelope.statusCode).toBe(404);
    // Nor is an envelope a claim: it is grabbed.
    const claimed = await m.post(`/wps/promotions/${id}/claim`, { requestId: randomUUID() });
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json().value).toEqual({ state: 'Join', reason: 'not_claimable' });
    expect(await balanceOf(t, m.id)).toBe(0n);
  });
});

describe('windows, pool and limits on a set clock', () => {
  const windows = [
    { start: '12:00', end: '12:10' },
    { start: '20:00', end: '20:10' },
  ];

  it('opens only in a window, once per window, and again in the next one', async () => {
    const id = await createEnvelope(
      { startsAt: '2026-03-01T00:00:00+08:00' },
      { minAmount: '5.00', maxAmount: '5.00', windows },
    );
    const m = await newMember(t, { registeredAt: new Date('2026-02-01T00:00:00Z') });
    const before = at(manila('2026-03-02T11:59:30'));
    await expect(before.grab(m.member, id, randomUUID())).rejects.toMatchObject({
      code: 'conflict',
      value: { state: 'Coming soon', reason: 'window_closed' },
    });
    const current = (await before.current('TYPH', m.member, 'en')).envelope;
    expect(current).toMatchObject({ promotionId: id, open: false, opensIn: 30, closesIn: 630 });
    expect(current?.window).toMatchObject({ start: '12:00', end: '12:10' });

    const lunch = at(manila('2026-03-02T12:00:00'));
    const first = await lunch.grab(m.member, id, randomUUID());
    expect(first).toMatchObject({ amount: '5.00', window: '2026-03-02T12:00', replayed: false });
    await expect(lunch.grab(m.member, id, randomUUID())).rejects.toMatchObject({
      value: { reason: 'window_grabbed' },
    });
    await expect(
      at(manila('2026-03-02T12:10:00')).grab(m.member, id, randomUUID()),
    ).rejects.toMatchObject({ value: { reason: 'window_closed' } });
    const evening = await at(manila('2026-03-02T20:09:59')).grab(m.member, id, randomUUID());
    expect(evening).toMatchObject({ amount: '5.00', window: '2026-03-02T20:00' });
    const tomorrow = await at(manila('2026-03-03T12:01')).grab(m.member, id, randomUUID());
    expect(tomorrow.window).toBe('2026-03-03T12:00');
    expect(await balanceOf(t, m.id)).toBe(15_00n);
    expect(await bonusTurnover(t, m.id)).toEqual([15_00n, 15_00n, 15_00n]);
  });

  it('stops at the pool: the last envelopes are what is left, never more', async () => {
    const id = await createEnvelope(
      { startsAt: '2026-03-01T00:00:00+08:00', budget: '10.00' },
      { minAmount: '4.00', maxAmount: '4.00', windows },
    );
    const clock = at(manila('2026-03-04T20:05'));
    const paid = [];
    for (let i = 0; i < 2; i++) {
      const m = await newMember(t);
      paid.push(await clock.grab(m.member, id, randomUUID()));
    }
    expect(paid.map((p) => p.amount)).toEqual(['4.00', '4.00']);
    const late = await newMember(t);
    await expect(clock.grab(late.member, id, randomUUID())).rejects.toMatchObject({
      value: { state: 'Close', reason: 'budget_spent' },
    });
    expect(await balanceOf(t, late.id)).toBe(0n);
    await disableOthers(id);
    expect((await clock.current('TYPH', late.member, 'en')).envelope).toMatchObject({
      promotionId: id,
      poolLeft: false,
    });
    const [promo] = await t.database.db.select().from(promotions).where(eq(promotions.id, id));
    expect(promo!.spent).toBe(8_00n);

    // With random amounts the last envelope holds at most what is left.
    const capped = await createEnvelope(
      { startsAt: '2026-03-01T00:00:00+08:00', budget: '6.00' },
      { minAmount: '2.00', maxAmount: '5.00', windows },
    );
    let total = 0n;
    for (let i = 0; i < 4; i++) {
      const m = await newMember(t);
      try {
        const r = await clock.grab(m.member, capped, randomUUID());
        total += toMinor(r.amount);
      } catch (error) {
        expect(error).toMatchObject({ value: { reason: 'budget_spent' } });
      }
    }
    expect(total <= 6_00n).toBe(true);
    const [after] = await t.database.db.select().from(promotions).where(eq(promotions.id, capped));
    expect(after!.spent).toBe(total);
    expect(after!.budget! - after!.spent < 2_00n).toBe(true);
  });

  it('keeps to the per-member limit, the audience and the period', async () => {
    const limited = await createEnvelope(
      { startsAt: '2026-03-01T00:00:00+08:00', perMemberLimit: 1 },
      { windows },
    );
    const m = await newMember(t, { registeredAt: new Date('2026-02-01T00:00:00Z') });
    await at(manila('2026-03-05T12:01')).grab(m.member, limited, randomUUID());
    await expect(
      at(manila('2026-03-05T20:01')).grab(m.member, limited, randomUUID()),
    ).rejects.toMatchObject({ value: { state: 'Claimed', reason: 'limit_reached' } });

    const newcomers = await createEnvelope(
      {
        startsAt: '2026-03-01T00:00:00+08:00',
        audience: { vipLevels: null, newMembersOnly: true },
      },
      { windows },
    );
    await expect(
      at(manila('2026-03-05T12:01')).grab(m.member, newcomers, randomUUID()),
    ).rejects.toMatchObject({ value: { state: 'Close', reason: 'audience' } });

    const ended = await createEnvelope(
      { startsAt: '2026-03-01T00:00:00+08:00', endsAt: '2026-03-03T00:00:00+08:00' },
      { windows },
    );
    await expect(
      at(manila('2026-03-05T12:01')).grab(m.member, ended, randomUUID()),
    ).rejects.toMatchObject({ value: { state: 'Close', reason: 'ended' } });
    await expect(
      at(manila('2026-02-20T12:01')).grab(m.member, ended, randomUUID()),
    ).rejects.toMatchObject({ value: { state: 'Coming soon', reason: 'not_started' } });
    expect(await balanceOf(t, m.id)).toBeGreaterThan(0n);
    const claims = await t.database.db
      .select()
      .from(promotionClaims)
      .where(eq(promotionClaims.accountId, m.id));
    expect(claims).toHaveLength(1);
  });
});

describe.skipIf(!testDatabaseUrl)('concurrent grabs (PostgreSQL)', () => {
  async function ledgerBalanced() {
    const unbalanced = await t.database.db.execute(sql`
      select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0`);
    expect((unbalanced as unknown as { rows: unknown[] }).rows).toEqual([]);
  }

  it('pays exactly 100 envelopes when 150 members grab at once, one each', async () => {
    const windows = [{ start: '12:00', end: '12:10' }];
    const id = await createEnvelope(
      { startsAt: '2026-03-01T00:00:00+08:00', budget: '1000.00' },
      { minAmount: '10.00', maxAmount: '10.00', windows },
    );
    const ids = await insertMembers(t, 150, 'envrace');
    const clock = at(manila('2026-03-06T12:03'));
    const outcomes = await Promise.allSettled(
      ids.flatMap((accountId, i) => {
        const member = { accountId, merchantCode: 'TYPH' };
        const calls = [clock.grab(member, id, `race-${accountId}`)];
        // Ten members race themselves with a second request.
        if (i < 10) calls.push(clock.grab(member, id, `again-${accountId}`));
        return calls;
      }),
    );
    const paid = outcomes.filter((o) => o.status === 'fulfilled');
    expect(paid).toHaveLength(100);
    for (const r of outcomes.filter((o) => o.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
    }
    const claims = await t.database.db
      .select()
      .from(promotionClaims)
      .where(eq(promotionClaims.promotionId, id));
    expect(claims).toHaveLength(100);
    expect(new Set(claims.map((c) => c.accountId)).size).toBe(100);
    const [promo] = await t.database.db.select().from(promotions).where(eq(promotions.id, id));
    expect(promo!.spent).toBe(1_000_00n);
    await ledgerBalanced();
  });

  it('never overspends a pool of random envelopes', async () => {
    const windows = [{ start: '20:00', end: '20:10' }];
    const id = await createEnvelope(
      { startsAt: '2026-03-01T00:00:00+08:00', budget: '500.00' },
      { minAmount: '1.00', maxAmount: '20.00', windows },
    );
    const ids = await insertMembers(t, 150, 'envrace');
    const clock = at(manila('2026-03-06T20:01'));
    const outcomes = await Promise.allSettled(
      ids.map((accountId) => clock.grab({ accountId, merchantCode: 'TYPH' }, id, randomUUID())),
    );
    const paid = outcomes.flatMap((o) =>
      o.status === 'fulfilled' ? [toMinor(o.value.amount)] : [],
    );
    const total = paid.reduce((a, b) => a + b, 0n);
    expect(total <= 500_00n).toBe(true);
    const [promo] = await t.database.db.select().from(promotions).where(eq(promotions.id, id));
    expect(promo!.spent).toBe(total);
    // Refused only once the pool could not hold even the smallest envelope.
    if (paid.length < 150) expect(promo!.budget! - promo!.spent < 1_00n).toBe(true);
    const claims = await t.database.db
      .select()
      .from(promotionClaims)
      .where(eq(promotionClaims.promotionId, id));
    expect(new Set(claims.map((c) => c.accountId)).size).toBe(claims.length);
    await ledgerBalanced();
  });
});
