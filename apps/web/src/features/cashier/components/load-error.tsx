import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { errorText } from '../lib/errors';

/** A cashier card's failed load: what went wrong, and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <FormAlert message={errorText(t, error)} />
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t('cashier.retry')}
      </button>
    </>
  );
}
