import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useMemberBonuses } from '../api/get-bonuses';
import { addAmounts, isPositive } from '../lib/amounts';
import { multipleOf } from '../lib/states';
import type { PromotionItem } from '../lib/types';
import { useMoney } from '../../../hooks/use-money';

/**
 * What a claim commits the member to, asked before it is sent: the bonus, the turnover it adds
 * (the multiple and what it applies to), the games that count, the expiry, and that every
 * withdrawal — the member's own cash too — waits until the turnover is wagered, with the total
 * wagering the member would then owe. Cancel claims nothing.
 */
export function ClaimTermsDialog({
  promotion,
  onConfirm,
  onCancel,
}: {
  promotion: PromotionItem;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const bonuses = useMemberBonuses({ fresh: true });
  const money = (amount: string) => fmt.money(amount, promotion.currency);
  const terms = promotion.terms;
  const bonus = terms?.bonus ?? promotion.claimAmount;
  const added = terms?.turnoverRequired ?? null;
  const multiple = terms ? multipleOf(terms.turnoverMultipleTenths) : null;
  // What is owed today, once asked afresh: the total after claiming is today's plus this bonus's.
  const owed = bonuses.isSuccess && !bonuses.isFetching ? bonuses.data.turnoverRemaining : null;

  let withdrawal;
  if (!terms) {
    withdrawal = t('promotions.terms.unknown');
  } else if (added === null || !isPositive(added)) {
    withdrawal = t('promotions.terms.withdraw_free');
  } else if (owed === null) {
    withdrawal = t('promotions.terms.withdraw_added', { amount: money(added) });
  } else {
    withdrawal = [
      t('promotions.terms.withdraw_total', { amount: money(addAmounts(owed, added)) }),
      isPositive(owed)
        ? t('promotions.terms.withdraw_owed', { added: money(added), owed: money(owed) })
        : null,
    ]
      .filter(Boolean)
      .join(' ');
  }
  const blocking = terms !== undefined && added !== null && isPositive(added);

  return (
    <Modal title={t('promotions.terms.title')} onClose={onCancel} testId="claim-terms">
      <div className="promo-terms">
        <p className="promo-result-title">{promotion.title}</p>
        <dl className="promo-terms-list">
          {bonus ? (
            <div>
              <dt>{t('promotions.terms.bonus')}</dt>
              <dd data-testid="terms-bonus">{money(bonus)}</dd>
            </div>
          ) : null}
          {terms ? (
            <>
              <div>
                <dt>{t('promotions.terms.turnover')}</dt>
                <dd data-testid="terms-turnover">
                  {terms.turnoverMultipleTenths === 0
                    ? t('promotions.rules.no_turnover')
                    : added !== null
                      ? t('promotions.terms.turnover_value', { multiple, amount: money(added) })
                      : t('promotions.terms.turnover_multiple', { multiple })}
                </dd>
              </div>
              <div>
                <dt>{t('promotions.terms.games')}</dt>
                <dd data-testid="terms-games">{t('promotions.terms.games_all')}</dd>
              </div>
              <div>
                <dt>{t('promotions.terms.expiry')}</dt>
                <dd data-testid="terms-expiry">
                  {terms.expiresAt
                    ? t('promotions.terms.expires_at', { date: format(terms.expiresAt) })
                    : t('promotions.terms.expiry_none')}
                  {promotion.endsAt
                    ? ` ${t('promotions.terms.claim_by', { date: format(promotion.endsAt) })}`
                    : null}
                </dd>
              </div>
              <div>
                <dt>{t('promotions.terms.paid_into')}</dt>
                <dd>{t(`promotions.paid_to_${terms.wallet}`)}</dd>
              </div>
            </>
          ) : null}
        </dl>
        <p
          className={blocking ? 'promo-terms-warning' : 'muted'}
          data-testid="terms-withdrawal"
          aria-live="polite"
        >
          {withdrawal}
        </p>
        <div className="promo-result-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('promotions.terms.cancel')}
          </button>
          <button
            type="button"
            className="button button-primary"
            data-testid="terms-confirm"
            onClick={onConfirm}
          >
            {t('promotions.action.claim')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
