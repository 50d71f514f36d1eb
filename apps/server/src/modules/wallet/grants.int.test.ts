import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/harness';
import { AppError } from '../../platform/errors';
import type { GrantInput } from './index';
import { ledgerEntries } from './schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const balanceOf = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/v2/wallets/balance',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.json().value.sumBalance as string;
};

const grant = (input: GrantInput) =>
  t.database.db.transaction((tx) => t.app.services.wallet.grant(tx, input));

const base = (player: string, key: string): GrantInput => ({
  merchantCode: 'TYPH',
  currency: 'TLB',
  player,
  amount: 2500n,
  to: 'cash',
  from: 'bonus_expense:promotions',
  type: 'promotion_bonus',
  key,
  actor: 'test',
  reference: 'grant-test',
  metadata: { test: true },
});

describe('wallet.grant', () => {
  it('moves money from a house expense account into the member’s cash once per key', async () => {
    const player = 'grant-member-1';
    const token = await t.login('member', player);
    const first = await grant(base(player, 'grant-test:once:1'));
    expect(first.replayed).toBe(false);
    expect(await balanceOf(token)).toBe('25.00');
    const again = await grant(base(player, 'grant-test:once:1'));
    expect(again).toEqual({ entryId: first.entryId, replayed: true });
    expect(await balanceOf(token)).toBe('25.00');
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.merchantCode, 'TYPH'),
          eq(ledgerEntries.idempotencyKey, 'grant-test:once:1'),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.type).toBe('promotion_bonus');
  });

  it('refuses a different request under a used key with 409 and moves nothing', async () => {
    const player = 'grant-member-2';
    const token = await t.login('member', player);
    await grant(base(player, 'grant-test:conflict:1'));
    const err = await grant({ ...base(player, 'grant-test:conflict:1'), amount: 2600n }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('idempotency_conflict');
    expect((err as AppError).status).toBe(409);
    expect(await balanceOf(token)).toBe('25.00');
  });

  it('refuses an amount of zero or less with 400 naming the field', async () => {
    for (const amount of [0n, -100n]) {
      const err = await grant({ ...base('grant-member-3', `grant-test:zero:${amount}`), amount })
        .then(() => null)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('request_param_err');
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).fields?.map((f) => f.path)).toEqual(['amount']);
    }
  });
});
