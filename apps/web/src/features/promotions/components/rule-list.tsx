import { useTranslation } from 'react-i18next';
import { multipleOf, percentOf } from '../lib/states';
import type { PromotionRules } from '../lib/types';
import { useMoney } from '../../../hooks/use-money';

/**
 * A promotion's rules in words (SPEC §2 /promotions detail): the percentage, the cap, the
 * smallest deposit, the turnover multiple and the other figures of its kind.
 */
export function RuleList({
  rules,
  currency,
  perMemberLimit,
}: {
  rules: PromotionRules;
  currency: string;
  perMemberLimit: number;
}) {
  const fmt = useMoney();
  const { t, i18n } = useTranslation();
  const money = (amount: string) => fmt.money(amount, currency);
  const gameType = (code: string) =>
    i18n.exists(`categories.${code}`) ? t(`categories.${code}` as 'categories.RNG') : code;
  const lines: string[] = [];

  switch (rules.kind) {
    case 'deposit_first':
    case 'deposit_reload':
      lines.push(
        t(`promotions.rules.percent_${rules.kind}`, { percent: percentOf(rules.percentBps) }),
        t('promotions.rules.cap', { amount: money(rules.cap) }),
        t('promotions.rules.min_deposit', { amount: money(rules.minDeposit) }),
      );
      break;
    case 'rebate':
      for (const [code, bps] of Object.entries(rules.ratesBps)) {
        lines.push(
          t('promotions.rules.rebate_rate', { game: gameType(code), percent: percentOf(bps) }),
        );
      }
      lines.push(
        t('promotions.rules.min_payout', { amount: money(rules.minPayout) }),
        t(`promotions.rules.wallet_${rules.wallet}`),
      );
      break;
    case 'red_envelope':
      lines.push(
        t('promotions.rules.envelope_range', {
          min: money(rules.minAmount),
          max: money(rules.maxAmount),
        }),
        t('promotions.rules.windows', {
          windows: rules.windows.map((w) => `${w.start}–${w.end}`).join(', '),
        }),
      );
      break;
    case 'referral':
      lines.push(t('promotions.rules.referral_reward', { amount: money(rules.reward) }));
      if (Number(rules.minDeposit) > 0) {
        lines.push(t('promotions.rules.friend_deposit', { amount: money(rules.minDeposit) }));
      }
      if (Number(rules.minValidBet) > 0) {
        lines.push(t('promotions.rules.friend_bet', { amount: money(rules.minValidBet) }));
      }
      lines.push(t('promotions.rules.max_friends', { n: rules.maxFriends }));
      break;
    case 'new_member':
      lines.push(
        t('promotions.rules.fixed_amount', { amount: money(rules.amount) }),
        t('promotions.rules.within_days', { days: rules.withinDays }),
      );
      break;
    case 'birthday':
      lines.push(t('promotions.rules.fixed_amount', { amount: money(rules.amount) }));
      for (const [level, amount] of Object.entries(rules.amountsByVipLevel)) {
        lines.push(t('promotions.rules.by_rank', { level, amount: money(amount) }));
      }
      break;
    case 'vip_upgrade':
      for (const [level, amount] of Object.entries(rules.amountsByRank)) {
        lines.push(t('promotions.rules.by_rank', { level, amount: money(amount) }));
      }
      break;
    case 'application':
      lines.push(
        t('promotions.rules.application_amount', {
          amount: money(rules.amount),
          max: money(rules.maxAmount),
        }),
      );
      break;
    case 'raffle':
      lines.push(
        t('promotions.rules.prizes', {
          prizes: rules.prizes
            .filter((p) => Number(p.amount) > 0)
            .map((p) => money(p.amount))
            .join(', '),
        }),
      );
      break;
  }
  lines.push(
    rules.turnoverMultipleTenths > 0
      ? t('promotions.rules.turnover', { multiple: multipleOf(rules.turnoverMultipleTenths) })
      : t('promotions.rules.no_turnover'),
  );
  if (rules.kind !== 'rebate') {
    lines.push(
      t(rules.kind === 'raffle' ? 'promotions.rules.per_day' : 'promotions.rules.per_member', {
        n: perMemberLimit,
      }),
    );
  }

  return (
    <ul className="promo-rules" data-testid="promotion-rules">
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}
