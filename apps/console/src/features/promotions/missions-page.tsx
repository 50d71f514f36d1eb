import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { minorToDecimal } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { MissionForm } from './mission-form';
import { fetchMissions, type OpsMission } from './missions-api';
import './promotions.css';

const title = (t: Record<string, string>) => t.en ?? Object.values(t)[0] ?? '';
const times = (tenths: number) => `${minorToDecimal(BigInt(tenths), 1).replace(/\.0$/, '')}×`;

/** `/console/promotions/missions`: the merchant's missions, what each paid; create and edit. */
export default function MissionsPage() {
  const { t } = useTranslation();
  const { operator, may } = useOperator();
  const merchantCode = operator?.merchantCode ?? '';
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OpsMission | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'missions', merchantCode],
    queryFn: ({ signal }) => fetchMissions(merchantCode, signal),
    enabled: merchantCode !== '',
  });

  const columns = useMemo<ColumnDef<OpsMission, never>[]>(
    () => [
      {
        id: 'title',
        header: t('missions.name'),
        cell: ({ row }) => <span className="cell-clip">{title(row.original.title)}</span>,
      },
      {
        id: 'period',
        header: t('missions.period'),
        cell: ({ row }) => t(`missions.periods.${row.original.period}`),
      },
      {
        id: 'task',
        header: t('missions.task'),
        cell: ({ row }) => (
          <span className="nowrap">
            {t(`missions.tasks.${row.original.task}`)}
            {row.original.gameTypes.length > 0 && ` (${row.original.gameTypes.join(', ')})`}
          </span>
        ),
      },
      {
        id: 'target',
        header: t('missions.target'),
        cell: ({ row }) => row.original.target,
        meta: { className: 'num' },
      },
      {
        id: 'reward',
        header: t('missions.reward'),
        cell: ({ row }) => row.original.reward,
        meta: { className: 'num' },
      },
      {
        id: 'turnover',
        header: t('missions.turnoverColumn'),
        cell: ({ row }) => times(row.original.turnoverMultipleTenths),
        meta: { className: 'num' },
      },
      {
        id: 'budget',
        header: t('missions.budget'),
        cell: ({ row }) => (
          <span className="nowrap">{row.original.budget ?? t('promotions.noLimit')}</span>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'spent',
        header: t('missions.spent'),
        cell: ({ row }) => row.original.spent,
        meta: { className: 'num' },
      },
      {
        id: 'claims',
        header: t('missions.claims'),
        cell: ({ row }) => row.original.claims,
        meta: { className: 'num' },
      },
      {
        id: 'enabled',
        header: t('missions.state'),
        cell: ({ row }) => (
          <Badge tone={row.original.enabled ? 'good' : 'neutral'}>
            {row.original.enabled ? t('promotions.on') : t('promotions.off')}
          </Badge>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('missions.title')}
        description={t('missions.description', { merchant: merchantCode })}
        actions={
          <Can action="promotions.write">
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              {t('missions.new')}
            </button>
          </Can>
        }
      />
      <DataTable
        label={t('missions.title')}
        testId="missions-table"
        columns={columns}
        rows={list.data?.list}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        {...(may('promotions.write') ? { onRowClick: setEditing } : {})}
        emptyText={t('missions.empty')}
        csv={{
          filename: `missions-${merchantCode}`,
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'title', value: (r) => title(r.title) },
            { header: 'period', value: (r) => r.period },
            { header: 'task', value: (r) => r.task },
            { header: 'gameTypes', value: (r) => r.gameTypes.join(' ') },
            { header: 'target', value: (r) => r.target },
            { header: 'reward', value: (r) => r.reward },
            { header: 'turnoverMultipleTenths', value: (r) => r.turnoverMultipleTenths },
            { header: 'budget', value: (r) => r.budget ?? '' },
            { header: 'spent', value: (r) => r.spent },
            { header: 'claims', value: (r) => r.claims },
            { header: 'enabled', value: (r) => String(r.enabled) },
          ],
          fetchAll: async () => (await fetchMissions(merchantCode)).list,
        }}
      />
      <MissionForm
        open={editing !== null}
        mission={editing === 'new' ? null : editing}
        merchantCode={merchantCode}
        onClose={() => setEditing(null)}
        onSaved={() => queryClient.invalidateQueries({ queryKey: ['ops', 'missions'] })}
      />
    </div>
  );
}
