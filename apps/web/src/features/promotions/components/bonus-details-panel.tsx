import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/section';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { paths } from '../../../lib/paths';
import { useMemberBonuses } from '../api/get-bonuses';
import { addAmounts, isPositive, subtractAmounts } from '../lib/amounts';
import { progressPercent } from '../lib/states';
import type { MemberBonus } from '../lib/types';
import { PromotionsLoadError } from './promotions-load-error';
import { useMoney } from '../../../hooks/use-money';

/**
 * Bonus details (member centre `bonusDetails`): each bonus with the turnover it requires and how
 * far the member's valid bets have brought it, and all the turnover a withdrawal still waits for.
 */
export function BonusDetailsPanel() {
  const fmt = useMoney();
  const { t } = useTranslation();
  const bonuses = useMemberBonuses();

  if (bonuses.isPending) {
    return (
      <Section block="cashier-section" title={t('member.tabs.bonusDetails')}>
        <p className="muted">{t('promotions.loading')}</p>
      </Section>
    );
  }
  if (bonuses.isError) {
    return (
      <Section block="cashier-section" title={t('member.tabs.bonusDetails')}>
        <PromotionsLoadError query={bonuses} />
      </Section>
    );
  }
  const { list, bonusBalance, turnoverRemaining, currency } = bonuses.data;
  const money = (amount: string) => fmt.money(amount, currency);
  const blocked = isPositive(turnoverRemaining);
  // What blocks a withdrawal: the bonuses' open turnover, and the rest (deposits, transfers).
  const fromBonuses = addAmounts(
    '0',
    ...list.filter((bonus) => !bonus.complete).map((bonus) => bonus.remaining),
  );
  const fromDeposits = subtractAmounts(turnoverRemaining, fromBonuses);

  return (
    <div className="cashier-stack">
      <Section
        block="cashier-section"
        title={t('promotions.bonus.withdrawal_title')}
        testId="turnover-total"
      >
        <dl className="info-grid">
          <div>
            <dt>{t('promotions.bonus.balance')}</dt>
            <dd data-testid="bonus-balance">{money(bonusBalance)}</dd>
          </div>
          <div>
            <dt>{t('cashier.turnover_remaining')}</dt>
            <dd data-testid="turnover-remaining">{money(turnoverRemaining)}</dd>
          </div>
          {blocked ? (
            <>
              <div>
                <dt>{t('promotions.bonus.from_bonuses')}</dt>
                <dd data-testid="turnover-from-bonuses">{money(fromBonuses)}</dd>
              </div>
              <div>
                <dt>{t('promotions.bonus.from_deposits')}</dt>
                <dd data-testid="turnover-from-deposits">{money(fromDeposits)}</dd>
              </div>
            </>
          ) : null}
        </dl>
        <p
          className={blocked ? 'cashier-warning' : 'cashier-note'}
          data-testid="withdrawal-blocked"
        >
          {blocked
            ? t('promotions.bonus.blocked', { amount: money(turnoverRemaining) })
            : t('promotions.bonus.free')}
        </p>
        <p className="muted">{t('promotions.bonus.release_note')}</p>
      </Section>
      <Section block="cashier-section" title={t('member.tabs.bonusDetails')} testId="bonus-list">
        {list.length === 0 ? (
          <p className="muted" data-testid="bonus-empty">
            {t('promotions.bonus.none')}{' '}
            <Link to={paths.promotions.href()}>{t('promotions.reward.see_promotions')}</Link>
          </p>
        ) : (
          <ul className="record-list">
            {list.map((bonus) => (
              <BonusRow key={bonus.id} bonus={bonus} money={money} />
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function BonusRow({ bonus, money }: { bonus: MemberBonus; money: (amount: string) => string }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const percent = progressPercent(bonus.progressed, bonus.required);
  const progressLabel = t('promotions.bonus.progress', {
    done: money(bonus.progressed),
    required: money(bonus.required),
  });
  return (
    <li className="record promo-bonus" data-testid={`bonus-${bonus.id}`}>
      <div className="record-main">
        <span>{bonus.title ?? t('promotions.bonus.untitled')}</span>
        <span className={`status-chip ${bonus.complete ? 'is-good' : 'is-pending'}`}>
          {bonus.releasedAt
            ? t('promotions.bonus.released')
            : bonus.complete
              ? t('promotions.bonus.complete')
              : t('promotions.bonus.in_progress')}
        </span>
      </div>
      <div className="record-meta">
        <span>{format(bonus.createdAt)}</span>
        {bonus.amount ? (
          <span className="record-amount is-credit">+{money(bonus.amount)}</span>
        ) : null}
      </div>
      <div
        className="promo-progress"
        role="progressbar"
        aria-label={progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={progressLabel}
      >
        <span className="promo-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="record-meta">
        <span data-testid="bonus-progress">{progressLabel}</span>
        <span data-testid="bonus-remaining">
          {t('promotions.bonus.remaining', { amount: money(bonus.remaining) })}
        </span>
      </div>
      {bonus.complete ? null : (
        <p className="muted promo-bonus-note">{t('promotions.bonus.row_blocked')}</p>
      )}
    </li>
  );
}
