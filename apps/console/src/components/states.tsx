import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { errorText } from '../lib/i18n';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state-box" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('common.loading')}
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <div className="state-box state-empty" data-testid="empty-state">
      {text}
    </div>
  );
}

/** A failed load, in the catalogue's words, with a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message =
    error instanceof ApiError ? errorText(error.errorCode, error.message) : t('errors.unknown');
  return (
    <div className="state-box state-error" role="alert">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="btn btn-small" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

/** The message of any error, for a toast or a dialog. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError
    ? errorText(error.errorCode, error.message)
    : errorText('unknown', 'Something went wrong');
}
