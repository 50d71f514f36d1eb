import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit-schema';
import { createTestApp, type TestContext } from '../../test/harness';
import { cashierSettings } from './schema';

let t: TestContext;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  finance = `Bearer ${await t.loginOperator({ role: 'finance', merchants: ['TYPH'] })}`;
});
afterAll(() => t.close());

const ops = (method: 'GET' | 'PATCH', url: string, auth: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: auth }, ...(payload ? { payload } : {}) });

describe('the withdrawal review threshold', () => {
  it('is read and set by finance, stored in minor units, and audited with its reason', async () => {
    const set = await ops('PATCH', '/ops/cashier/settings/TYPH', finance, {
      reviewThreshold: '5000.50',
      reason: 'Large payouts get a second look',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value).toEqual({
      merchantCode: 'TYPH',
      currency: 'TLB',
      reviewThreshold: '5000.50',
    });
    const [row] = await t.database.db
      .select({ threshold: cashierSettings.reviewThreshold })
      .from(cashierSettings)
      .where(eq(cashierSettings.merchantCode, 'TYPH'));
    expect(row?.threshold).toBe(500050n);

    const read = await ops('GET', '/ops/cashier/settings/TYPH', finance);
    expect(read.json().value.reviewThreshold).toBe('5000.50');

    const cleared = await ops('PATCH', '/ops/cashier/settings/TYPH', finance, {
      reviewThreshold: null,
      reason: 'No threshold for now',
    });
    expect(cleared.json().value.reviewThreshold).toBeNull();

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'cashier_settings'), eq(auditLog.targetId, 'TYPH')));
    expect(audits.map((a) => [a.before, a.after, a.reason])).toEqual([
      [
        { reviewThreshold: null },
        { reviewThreshold: '5000.50' },
        'Large payouts get a second look',
      ],
      [{ reviewThreshold: '5000.50' }, { reviewThreshold: null }, 'No threshold for now'],
    ]);
  });

  it('refuses a bad amount by its field, a role without approval, and another merchant', async () => {
    const bad = await ops('PATCH', '/ops/cashier/settings/TYPH', finance, {
      reviewThreshold: '12.345',
      reason: 'a reason',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('reviewThreshold');

    const support = `Bearer ${await t.loginOperator({ role: 'support' })}`;
    const refused = await ops('PATCH', '/ops/cashier/settings/TYPH', support, {
      reviewThreshold: '100',
      reason: 'a reason',
    });
    expect(refused.statusCode).toBe(403);

    const elsewhere = await ops('GET', '/ops/cashier/settings/TYMM', finance);
    expect(elsewhere.statusCode).toBe(403);
  });
});
