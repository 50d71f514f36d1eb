import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OpsRoundRow } from '@taya/contracts';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge, DateTime } from '../../components/display';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { formatCount } from '../../lib/format';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import { fetchAllRounds, fetchRounds, type RoundFilters } from './api';
import { RoundDetail, statusTone } from './round-detail';

const emptyFilters: RoundFilters = { playerId: '', gameCode: '', status: '', from: '', to: '' };

/** `/console/games/rounds`: rounds of the merchant by player, game, status and time; recall and void. */
export default function RoundsPage() {
  const { t } = useTranslation();
  const state = useUrlFilters(emptyFilters);
  const query = activeFilters(state.filters);
  const [selected, setSelected] = useState<string | null>(null);

  const list = useQuery({
    queryKey: ['ops', 'rounds', query, state.page, state.pageSize],
    queryFn: ({ signal }) => fetchRounds(query, state.page, state.pageSize, signal),
    placeholderData: keepPreviousData,
  });

  const fields: FilterField[] = [
    { name: 'playerId', label: t('games.rounds.player') },
    { name: 'gameCode', label: t('games.rounds.game') },
    {
      name: 'status',
      label: t('games.rounds.status'),
      type: 'select',
      options: (['open', 'settled', 'void'] as const).map((s) => ({
        value: s,
        label: t(`games.rounds.statuses.${s}`),
      })),
    },
    { name: 'from', label: t('games.rounds.from'), type: 'datetime' },
    { name: 'to', label: t('games.rounds.to'), type: 'datetime' },
  ];

  const columns = useMemo<ColumnDef<OpsRoundRow, never>[]>(
    () => [
      {
        id: 'opened',
        header: t('games.rounds.opened'),
        cell: ({ row }) => <DateTime iso={row.original.openedAt} />,
      },
      {
        id: 'round',
        header: t('games.rounds.round'),
        cell: ({ row }) => <code className="cell-clip">{row.original.roundId}</code>,
      },
      {
        id: 'game',
        header: t('games.rounds.game'),
        cell: ({ row }) => (
          <span className="nowrap">
            {row.original.gameCode} <span className="muted">({row.original.vendorCode})</span>
          </span>
        ),
      },
      {
        id: 'status',
        header: t('games.rounds.status'),
        cell: ({ row }) => (
          <Badge tone={statusTone[row.original.status]}>
            {t(`games.rounds.statuses.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: 'bets',
        header: t('games.rounds.betCount'),
        cell: ({ row }) => formatCount(row.original.bets),
        meta: { className: 'num' },
      },
      {
        id: 'stake',
        header: t('games.rounds.stake'),
        cell: ({ row }) => row.original.stake,
        meta: { className: 'num' },
      },
      {
        id: 'payout',
        header: t('games.rounds.payout'),
        cell: ({ row }) => row.original.payout,
        meta: { className: 'num' },
      },
      {
        id: 'closed',
        header: t('games.rounds.closed'),
        cell: ({ row }) => <DateTime iso={row.original.closedAt} />,
      },
    ],
    [t],
  );

  const data = list.data;
  return (
    <div className="page">
      <PageHeader title={t('games.rounds.title')} description={t('games.rounds.description')} />
      <FilterBar
        fields={fields}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<RoundFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('games.rounds.title')}
        testId="rounds-table"
        columns={columns}
        rows={data?.list}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.roundId}
        onRowClick={(row) => setSelected(row.roundId)}
        emptyText={t('games.rounds.empty')}
        csv={{
          filename: 'rounds.csv',
          fetchAll: () => fetchAllRounds(query),
          columns: [
            { header: 'roundId', value: (r) => r.roundId },
            { header: 'merchant', value: (r) => r.merchantCode },
            { header: 'vendor', value: (r) => r.vendorCode },
            { header: 'game', value: (r) => r.gameCode },
            { header: 'status', value: (r) => r.status },
            { header: 'bets', value: (r) => r.bets },
            { header: 'stake', value: (r) => r.stake },
            { header: 'payout', value: (r) => r.payout },
            { header: 'openedAt', value: (r) => r.openedAt },
            { header: 'closedAt', value: (r) => r.closedAt },
          ],
        }}
      />
      <nav className="pager" aria-label={t('table.pages')}>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => state.setPage(state.page - 1)}
          disabled={state.page <= 1}
        >
          {t('table.previous')}
        </button>
        <span className="pager-text">
          {t('games.rounds.page', { page: formatCount(state.page) })}
        </span>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => state.setPage(state.page + 1)}
          disabled={!data?.hasMore}
        >
          {t('table.next')}
        </button>
      </nav>
      <RoundDetail roundId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
