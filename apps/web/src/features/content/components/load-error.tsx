import { useTranslation } from 'react-i18next';
import { LoadError as SharedLoadError } from '../../../components/load-error';

/** A content card's failed load, with the content's retry wording. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return <SharedLoadError error={error} onRetry={onRetry} retryLabel={t('content.retry')} />;
}
