import { useState, type FormEvent } from 'react';
import type { OpsMaintenanceState } from '@taya/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DateTime } from '../../components/display';
import { Field } from '../../components/form';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState, errorMessage } from '../../components/states';
import { fetchMaintenance, setMaintenance } from './api';

const reasonMin = 10;
/** `datetime-local` text ↔ ISO instant. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** `/console/system/maintenance`: the player site's maintenance switch, message and window. */
export default function MaintenancePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const merchantCode = useOperator().operator?.merchantCode ?? '';
  const state = useQuery({
    queryKey: ['ops', 'system', 'maintenance', merchantCode],
    queryFn: ({ signal }) => fetchMaintenance(merchantCode, signal),
    enabled: merchantCode !== '',
  });
  const value = state.data;

  return (
    <div className="page">
      <PageHeader
        title={t('system.maintenance.title')}
        description={t('system.maintenance.description', { merchant: merchantCode })}
      />
      {state.isPending && <LoadingState />}
      {state.error && <ErrorState error={state.error} onRetry={() => void state.refetch()} />}
      {value && (
        <section className="card" data-testid="maintenance-state">
          <p
            className={value.active ? 'banner banner-bad' : 'banner banner-good'}
            data-testid="maintenance-banner"
          >
            {value.active ? t('system.maintenance.isOn') : t('system.maintenance.isOff')}
          </p>
          {value.updatedAt && (
            <p className="muted">
              {t('system.maintenance.updated')} <DateTime iso={value.updatedAt} />
            </p>
          )}
          <Can action="system.write">
            <MaintenanceForm
              key={`${value.updatedAt ?? ''}`}
              value={value}
              onSaved={() =>
                client.invalidateQueries({ queryKey: ['ops', 'system', 'maintenance'] })
              }
            />
          </Can>
        </section>
      )}
    </div>
  );
}

/** The switch, message, window and reason; starts from the saved state. */
function MaintenanceForm({
  value,
  onSaved,
}: {
  value: OpsMaintenanceState;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(value.enabled);
  const [message, setMessage] = useState(value.message ?? '');
  const [endsAt, setEndsAt] = useState(toLocal(value.endsAt));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (reason.trim().length < reasonMin) {
      setError(t('common.reasonMin', { count: reasonMin }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await setMaintenance({
        merchantCode: value.merchantCode,
        enabled,
        message: message.trim() || null,
        endsAt: endsAt ? new Date(endsAt).toISOString() : null,
        reason: reason.trim(),
      });
      setReason('');
      setSaved(true);
      await onSaved();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="maintenance-form" style={{ maxWidth: 640 }}>
      <div className="field">
        <label className="inline-label">
          <input
            type="checkbox"
            name="enabled"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />{' '}
          {t('system.maintenance.switch')}
        </label>
      </div>
      <Field label={t('system.maintenance.message')} hint={t('system.maintenance.messageHint')}>
        {({ id, describedBy }) => (
          <textarea
            id={id}
            name="message"
            className="input"
            rows={3}
            maxLength={500}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <Field label={t('system.maintenance.endsAt')} hint={t('system.maintenance.endsAtHint')}>
        {({ id, describedBy }) => (
          <input
            id={id}
            name="endsAt"
            type="datetime-local"
            className="input"
            value={endsAt}
            onChange={(e) => setEndsAt(e.target.value)}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <Field label={t('common.reason')} hint={t('common.reasonMin', { count: reasonMin })}>
        {({ id, describedBy }) => (
          <textarea
            id={id}
            name="reason"
            className="input"
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {saved && <p role="status">{t('system.maintenance.saved')}</p>}
      <button
        type="submit"
        className={enabled ? 'btn btn-danger' : 'btn btn-primary'}
        disabled={busy}
      >
        {busy ? t('common.working') : t('system.maintenance.save')}
      </button>
    </form>
  );
}
