import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import type { PromotionItem } from '../lib/types';
import { PromotionAction } from './promotion-action';
import { PromotionDetail } from './promotion-detail';
import { StateBadge, useReasonText } from './state-badge';
import { useMoney } from '../../../hooks/use-money';

/** The promotion's period: from – to, or from with no end. */
export function usePeriodText() {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  return (startsAt: string, endsAt: string | null) =>
    endsAt
      ? t('promotions.period', { start: format(startsAt), end: format(endsAt) })
      : t('promotions.period_open', { start: format(startsAt) });
}

/**
 * One promotion on /promotions: title, period, state and why, the next action, and (when its
 * anchor is open) the detail. The card's id is the promotion's, so /promotions#{id} lands on it.
 */
export function PromotionCard({
  promotion,
  open,
  onToggle,
}: {
  promotion: PromotionItem;
  open: boolean;
  onToggle: () => void;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const period = usePeriodText();
  const reasonText = useReasonText();
  const reason = reasonText(promotion.reason);
  const detailId = `promotion-detail-${promotion.id}`;
  const application = promotion.application;

  return (
    <li
      id={promotion.id}
      className={open ? 'panel promo-card is-open' : 'panel promo-card'}
      data-testid={`promotion-${promotion.id}`}
      data-kind={promotion.kind}
    >
      <div className="promo-card-head">
        <span className="promo-kind">{t(`promotions.kind.${promotion.kind}`)}</span>
        <StateBadge state={promotion.state} />
      </div>
      <h2 className="promo-title">{promotion.title}</h2>
      <p className="promo-period">{period(promotion.startsAt, promotion.endsAt)}</p>
      {reason ? (
        <p className="promo-reason" data-testid="promotion-reason">
          {reason}
        </p>
      ) : null}
      {promotion.state === 'Claim' && promotion.claimAmount ? (
        <p className="promo-amount">
          {t('promotions.claim_amount', {
            amount: fmt.money(promotion.claimAmount, promotion.currency),
          })}
        </p>
      ) : null}
      {application?.status === 'rejected' && application.reason ? (
        <p className="promo-reason">
          {t('promotions.rejected_because', { reason: application.reason })}
        </p>
      ) : null}
      <div className="promo-card-foot">
        <PromotionAction promotion={promotion} />
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={open}
          aria-controls={open ? detailId : undefined}
          onClick={onToggle}
        >
          {open ? t('promotions.hide_detail') : t('promotions.show_detail')}
        </button>
      </div>
      {open ? (
        <div id={detailId}>
          <PromotionDetail id={promotion.id} />
        </div>
      ) : null}
    </li>
  );
}
