import { useState, type FormEvent, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './states';

/**
 * A modal on Radix's accessible dialog (focus trap, Escape, labelled by its title). `side` makes
 * it a panel on the right, for a row's detail.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  side = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  side?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={side ? 'dialog dialog-side' : 'dialog'}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog-head">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="btn btn-ghost btn-small" aria-label={t('common.close')}>
              ✕
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="dialog-description">
              {description}
            </RadixDialog.Description>
          )}
          <div className="dialog-body">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, in one or two sentences. */
  description: string;
  confirmLabel: string;
  /** 'danger' for what cannot be undone (a void, a rejection, a revoke). */
  tone?: 'primary' | 'danger';
  /** Asks for a reason (kept in the audit log) of at least `minLength` characters. */
  reason?: { label?: string; minLength: number };
  /** Runs the write; the dialog closes when it resolves and shows the error when it throws. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/** The confirmation every operator write goes through; with `reason`, the write carries one. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  tone = 'primary',
  reason,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const tooShort = reason ? text.trim().length < reason.minLength : false;

  const change = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setText('');
      setError(null);
      setTouched(false);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(text.trim());
      setBusy(false);
      setText('');
      setTouched(false);
      onOpenChange(false);
    } catch (failure) {
      setBusy(false);
      setError(errorMessage(failure));
    }
  };

  return (
    <Dialog open={open} onOpenChange={change} title={title} description={description}>
      <form onSubmit={submit} noValidate>
        {reason && (
          <div className="field">
            <label htmlFor="confirm-reason">{reason.label ?? t('common.reason')}</label>
            <textarea
              id="confirm-reason"
              className="input"
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={touched && tooShort ? true : undefined}
              aria-describedby="confirm-reason-help"
            />
            <p
              id="confirm-reason-help"
              className={touched && tooShort ? 'field-error' : 'field-hint'}
            >
              {t('common.reasonMin', { count: reason.minLength })}
            </p>
          </div>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => change(false)} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'}
            disabled={busy}
          >
            {busy ? t('common.working') : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
