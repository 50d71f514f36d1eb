import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';

/** A promotions query that failed: what went wrong, and Retry in the promotions' words. */
export function PromotionsLoadError({
  query,
}: {
  query: { error: unknown; refetch: () => Promise<unknown> };
}) {
  const { t } = useTranslation();
  return (
    <LoadError
      error={query.error}
      onRetry={() => void query.refetch()}
      retryLabel={t('promotions.retry')}
    />
  );
}
