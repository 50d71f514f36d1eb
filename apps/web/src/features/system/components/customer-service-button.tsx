import { useTranslation } from 'react-i18next';
import type { SystemStatusValue } from '@taya/contracts';
import { Icon } from '../../../components/icon';

type CustomerServiceEntry = SystemStatusValue['info']['customerService'][number];

/** Only web addresses may be opened; a `javascript:` entry from a bad config must not run. */
function safeUrl(path: string): string | null {
  try {
    const url = new URL(path, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Opens the merchant's first customer-service channel (usually live chat) in a new window. */
export function CustomerServiceButton({
  entries,
  className = 'button button-secondary',
}: {
  entries: readonly CustomerServiceEntry[];
  className?: string;
}) {
  const { t } = useTranslation();
  const first = entries[0];
  const url = first ? safeUrl(first.path) : null;
  const label = t('system.customer_service');

  return (
    <button
      type="button"
      className={className}
      data-testid="customer-service-button"
      disabled={!url}
      title={
        url ? `${label} (${t('system.opens_new_window')})` : t('system.customer_service_missing')
      }
      onClick={() => {
        if (url) window.open(url, '_blank', 'noopener,noreferrer');
      }}
    >
      <Icon name="headset" />
      <span className="menu-label">{label}</span>
    </button>
  );
}
