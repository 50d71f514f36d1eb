import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { Modal } from '../../../components/modal';

/** Asks before an action that cannot be undone; shows the action's failure in place. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={title} onClose={onClose}>
      <div className="agent-dialog" data-testid={testId}>
        {children}
        <FormAlert message={error} />
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('account.cancel')}
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
