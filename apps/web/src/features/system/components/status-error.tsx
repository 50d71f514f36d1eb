import { useTranslation } from 'react-i18next';
import { StatusScreen } from '../../../components/status-screen';
import { ApiError } from '../../../lib/api-client';

/** Shown when the status call itself fails: without it we cannot know what to show. */
export function StatusError({
  error,
  retrying,
  onRetry,
}: {
  error: Error;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const messageKey = error instanceof ApiError ? error.messageKey : 'errors.network_error';
  return (
    <StatusScreen icon="offline" title={t('system.error_title')} testId="status-error">
      <p className="status-message" role="alert">
        {t(messageKey)}
      </p>
      <button type="button" className="button button-primary" onClick={onRetry} disabled={retrying}>
        {t('system.retry')}
      </button>
    </StatusScreen>
  );
}
