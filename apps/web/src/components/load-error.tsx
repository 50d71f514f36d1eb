import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';
import { FormAlert } from './form-alert';

/** A failed load: what went wrong, and a way to try again (`retryLabel`, in the feature's words). */
export function LoadError({
  error,
  onRetry,
  retryLabel,
}: {
  error: unknown;
  onRetry: () => void;
  retryLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="load-error">
      <FormAlert message={errorText(t, error)} />
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
