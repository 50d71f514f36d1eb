import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, DateTime } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { fetchPromotions, savePromotion, type OpsPromotion } from './api';
import { PromotionForm } from './promotion-form';
import { rowBody } from './promotion-values';
import './promotions.css';

const title = (t: Record<string, string>) => t.en ?? Object.values(t)[0] ?? '';

/**
 * `/console/promotions`: the merchant's promotions, with what each has paid so far; create,
 * edit, and switch one on or off (each with a reason for the audit log).
 */
export default function PromotionsPage() {
  const { t } = useTranslation();
  const { operator, may } = useOperator();
  const merchantCode = operator?.merchantCode ?? '';
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OpsPromotion | 'new' | null>(null);
  const [switching, setSwitching] = useState<OpsPromotion | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['ops', 'promotions', merchantCode] });
  const list = useQuery({
    queryKey: ['ops', 'promotions', merchantCode],
    queryFn: ({ signal }) => fetchPromotions(merchantCode, signal),
    enabled: merchantCode !== '',
  });

  const columns = useMemo<ColumnDef<OpsPromotion, never>[]>(
    () => [
      {
        id: 'title',
        header: t('promotions.name'),
        cell: ({ row }) => <span className="cell-clip">{title(row.original.title)}</span>,
      },
      {
        id: 'kind',
        header: t('promotions.kind'),
        cell: ({ row }) => (
          <span className="nowrap">{t(`promotions.kinds.${row.original.kind}`)}</span>
        ),
      },
      {
        id: 'enabled',
        header: t('promotions.state'),
        cell: ({ row }) => (
          <Badge tone={row.original.enabled ? 'good' : 'neutral'}>
            {row.original.enabled ? t('promotions.on') : t('promotions.off')}
          </Badge>
        ),
      },
      {
        id: 'startsAt',
        header: t('promotions.starts'),
        cell: ({ row }) => <DateTime iso={row.original.startsAt} />,
      },
      {
        id: 'endsAt',
        header: t('promotions.ends'),
        cell: ({ row }) =>
          row.original.endsAt ? (
            <DateTime iso={row.original.endsAt} />
          ) : (
            <span className="nowrap">{t('promotions.noEnd')}</span>
          ),
      },
      {
        id: 'budget',
        header: t('promotions.budget'),
        cell: ({ row }) => (
          <span className="nowrap">{row.original.budget ?? t('promotions.noLimit')}</span>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'spent',
        header: t('promotions.spent'),
        cell: ({ row }) => row.original.spent,
        meta: { className: 'num' },
      },
      {
        id: 'claims',
        header: t('promotions.claims'),
        cell: ({ row }) => row.original.claims,
        meta: { className: 'num' },
      },
      {
        id: 'actions',
        header: t('promotions.actions'),
        cell: ({ row }) =>
          row.original.kind === 'mission' ? null : (
            <Can action="promotions.write">
              <div className="row-actions">
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={(event) => {
                    event.stopPropagation();
                    setEditing(row.original);
                  }}
                >
                  {t('promotions.edit')}
                </button>
                <button
                  type="button"
                  className={row.original.enabled ? 'btn btn-small btn-danger' : 'btn btn-small'}
                  onClick={(event) => {
                    event.stopPropagation();
                    setSwitching(row.original);
                  }}
                >
                  {row.original.enabled ? t('promotions.disable') : t('promotions.enable')}
                </button>
              </div>
            </Can>
          ),
      },
    ],
    [t],
  );

  const toggle = async (reason: string) => {
    const body = switching && rowBody(switching, merchantCode);
    if (!body) return;
    await savePromotion({ ...body, enabled: !body.enabled, reason });
    await refresh();
  };

  return (
    <div className="page">
      <PageHeader
        title={t('promotions.title')}
        description={t('promotions.description', { merchant: merchantCode })}
        actions={
          <Can action="promotions.write">
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              {t('promotions.new')}
            </button>
          </Can>
        }
      />
      <DataTable
        label={t('promotions.title')}
        testId="promotions-table"
        columns={columns}
        rows={list.data?.list}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        {...(may('promotions.write')
          ? { onRowClick: (row: OpsPromotion) => row.kind !== 'mission' && setEditing(row) }
          : {})}
        emptyText={t('promotions.empty')}
        csv={{
          filename: `promotions-${merchantCode}`,
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'title', value: (r) => title(r.title) },
            { header: 'kind', value: (r) => r.kind },
            { header: 'category', value: (r) => r.category },
            { header: 'enabled', value: (r) => String(r.enabled) },
            { header: 'startsAt', value: (r) => r.startsAt },
            { header: 'endsAt', value: (r) => r.endsAt ?? '' },
            { header: 'budget', value: (r) => r.budget ?? '' },
            { header: 'spent', value: (r) => r.spent },
            { header: 'claims', value: (r) => r.claims },
          ],
          fetchAll: async () => (await fetchPromotions(merchantCode)).list,
        }}
      />
      <PromotionForm
        open={editing !== null}
        promotion={editing === 'new' ? null : editing}
        merchantCode={merchantCode}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <ConfirmDialog
        open={switching !== null}
        onOpenChange={(o) => !o && setSwitching(null)}
        title={switching?.enabled ? t('promotions.disableTitle') : t('promotions.enableTitle')}
        description={switching?.enabled ? t('promotions.disableText') : t('promotions.enableText')}
        confirmLabel={switching?.enabled ? t('promotions.disable') : t('promotions.enable')}
        tone={switching?.enabled ? 'danger' : 'primary'}
        reason={{ minLength: 5 }}
        onConfirm={toggle}
      />
    </div>
  );
}
