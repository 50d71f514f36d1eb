import { useTranslation } from 'react-i18next';
import { LoadError as SharedLoadError } from '../../../components/load-error';

/** An agent-centre card's failed load, with the agent centre's retry wording. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return <SharedLoadError error={error} onRetry={onRetry} retryLabel={t('agent.retry')} />;
}
