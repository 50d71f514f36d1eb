import { useMemo, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RegionRestriction } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Badge } from '../../components/display';
import { Field } from '../../components/form';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../components/states';
import { ApiError } from '../../lib/api-client';
import { addRestriction, fetchRestrictions, removeRestriction } from './api';

const reasonMin = 10;

/** `/console/system/restrictions`: addresses, ranges and countries refused the player site. */
export default function RestrictionsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const merchantCode = useOperator().operator?.merchantCode ?? '';
  const [pending, setPending] = useState<RegionRestriction | null>(null);
  const [kind, setKind] = useState<'ip_range' | 'country'>('ip_range');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: ['ops', 'system', 'restrictions', merchantCode],
    queryFn: ({ signal }) => fetchRestrictions(merchantCode, signal),
    enabled: merchantCode !== '',
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['ops', 'system', 'restrictions'] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!value.trim()) local.value = t('system.restrictions.valueRequired');
    if (reason.trim().length < reasonMin)
      local.reason = t('common.reasonMin', { count: reasonMin });
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await addRestriction({
        merchantCode,
        kind,
        value: kind === 'country' ? value.trim().toUpperCase() : value.trim(),
        ...(note.trim() ? { note: note.trim() } : {}),
        reason: reason.trim(),
      } as Parameters<typeof addRestriction>[0]);
      setValue('');
      setNote('');
      setReason('');
      await refresh();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields[0] : undefined;
      setErrors(
        field?.path === 'value' ? { value: field.message } : { form: errorMessage(failure) },
      );
    } finally {
      setBusy(false);
    }
  };

  const columns = useMemo<ColumnDef<RegionRestriction, never>[]>(
    () => [
      {
        id: 'kind',
        header: t('system.restrictions.kind'),
        cell: ({ row }) => (
          <Badge tone="info">{t(`system.restrictions.kinds.${row.original.kind}`)}</Badge>
        ),
      },
      {
        id: 'value',
        header: t('system.restrictions.value'),
        cell: ({ row }) => <code>{row.original.value}</code>,
      },
      {
        id: 'note',
        header: t('system.restrictions.note'),
        cell: ({ row }) => <span className="cell-clip">{row.original.note ?? '—'}</span>,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => (
          <Can action="system.write">
            <button
              type="button"
              className="btn btn-small btn-danger"
              onClick={() => setPending(row.original)}
            >
              {t('system.restrictions.remove')}
            </button>
          </Can>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('system.restrictions.title')}
        description={t('system.restrictions.description', { merchant: merchantCode })}
      />
      <Can action="system.write">
        <section className="card" style={{ marginBottom: 12 }}>
          <h2>{t('system.restrictions.add')}</h2>
          <form className="filter-bar" onSubmit={submit} noValidate data-testid="restriction-form">
            <Field label={t('system.restrictions.kind')}>
              {({ id }) => (
                <select
                  id={id}
                  className="input"
                  value={kind}
                  onChange={(e) => setKind(e.target.value as 'ip_range' | 'country')}
                >
                  <option value="ip_range">{t('system.restrictions.kinds.ip_range')}</option>
                  <option value="country">{t('system.restrictions.kinds.country')}</option>
                </select>
              )}
            </Field>
            <Field
              label={t('system.restrictions.value')}
              error={errors.value}
              hint={
                kind === 'country'
                  ? t('system.restrictions.countryHint')
                  : t('system.restrictions.ipHint')
              }
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  name="value"
                  className="input"
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                />
              )}
            </Field>
            <Field label={t('system.restrictions.note')}>
              {({ id }) => (
                <input
                  id={id}
                  name="note"
                  className="input"
                  maxLength={200}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
              )}
            </Field>
            <Field
              label={t('common.reason')}
              error={errors.reason}
              hint={t('common.reasonMin', { count: reasonMin })}
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  name="reason"
                  className="input"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                />
              )}
            </Field>
            <div className="filter-actions">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? t('common.working') : t('system.restrictions.addButton')}
              </button>
            </div>
          </form>
          {errors.form && (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          )}
        </section>
      </Can>
      <DataTable
        label={t('system.restrictions.title')}
        testId="restrictions-table"
        columns={columns}
        rows={list.data}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        emptyText={t('system.restrictions.empty')}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('system.restrictions.removeTitle', { value: pending?.value ?? '' })}
        description={t('system.restrictions.removeText')}
        confirmLabel={t('system.restrictions.remove')}
        tone="danger"
        reason={{ minLength: reasonMin }}
        onConfirm={async (text) => {
          if (!pending) return;
          await removeRestriction(pending.id, text);
          await refresh();
        }}
      />
    </div>
  );
}
