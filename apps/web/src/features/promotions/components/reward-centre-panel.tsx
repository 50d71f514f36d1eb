import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryPager } from '../../../components/record-pager';
import { Section } from '../../../components/section';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { paths } from '../../../lib/paths';
import { useMemberClaims } from '../api/get-claims';
import { usePromotions } from '../api/get-promotions';
import { ClaimResultDialog, type ClaimOutcome } from './claim-result';
import { PromotionAction } from './promotion-action';
import { PromotionsLoadError } from './promotions-load-error';
import { useMoney } from '../../../hooks/use-money';

/**
 * The reward centre (member centre `rewardCenter`): what the member can claim now, each with its
 * Claim button, and what it has received.
 */
export function RewardCentrePanel() {
  return (
    <div className="cashier-stack">
      <ClaimableRewards />
      <ReceivedRewards />
    </div>
  );
}

function ClaimableRewards() {
  const fmt = useMoney();
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<ClaimOutcome | null>(null);
  const promotions = usePromotions();
  const ready = (promotions.data ?? []).filter((p) => p.state === 'Claim');

  let body;
  if (promotions.isPending) {
    body = <p className="muted">{t('promotions.loading')}</p>;
  } else if (promotions.isError) {
    body = <PromotionsLoadError query={promotions} />;
  } else if (ready.length === 0) {
    body = (
      <p className="muted" data-testid="claimable-empty">
        {t('promotions.reward.nothing_to_claim')}{' '}
        <Link to={paths.promotions.href()}>{t('promotions.reward.see_promotions')}</Link>
      </p>
    );
  } else {
    body = (
      <ul className="record-list" data-testid="claimable-list">
        {ready.map((promotion) => (
          <li key={promotion.id} className="record promo-claimable">
            <div className="record-main">
              <Link to={paths.promotions.href(promotion.id)}>{promotion.title}</Link>
              {promotion.claimAmount ? (
                <span className="record-amount is-credit">
                  {fmt.money(promotion.claimAmount, promotion.currency)}
                </span>
              ) : null}
            </div>
            <PromotionAction promotion={promotion} onOutcome={setOutcome} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Section block="cashier-section" title={t('promotions.reward.claimable')} testId="claimable">
      {body}
      {outcome ? <ClaimResultDialog outcome={outcome} onClose={() => setOutcome(null)} /> : null}
    </Section>
  );
}

function ReceivedRewards() {
  const fmt = useMoney();
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const claims = useMemberClaims(page);
  const format = useDateTimeFormat();

  let body;
  if (claims.isPending) {
    body = <p className="muted">{t('promotions.loading')}</p>;
  } else if (claims.isError) {
    body = <PromotionsLoadError query={claims} />;
  } else if (claims.data.list.length === 0 && page === 1) {
    body = <p className="muted">{t('promotions.reward.none_received')}</p>;
  } else {
    const { currency } = claims.data;
    body = (
      <>
        <ul className="record-list" data-testid="claims-list">
          {claims.data.list.map((claim) => (
            <li key={claim.id} className="record" data-testid={`claim-${claim.id}`}>
              <div className="record-main">
                <span>{claim.title}</span>
                <span className="record-amount is-credit">
                  +{fmt.money(claim.amount, currency)}
                </span>
              </div>
              <div className="record-meta">
                <span>{format(claim.createdAt)}</span>
                <span>{t(`promotions.paid_to_${claim.wallet}`)}</span>
                <span>
                  {Number(claim.turnover) > 0
                    ? t('promotions.reward.turnover', {
                        amount: fmt.money(claim.turnover, currency),
                      })
                    : t('promotions.no_turnover_added')}
                </span>
              </div>
            </li>
          ))}
        </ul>
        <QueryPager query={claims} page={page} onPage={setPage} />
      </>
    );
  }
  return (
    <Section block="cashier-section" title={t('promotions.reward.received')} testId="received">
      {body}
    </Section>
  );
}
