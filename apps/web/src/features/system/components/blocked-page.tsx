import { useTranslation } from 'react-i18next';
import type { SystemStatusValue } from '@taya/contracts';
import { StatusScreen } from '../../../components/status-screen';
import { CustomerServiceButton } from './customer-service-button';

export function BlockedPage({ status }: { status: SystemStatusValue }) {
  const { t } = useTranslation();
  return (
    <StatusScreen icon="shield" title={t('system.blocked_title')} testId="blocked-page">
      <p className="status-message">{t('system.blocked_body')}</p>
      <p className="status-detail">
        {t('system.your_ip')}: <code data-testid="blocked-ip">{status.location.ip}</code>
      </p>
      <CustomerServiceButton entries={status.info.customerService} />
    </StatusScreen>
  );
}
