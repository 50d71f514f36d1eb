import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge';
import { useMissionSummary } from '../api/get-summary';

/** The red count of missions waiting to be claimed, for a missions menu item or tab (hidden at 0). */
export function MissionBadge() {
  const { t } = useTranslation();
  const summary = useMissionSummary();
  const count = summary.data?.claimable;
  return (
    <CountBadge
      count={count}
      label={t('missions.badge', { n: count ?? 0 })}
      testId="mission-badge"
    />
  );
}
