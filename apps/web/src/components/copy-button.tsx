import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies `value`; says "Copied" for a moment, visibly and to screen readers. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  const status =
    state === 'copied' ? t('cashier.copied') : state === 'failed' ? t('cashier.copy_failed') : '';

  return (
    <>
      <button
        type="button"
        className="button button-secondary copy-button"
        aria-label={t('cashier.copy_named', { name: label })}
        onClick={() => void copy()}
      >
        {status || t('cashier.copy')}
      </button>
      <span className="visually-hidden" role="status">
        {status}
      </span>
    </>
  );
}
