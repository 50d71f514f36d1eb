import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { fetchRewards, type OpsPointReward } from './points-api';
import { RewardForm } from './reward-form';
import './promotions.css';

const name = (r: OpsPointReward) => r.names.en ?? Object.values(r.names)[0] ?? r.id;

/** `/console/promotions/rewards`: the points mall's rewards, their price and stock; edit them. */
export default function RewardsPage() {
  const { t } = useTranslation();
  const { operator, may } = useOperator();
  const merchantCode = operator?.merchantCode ?? '';
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OpsPointReward | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'points', 'rewards', merchantCode],
    queryFn: ({ signal }) => fetchRewards(merchantCode, signal),
    enabled: merchantCode !== '',
  });

  const columns = useMemo<ColumnDef<OpsPointReward, never>[]>(
    () => [
      {
        id: 'name',
        header: t('points.rewards.name'),
        cell: ({ row }) => <span className="cell-clip">{name(row.original)}</span>,
      },
      {
        id: 'type',
        header: t('points.redemptions.type'),
        cell: ({ row }) => t(`points.redemptions.types.${row.original.type}`),
      },
      {
        id: 'points',
        header: t('points.rewards.points'),
        cell: ({ row }) => row.original.requiredPoints,
        meta: { className: 'num' },
      },
      {
        id: 'amount',
        header: t('points.rewards.amount'),
        cell: ({ row }) => row.original.amount ?? '—',
        meta: { className: 'num' },
      },
      {
        id: 'stock',
        header: t('points.rewards.stock'),
        cell: ({ row }) => row.original.quantity,
        meta: { className: 'num' },
      },
      {
        id: 'status',
        header: t('points.rewards.status'),
        cell: ({ row }) => (
          <Badge tone={row.original.status === 'active' ? 'good' : 'neutral'}>
            {t(`points.rewards.statuses.${row.original.status}`)}
          </Badge>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('points.rewards.title')}
        description={t('points.rewards.description', { merchant: merchantCode })}
        actions={
          <Can action="promotions.write">
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              {t('points.rewards.new')}
            </button>
          </Can>
        }
      />
      <DataTable
        label={t('points.rewards.title')}
        testId="rewards-table"
        columns={columns}
        rows={list.data?.list}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        {...(may('promotions.write') ? { onRowClick: setEditing } : {})}
        emptyText={t('points.rewards.empty')}
        csv={{
          filename: `point-rewards-${merchantCode}`,
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'name', value: name },
            { header: 'type', value: (r) => r.type },
            { header: 'requiredPoints', value: (r) => r.requiredPoints },
            { header: 'amount', value: (r) => r.amount ?? '' },
            { header: 'stock', value: (r) => r.quantity },
            { header: 'status', value: (r) => r.status },
          ],
          fetchAll: async () => (await fetchRewards(merchantCode)).list,
        }}
      />
      <RewardForm
        open={editing !== null}
        reward={editing === 'new' ? null : editing}
        merchantCode={merchantCode}
        onClose={() => setEditing(null)}
        onSaved={() => queryClient.invalidateQueries({ queryKey: ['ops', 'points', 'rewards'] })}
      />
    </div>
  );
}
