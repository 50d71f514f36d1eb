import { useTranslation } from 'react-i18next';
import { Icon } from './icon';

/** A list that failed to load: says so and offers to try again. */
export function LoadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="load-problem" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-secondary button-small" onClick={onRetry}>
        <Icon name="refresh" size={16} />
        {t('system.retry')}
      </button>
    </div>
  );
}
