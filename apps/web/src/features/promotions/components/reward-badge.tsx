import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge';
import { usePromotionSummary } from '../api/get-summary';

/** The red count of rewards waiting to be claimed, for the reward-centre item and tab. */
export function RewardBadge() {
  const { t } = useTranslation();
  const summary = usePromotionSummary();
  const count = summary.data?.availablePromoCount;
  return (
    <CountBadge
      count={count}
      label={t('promotions.reward_badge', { n: count ?? 0 })}
      testId="reward-badge"
    />
  );
}
