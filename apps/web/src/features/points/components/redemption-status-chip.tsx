import { useTranslation } from 'react-i18next';
import type { RedemptionStatus } from '@taya/contracts';

const tone: Record<RedemptionStatus, 'pending' | 'good' | 'bad'> = {
  'In Process': 'pending',
  Approved: 'good',
  Rejected: 'bad',
};

const key = {
  'In Process': 'in_process',
  Approved: 'approved',
  Rejected: 'rejected',
} as const;

/** SPEC §4's redemption states: In Process (processing), Rejected, Approved. */
export function RedemptionStatusChip({ status }: { status: RedemptionStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-chip is-${tone[status]}`} data-status={status}>
      {t(`points.status.${key[status]}`)}
    </span>
  );
}
