import { describe, expect, it } from 'vitest';
import type { OpsPromotion } from './api';
import { formValues, ruleKinds, toUpsert, type PromotionFormValues } from './promotion-values';

const base = { merchantCode: 'TYPH' };
const filled = (
  over: Partial<PromotionFormValues>,
  rules: Partial<PromotionFormValues['rules']>,
) => {
  const v = formValues(null, new Date('2026-11-27T10:00:00Z'));
  return {
    ...v,
    titleEn: 'Promo',
    contentEn: 'Text',
    reason: 'Campaign start',
    ...over,
    rules: { ...v.rules, ...rules },
  };
};

describe('the promotion form', () => {
  it('turns every kind’s texts into the contract’s rules', () => {
    const texts: Record<string, Partial<PromotionFormValues['rules']>> = {
      deposit_first: { percent: '50', cap: '100', minDeposit: '10', turnover: '2.5' },
      deposit_reload: { percent: '12.5', cap: '100', minDeposit: '10' },
      rebate: { rates: 'slot=0.5, LIVE=0.3', minPayout: '1', wallet: 'main' },
      red_envelope: { minAmount: '1', maxAmount: '5', windows: '12:00-12:30, 20:00-20:30' },
      referral: { reward: '10', maxFriends: '5' },
      new_member: { amount: '5', withinDays: '3' },
      birthday: { amount: '5', amountsByRank: '1=10, 2=20' },
      vip_upgrade: { amountsByRank: '1=10' },
      application: { amount: '5', maxAmount: '50' },
      raffle: { prizes: '10:5, 0:95' },
    };
    for (const kind of ruleKinds) {
      const budget = kind === 'red_envelope' ? '500' : '';
      const result = toUpsert(filled({ kind, budget }, texts[kind]!), base);
      expect(result.ok, `${kind}: ${JSON.stringify(result)}`).toBe(true);
    }
    const deposit = toUpsert(filled({ kind: 'deposit_first' }, texts.deposit_first!), base);
    expect(deposit.ok && deposit.body.rules).toEqual({
      kind: 'deposit_first',
      percentBps: 5000,
      cap: '100',
      minDeposit: '10',
      turnoverMultipleTenths: 25,
    });
    const rebate = toUpsert(filled({ kind: 'rebate' }, texts.rebate!), base);
    expect(rebate.ok && rebate.body.rules).toMatchObject({ ratesBps: { SLOT: 50, LIVE: 30 } });
  });

  it('puts the contract’s refusals under the form’s own fields', () => {
    const result = toUpsert(
      filled(
        { kind: 'red_envelope', budget: '', reason: 'x', endsAt: '2026-11-01T00:00' },
        { minAmount: '1', maxAmount: '5', windows: '20:30-20:00', percent: 'x' },
      ),
      base,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      ['budget', 'endsAt', 'reason', 'rules.windows'].sort(),
    );
    const bad = toUpsert(filled({ kind: 'rebate' }, { rates: 'SLOT' }), base);
    expect(!bad.ok && bad.errors['rules.rates']?.format).toBe(true);
  });

  it('reads a saved promotion back into the same body', () => {
    const row: OpsPromotion = {
      id: '5b0f3c1e-8d8a-4b7e-9a51-0d3c8a2f4e11',
      kind: 'raffle',
      category: 'draw',
      title: { en: 'Draw', ty: 'Bunutan' },
      content: { en: 'Daily draw' },
      startsAt: '2026-11-27T10:00:00.000Z',
      endsAt: null,
      enabled: true,
      budget: null,
      spent: '0',
      claims: 0,
      perMemberLimit: 3,
      rules: { kind: 'raffle', prizes: [{ amount: '10', weight: 1 }], turnoverMultipleTenths: 10 },
      audience: { vipLevels: [1, 2], newMembersOnly: false },
      sort: 2,
    };
    const result = toUpsert(
      { ...formValues(row), reason: 'Same again' },
      { ...base, id: row.id, title: row.title, content: row.content },
    );
    expect(result.ok && result.body).toMatchObject({
      id: row.id,
      title: row.title,
      audience: row.audience,
      rules: row.rules,
      perMemberLimit: 3,
      sort: 2,
    });
  });
});
