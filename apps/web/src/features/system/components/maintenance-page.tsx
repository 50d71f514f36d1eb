import { useTranslation } from 'react-i18next';
import type { SystemStatusValue } from '@taya/contracts';
import { StatusScreen } from '../../../components/status-screen';
import { createDateFormat } from '../../../lib/date-format';
import { toBcp47, useCurrentLanguage } from '../../../lib/i18n';
import { CustomerServiceButton } from './customer-service-button';

/**
 * The end time in the merchant's own time zone, since that is what their support quotes, with
 * the zone named so a visitor elsewhere is not misled. An unknown zone name shows the visitor's
 * own clock: better than no time at all.
 */
function formatEndTime(iso: string, locale: string, timeZone: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return createDateFormat(locale, 'dateTimeZone', { timeZone })(date);
}

export function MaintenancePage({ status }: { status: SystemStatusValue }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const info = status.maintenanceInfo;
  const endsAt = info?.endsAt
    ? formatEndTime(info.endsAt, toBcp47(language), status.merchant.timeZone)
    : null;

  return (
    <StatusScreen icon="wrench" title={t('system.maintenance_title')} testId="maintenance-page">
      <p className="status-message">{info?.message || t('system.maintenance_default')}</p>
      {endsAt ? (
        <p className="status-detail">{t('system.maintenance_until', { time: endsAt })}</p>
      ) : null}
      <CustomerServiceButton entries={status.info.customerService} />
    </StatusScreen>
  );
}
