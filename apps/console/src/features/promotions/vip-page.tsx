import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bpsToPercent } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { DateTime } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { fetchVipLevels, type OpsVipLevel } from './vip-api';
import { VipLevelForm } from './vip-level-form';
import './promotions.css';

const rates = (r: Record<string, number>) =>
  Object.entries(r)
    .map(([k, v]) => `${k} ${bpsToPercent(v)}%`)
    .join(', ');

/** `/console/promotions/vip`: the VIP ladder, what each rank needs and gives; edit a rank. */
export default function VipPage() {
  const { t } = useTranslation();
  const { operator, may } = useOperator();
  const merchantCode = operator?.merchantCode ?? '';
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OpsVipLevel | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'vip', merchantCode],
    queryFn: ({ signal }) => fetchVipLevels(merchantCode, signal),
    enabled: merchantCode !== '',
  });
  const levels = list.data?.list;
  const nextRank = (levels?.at(-1)?.rankLevel ?? -1) + 1;

  const columns = useMemo<ColumnDef<OpsVipLevel, never>[]>(
    () => [
      {
        id: 'rank',
        header: t('vip.rank'),
        cell: ({ row }) => row.original.rankLevel,
        meta: { className: 'num' },
      },
      { id: 'label', header: t('vip.label'), cell: ({ row }) => row.original.label.en ?? '' },
      {
        id: 'validBet',
        header: t('vip.validBet'),
        cell: ({ row }) => row.original.validBetThreshold,
        meta: { className: 'num' },
      },
      {
        id: 'deposits',
        header: t('vip.deposits'),
        cell: ({ row }) => row.original.depositThreshold,
        meta: { className: 'num' },
      },
      {
        id: 'rebate',
        header: t('vip.rebate'),
        cell: ({ row }) => `${bpsToPercent(row.original.benefits.rebateRateBps)}%`,
        meta: { className: 'num' },
      },
      {
        id: 'rebateByType',
        header: t('vip.rebateByType'),
        cell: ({ row }) => (
          <span className="cell-clip">{rates(row.original.benefits.rebateRatesBps)}</span>
        ),
      },
      {
        id: 'withdraw',
        header: t('vip.withdrawCount'),
        cell: ({ row }) => row.original.benefits.dailyWithdrawCount ?? t('vip.noLimit'),
        meta: { className: 'num' },
      },
      {
        id: 'withdrawAmount',
        header: t('vip.withdrawAmount'),
        cell: ({ row }) => row.original.benefits.dailyWithdrawAmount ?? t('vip.noLimit'),
        meta: { className: 'num' },
      },
      {
        id: 'upgradeBonus',
        header: t('vip.upgradeBonus'),
        cell: ({ row }) => row.original.benefits.upgradeBonus,
        meta: { className: 'num' },
      },
      {
        id: 'updatedAt',
        header: t('vip.updated'),
        cell: ({ row }) => <DateTime iso={row.original.updatedAt} />,
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('vip.title')}
        description={t('vip.description', { merchant: merchantCode })}
        actions={
          <Can action="promotions.write">
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              {t('vip.new')}
            </button>
          </Can>
        }
      />
      <DataTable
        label={t('vip.title')}
        testId="vip-table"
        columns={columns}
        rows={levels}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => String(row.rankLevel)}
        {...(may('promotions.write') ? { onRowClick: setEditing } : {})}
        emptyText={t('vip.empty')}
        csv={{
          filename: `vip-levels-${merchantCode}`,
          columns: [
            { header: 'rank', value: (r) => r.rankLevel },
            { header: 'label', value: (r) => r.label.en ?? '' },
            { header: 'validBet', value: (r) => r.validBetThreshold },
            { header: 'deposits', value: (r) => r.depositThreshold },
            { header: 'rebateBps', value: (r) => r.benefits.rebateRateBps },
            { header: 'rebateByType', value: (r) => rates(r.benefits.rebateRatesBps) },
            { header: 'dailyWithdrawCount', value: (r) => r.benefits.dailyWithdrawCount ?? '' },
            { header: 'dailyWithdrawAmount', value: (r) => r.benefits.dailyWithdrawAmount ?? '' },
            { header: 'upgradeBonus', value: (r) => r.benefits.upgradeBonus },
          ],
          fetchAll: async () => (await fetchVipLevels(merchantCode)).list,
        }}
      />
      <VipLevelForm
        open={editing !== null}
        level={editing === 'new' ? null : editing}
        nextRank={nextRank}
        merchantCode={merchantCode}
        onClose={() => setEditing(null)}
        onSaved={() => queryClient.invalidateQueries({ queryKey: ['ops', 'vip'] })}
      />
    </div>
  );
}
