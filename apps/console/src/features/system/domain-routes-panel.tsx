import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addDomainRouteBodySchema, domainRouteKinds, type OpsDomainRoute } from '@taya/contracts';
import { Can } from '../../auth/can';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Badge } from '../../components/display';
import { applyServerError, Field, FormError, TextField, useZodForm } from '../../components/form';
import { addDomainRoute, fetchDomainRoutes, reasonMin, removeDomainRoute } from './settings-api';

const routeFormSchema = addDomainRouteBodySchema.extend({
  sort: z.coerce.number<string | number>().int().min(0).max(9999),
  reason: z.string().trim().min(reasonMin).max(500),
});

/** A merchant's domain routes (`/ops/system/domain-routes`): the list, one added, one removed. */
export function DomainRoutesPanel({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [pending, setPending] = useState<OpsDomainRoute | null>(null);
  const queryKey = ['ops', 'system', 'domain-routes', merchantCode];
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchDomainRoutes(merchantCode, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey });
  const empty = { merchantCode, domain: '', kind: 'mirror' as const, sort: 0, reason: '' };
  const form = useZodForm(routeFormSchema, { defaultValues: empty });
  const { register, formState } = form;

  const submit = form.handleSubmit(async (values) => {
    try {
      await addDomainRoute(values);
      form.reset(empty);
      await refresh();
    } catch (failure) {
      applyServerError(form, failure);
    }
  });

  const columns = useMemo<ColumnDef<OpsDomainRoute, never>[]>(
    () => [
      {
        id: 'domain',
        header: t('system.domains.domain'),
        cell: ({ row }) => <code>{row.original.domain}</code>,
      },
      {
        id: 'kind',
        header: t('system.domains.kind'),
        cell: ({ row }) => <Badge tone="info">{row.original.kind}</Badge>,
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
              aria-label={t('system.domains.removeLabel', { domain: row.original.domain })}
            >
              {t('system.domains.remove')}
            </button>
          </Can>
        ),
      },
    ],
    [t],
  );

  return (
    <section data-testid="domain-routes" style={{ marginTop: 20 }}>
      <h2>{t('system.domains.title')}</h2>
      <p className="muted">{t('system.domains.description')}</p>
      <DataTable
        label={t('system.domains.title')}
        testId="domain-routes-table"
        columns={columns}
        rows={list.data}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => String(row.id)}
        emptyText={t('system.domains.empty')}
      />
      <Can action="system.write">
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          data-testid="domain-route-form"
          style={{ marginTop: 12 }}
        >
          <TextField
            form={form}
            name="domain"
            label={t('system.domains.domain')}
            hint={t('system.domains.domainHint')}
          />
          <Field label={t('system.domains.kind')}>
            {({ id }) => (
              <select id={id} className="input" {...register('kind')}>
                {domainRouteKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {kind}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            form={form}
            name="reason"
            label={t('common.reason')}
            hint={t('common.reasonMin', { count: reasonMin })}
          />
          <FormError message={formState.errors.root?.server?.message} />
          <button type="submit" className="btn" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('common.working') : t('system.domains.add')}
          </button>
        </form>
      </Can>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('system.domains.removeTitle', { domain: pending?.domain ?? '' })}
        description={t('system.domains.removeText')}
        confirmLabel={t('system.domains.remove')}
        tone="danger"
        reason={{ minLength: reasonMin }}
        onConfirm={async (reason) => {
          if (!pending) return;
          await removeDomainRoute(pending.id, reason);
          await refresh();
        }}
      />
    </section>
  );
}
