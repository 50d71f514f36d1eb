import { useTranslation } from 'react-i18next';
import type { SystemStatusValue } from '@taya/contracts';
import { StatusScreen } from '../../../components/status-screen';
import { toBcp47, useCurrentLanguage } from '../../../lib/i18n';
import { CustomerServiceButton } from './customer-service-button';

const endTimeFormat: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * The end time in the merchant's own time zone, since that is what their support quotes, with
 * the zone named so a visitor elsewhere is not misled.
 */
function formatEndTime(iso: string, language: string, timeZone: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  try {
    return new Intl.DateTimeFormat(language, { ...endTimeFormat, timeZone }).format(date);
  } catch {
    // An unknown time zone name: the visitor's own clock is better than no time at all.
    return new Intl.DateTimeFormat(language, endTimeFormat).format(date);
  }
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
