import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OpsGame } from '@taya/contracts';
import { Can } from '../../auth/can';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge } from '../../components/display';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { formatCount } from '../../lib/format';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import { fetchAllGames, fetchGames, fetchGameVendors, type GameFilters } from './catalogue-api';
import { GameEditDialog } from './game-edit-dialog';
import { VendorsCard } from './vendors-card';

const emptyFilters: GameFilters = { search: '', vendor: '', gameType: '', enabled: '' };

/** `/console/games/catalogue`: the merchant's games and vendors, and each game's settings. */
export default function CataloguePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useUrlFilters(emptyFilters);
  const query = activeFilters(state.filters);
  const [editing, setEditing] = useState<OpsGame | null>(null);

  const vendors = useQuery({
    queryKey: ['ops', 'games', 'vendors'],
    queryFn: ({ signal }) => fetchGameVendors(signal),
  });
  const list = useQuery({
    queryKey: ['ops', 'games', 'list', query, state.page, state.pageSize],
    queryFn: ({ signal }) => fetchGames(query, state.page, state.pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'games'] });

  const vendorList = vendors.data?.list ?? [];
  const gameTypes = [...new Set(vendorList.map((v) => v.gameType))].sort();
  const fields: FilterField[] = [
    { name: 'search', label: t('games.catalogue.search') },
    {
      name: 'vendor',
      label: t('games.catalogue.vendor'),
      type: 'select',
      options: vendorList.map((v) => ({ value: v.code, label: v.displayName })),
    },
    {
      name: 'gameType',
      label: t('games.catalogue.gameType'),
      type: 'select',
      options: gameTypes.map((g) => ({ value: g, label: g })),
    },
    {
      name: 'enabled',
      label: t('games.catalogue.status'),
      type: 'select',
      options: [
        { value: 'true', label: t('games.catalogue.enabled') },
        { value: 'false', label: t('games.catalogue.disabled') },
      ],
    },
  ];

  const columns = useMemo<ColumnDef<OpsGame, never>[]>(
    () => [
      {
        id: 'sort',
        header: t('games.catalogue.sort'),
        cell: ({ row }) => formatCount(row.original.sort),
        meta: { className: 'num' },
      },
      {
        id: 'name',
        header: t('games.catalogue.name'),
        cell: ({ row }) => (
          <>
            {row.original.name}
            <br />
            <code className="muted">{row.original.gameCode}</code>
          </>
        ),
      },
      {
        id: 'vendor',
        header: t('games.catalogue.vendor'),
        cell: ({ row }) => row.original.vendorCode,
      },
      {
        id: 'type',
        header: t('games.catalogue.gameType'),
        cell: ({ row }) => row.original.gameType,
      },
      {
        id: 'category',
        header: t('games.catalogue.category'),
        cell: ({ row }) => row.original.category ?? <span className="muted">—</span>,
      },
      {
        id: 'status',
        header: t('games.catalogue.status'),
        cell: ({ row }) => {
          const g = row.original;
          return (
            <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
              {g.enabled ? (
                <Badge tone="good">{t('games.catalogue.enabled')}</Badge>
              ) : (
                <Badge tone="bad">{t('games.catalogue.disabled')}</Badge>
              )}
              {g.maintenance && <Badge tone="warn">{t('games.catalogue.maintenance')}</Badge>}
              {g.hot && <Badge tone="info">{t('games.catalogue.flags.hot')}</Badge>}
              {g.demoAllowed && <Badge>{t('games.catalogue.demo')}</Badge>}
            </span>
          );
        },
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
              aria-label={t('games.catalogue.editTitle', { name: row.original.name })}
            >
              {t('games.catalogue.edit')}
            </button>
          </Can>
        ),
        meta: { className: 'cell-actions' },
      },
    ],
    [t],
  );

  const data = list.data;
  return (
    <div className="page">
      <PageHeader
        title={t('games.catalogue.title')}
        description={t('games.catalogue.description')}
      />
      <VendorsCard vendors={vendors} />
      <FilterBar
        fields={fields}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<GameFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('games.catalogue.games')}
        testId="games-table"
        columns={columns}
        rows={data?.list}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        emptyText={t('games.catalogue.empty')}
        csv={{
          filename: 'games.csv',
          fetchAll: () => fetchAllGames(query),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'vendor', value: (r) => r.vendorCode },
            { header: 'code', value: (r) => r.gameCode },
            { header: 'name', value: (r) => r.name },
            { header: 'type', value: (r) => r.gameType },
            { header: 'category', value: (r) => r.category },
            { header: 'enabled', value: (r) => String(r.enabled) },
            { header: 'maintenance', value: (r) => String(r.maintenance) },
            { header: 'hot', value: (r) => String(r.hot) },
            { header: 'demoAllowed', value: (r) => String(r.demoAllowed) },
            { header: 'sort', value: (r) => r.sort },
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
      <GameEditDialog game={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </div>
  );
}
