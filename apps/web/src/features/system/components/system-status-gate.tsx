import { useEffect, type ReactNode } from 'react';
import { SystemStatus, isLanguageCode } from '@taya/contracts';
import { PageLoader } from '../../../components/page-loader';
import { changeLanguage, currentLanguage, storedLanguage } from '../../../lib/i18n';
import { useSystemStatus } from '../../../lib/system-status';
import { BlockedPage } from './blocked-page';
import { MaintenancePage } from './maintenance-page';
import { StatusError } from './status-error';

/**
 * SPEC §4, system status: nothing else renders until the server says the site is open. The
 * server already lets maintenance win over a region block, so `status` alone decides.
 */
export function SystemStatusGate({ children }: { children: ReactNode }) {
  const { data, error, isFetching, refetch } = useSystemStatus();
  const defaultLanguage = data?.merchant.defaultLanguage;

  useEffect(() => {
    // A player who never chose a language gets the merchant's; their own choice always wins.
    if (storedLanguage() || !isLanguageCode(defaultLanguage)) return;
    if (defaultLanguage !== currentLanguage())
      void changeLanguage(defaultLanguage, { persist: false });
  }, [defaultLanguage]);

  if (!data) {
    if (error)
      return <StatusError error={error} retrying={isFetching} onRetry={() => void refetch()} />;
    return <PageLoader />;
  }
  switch (data.status) {
    case SystemStatus.maintenance:
      return <MaintenancePage status={data} />;
    case SystemStatus.regionRestricted:
      return <BlockedPage status={data} />;
    case SystemStatus.normal:
      return children;
  }
}
