import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bpsToPercent, parseAmount } from '@taya/contracts';
import { Can } from '../../auth/can';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge, Money } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { fetchJackpotPools, type JackpotPool } from './catalogue-api';
import { JackpotEditDialog } from './jackpot-edit-dialog';

/** A wire amount (at most two decimals) as <Money>'s minor units. */
const Amount = ({ value, currency }: { value: string; currency: string }) => (
  <Money minor={parseAmount(value, 2) ?? 0n} currency={currency} />
);

/** `/console/games/jackpots`: the merchant's jackpot pools, their value and settings. */
export default function JackpotsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<JackpotPool | null>(null);
  const pools = useQuery({
    queryKey: ['ops', 'jackpot', 'pools'],
    queryFn: ({ signal }) => fetchJackpotPools(signal),
  });
  const nameOf = (p: JackpotPool) =>
    p.names[i18n.language] ?? p.names.en ?? Object.values(p.names)[0] ?? p.id;

  const columns = useMemo<ColumnDef<JackpotPool, never>[]>(
    () => [
      {
        id: 'name',
        header: t('games.jackpots.name'),
        cell: ({ row }) => (
          <>
            {nameOf(row.original)}
            <br />
            <code className="muted">{row.original.id}</code>
          </>
        ),
      },
      {
        id: 'vendors',
        header: t('games.jackpots.vendors'),
        cell: ({ row }) => row.original.vendorCodes.join(', ') || '—',
      },
      {
        id: 'value',
        header: t('games.jackpots.value'),
        cell: ({ row }) => <Amount value={row.original.value} currency={row.original.currency} />,
        meta: { className: 'num' },
      },
      {
        id: 'seed',
        header: t('games.jackpots.seed'),
        cell: ({ row }) => <Amount value={row.original.seed} currency={row.original.currency} />,
        meta: { className: 'num' },
      },
      {
        id: 'contribution',
        header: t('games.jackpots.contribution'),
        cell: ({ row }) => `${bpsToPercent(row.original.contributionBps)}%`,
        meta: { className: 'num' },
      },
      {
        id: 'hitOdds',
        header: t('games.jackpots.hitOdds'),
        cell: ({ row }) => <Amount value={row.original.hitOdds} currency={row.original.currency} />,
        meta: { className: 'num' },
      },
      {
        id: 'status',
        header: t('games.jackpots.status'),
        cell: ({ row }) => (
          <Badge tone={row.original.status === 'active' ? 'good' : 'neutral'}>
            {t(`games.jackpots.statuses.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('common.actions')}</span>,
        cell: ({ row }) => (
          <Can action="games.write">
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setEditing(row.original)}
              aria-label={t('games.jackpots.editTitle', { name: nameOf(row.original) })}
            >
              {t('games.jackpots.edit')}
            </button>
          </Can>
        ),
        meta: { className: 'cell-actions' },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- nameOf follows t's language
    [t],
  );

  return (
    <div className="page">
      <PageHeader title={t('games.jackpots.title')} description={t('games.jackpots.description')} />
      <DataTable
        label={t('games.jackpots.title')}
        testId="jackpots-table"
        columns={columns}
        rows={pools.data?.list}
        isLoading={pools.isPending}
        error={pools.error}
        onRetry={() => void pools.refetch()}
        rowKey={(row) => row.id}
        emptyText={t('games.jackpots.empty')}
        csv={{
          filename: 'jackpot-pools.csv',
          fetchAll: async () => (await fetchJackpotPools()).list,
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'currency', value: (r) => r.currency },
            { header: 'vendors', value: (r) => r.vendorCodes.join(' ') },
            { header: 'value', value: (r) => r.value },
            { header: 'seed', value: (r) => r.seed },
            { header: 'contributionBps', value: (r) => r.contributionBps },
            { header: 'hitOdds', value: (r) => r.hitOdds },
            { header: 'status', value: (r) => r.status },
          ],
        }}
      />
      <JackpotEditDialog
        pool={editing}
        name={editing ? nameOf(editing) : ''}
        onClose={() => setEditing(null)}
        onSaved={() => queryClient.invalidateQueries({ queryKey: ['ops', 'jackpot'] })}
      />
    </div>
  );
}
