import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { balanceOf, basePromotion, deposit, newMember, savePromotion } from '../../test/members';
import { ledgerEntries } from '../wallet/schema';
import { turnoverRequirements } from './schema';

let t: TestContext;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
});
afterAll(() => t.close());

async function requirements(accountId: string) {
  return t.database.db
    .select()
    .from(turnoverRequirements)
    .where(eq(turnoverRequirements.accountId, accountId));
}

/** A first-deposit promotion of its own (10 %, cap 1,000.00, wagered `tenths`/10 times). */
const firstDepositPromotion = (turnoverMultipleTenths: number) =>
  savePromotion(
    t,
    operator,
    basePromotion({
      kind: 'deposit_first',
      category: 'release_test',
      title: { en: 'Release test' },
      content: { en: 'Release test' },
      rules: {
        kind: 'deposit_first',
        percentBps: 1_000,
        cap: '1000.00',
        minDeposit: '10.00',
        turnoverMultipleTenths,
      },
    }),
  );

/** A member who deposited `minor` with no deposit wagering and claimed the promotion. */
async function claimedMember(promotionId: string, minor: bigint) {
  const member = await newMember(t);
  await deposit(t, member.id, minor);
  // Only the bonus's own wagering is under test: the deposit's requirement is met beforehand.
  await t.app.services.cashier.recordTurnover(member.id, minor * 10n);
  await t.database.db
    .delete(turnoverRequirements)
    .where(
      and(
        eq(turnoverRequirements.accountId, member.id),
        eq(turnoverRequirements.source, 'deposit'),
      ),
    );
  const res = await member.post(`/wps/promotions/${promotionId}/claim`, {
    requestId: randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return member;
}

describe('a bonus held until its wagering is done', () => {
  it('stays in the bonus balance while wagering remains and moves into cash once, when met', async () => {
    const promotionId = await firstDepositPromotion(30); // 3×
    const member = await claimedMember(promotionId, 50_000n); // bonus 50.00, wager 150.00
    const cashBefore = await balanceOf(t, member.id, 'member_cash');
    expect(await balanceOf(t, member.id, 'member_bonus')).toBe(5_000n);

    await t.app.services.cashier.recordTurnover(member.id, 14_999n);
    expect(await balanceOf(t, member.id, 'member_bonus')).toBe(5_000n);
    expect(await balanceOf(t, member.id, 'member_cash')).toBe(cashBefore);

    await t.app.services.cashier.recordTurnover(member.id, 1n);
    expect(await balanceOf(t, member.id, 'member_bonus')).toBe(0n);
    expect(await balanceOf(t, member.id, 'member_cash')).toBe(cashBefore + 5_000n);
    const [req] = await requirements(member.id);
    expect(req!.releasedAt).not.toBeNull();
    const [entry] = await t.database.db
      .select({ type: ledgerEntries.type, actor: ledgerEntries.actor })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, req!.releaseEntryId!));
    expect(entry).toEqual({ type: 'bonus_release', actor: 'system:turnover' });

    // More play moves nothing more.
    await t.app.services.cashier.recordTurnover(member.id, 100_000n);
    expect(await balanceOf(t, member.id, 'member_cash')).toBe(cashBefore + 5_000n);
  });

  it('releases in the bet’s own transaction right after the merchant snapshot was dropped', async () => {
    const promotionId = await firstDepositPromotion(10); // 1×
    const member = await claimedMember(promotionId, 50_000n); // bonus 50.00, wager 50.00
    const cashBefore = await balanceOf(t, member.id, 'member_cash');
    const system = t.app.services.system;
    const merchant = await system.merchantFor(member.member.merchantCode, undefined);
    // As after an operator's change on this node: the next lookup reads the database afresh,
    // which on the embedded database (one connection) waits for any open transaction.
    system.invalidate();
    const settled = t.database.db.transaction((tx) =>
      t.app.services.cashier.recordTurnover(member.id, 5_000n, tx, merchant),
    );
    const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5_000));
    expect(await Promise.race([settled.then(() => 'settled'), hung])).toBe('settled');
    expect(await balanceOf(t, member.id, 'member_bonus')).toBe(0n);
    expect(await balanceOf(t, member.id, 'member_cash')).toBe(cashBefore + 5_000n);
  });

  it('moves a bonus with nothing to wager into cash at once', async () => {
    const promotionId = await firstDepositPromotion(0);
    const member = await newMember(t);
    await deposit(t, member.id, 20_000n);
    const cashBefore = await balanceOf(t, member.id, 'member_cash');
    const res = await member.post(`/wps/promotions/${promotionId}/claim`, {
      requestId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(t, member.id, 'member_bonus')).toBe(0n);
    expect(await balanceOf(t, member.id, 'member_cash')).toBe(cashBefore + 2_000n);
  });

  it('whatever the bets, releases exactly the bonus, only once the wagering is met', async () => {
    const promotionId = await firstDepositPromotion(20); // 2×
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.bigInt({ min: 1n, max: 3_000n }), { minLength: 1, maxLength: 12 }),
        async (bets) => {
          const member = await claimedMember(promotionId, 10_000n); // bonus 10.00, wager 20.00
          const cashBefore = await balanceOf(t, member.id, 'member_cash');
          let wagered = 0n;
          for (const bet of bets) {
            await t.app.services.cashier.recordTurnover(member.id, bet);
            wagered += bet;
            const bonus = await balanceOf(t, member.id, 'member_bonus');
            const cash = await balanceOf(t, member.id, 'member_cash');
            // Money is only moved between the two balances, never made.
            expect(bonus + cash).toBe(cashBefore + 1_000n);
            expect(bonus).toBe(wagered >= 2_000n ? 0n : 1_000n);
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
