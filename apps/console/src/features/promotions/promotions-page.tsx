import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge, DateTime } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { fetchPromotions, type OpsPromotion } from './api';

const title = (t: Record<string, string>) => t.en ?? Object.values(t)[0] ?? '';

/** `/console/promotions`: the merchant's promotions, with what each has paid so far. */
export default function PromotionsPage() {
  const { t } = useTranslation();
  const merchantCode = useOperator().operator?.merchantCode ?? '';
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
      { id: 'kind', header: t('promotions.kind'), cell: ({ row }) => row.original.kind },
      {
        id: 'category',
        header: t('promotions.category'),
        cell: ({ row }) => row.original.category,
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
    ],
    [t],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('promotions.title')}
        description={t('promotions.description', { merchant: merchantCode })}
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
    </div>
  );
}
