import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OpsPlayerRow } from '@taya/contracts';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge, DateTime } from '../../components/display';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { fetchAllPages } from '../../lib/api-client';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import { searchPlayers, type PlayerFilters } from './api';

const emptyFilters: PlayerFilters = { q: '', status: '' };

/** `/console/players`: one search over name, mobile, e-mail, id, address and payout account. */
export default function PlayersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useUrlFilters(emptyFilters);
  const query = activeFilters(state.filters);

  const list = useQuery({
    queryKey: ['ops', 'players', query, state.sort, state.page, state.pageSize],
    queryFn: ({ signal }) => searchPlayers(query, state.sort, state.page, state.pageSize, signal),
    placeholderData: keepPreviousData,
  });

  const fields: FilterField[] = [
    { name: 'q', label: t('players.search'), placeholder: t('players.searchPlaceholder') },
    {
      name: 'status',
      label: t('players.status'),
      type: 'select',
      options: [
        { value: 'active', label: t('players.statuses.active') },
        { value: 'disabled', label: t('players.statuses.disabled') },
      ],
    },
  ];

  const columns = useMemo<ColumnDef<OpsPlayerRow, never>[]>(
    () => [
      {
        id: 'username',
        header: t('players.username'),
        enableSorting: true,
        cell: ({ row }) => <strong>{row.original.username}</strong>,
      },
      {
        id: 'status',
        header: t('players.status'),
        cell: ({ row }) => (
          <Badge tone={row.original.status === 'active' ? 'good' : 'bad'}>
            {t(`players.statuses.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: 'merchant',
        header: t('players.merchant'),
        cell: ({ row }) => row.original.merchantCode,
      },
      { id: 'mobile', header: t('players.mobile'), cell: ({ row }) => row.original.mobile ?? '—' },
      {
        id: 'email',
        header: t('players.email'),
        cell: ({ row }) => <span className="cell-clip">{row.original.email ?? '—'}</span>,
      },
      {
        id: 'createdAt',
        header: t('players.createdAt'),
        enableSorting: true,
        cell: ({ row }) => <DateTime iso={row.original.createdAt} />,
      },
      {
        id: 'lastLoginAt',
        header: t('players.lastLoginAt'),
        enableSorting: true,
        cell: ({ row }) => <DateTime iso={row.original.lastLoginAt} />,
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <PageHeader title={t('players.title')} description={t('players.description')} />
      <FilterBar
        fields={fields}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<PlayerFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('players.title')}
        testId="players-table"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        onRowClick={(row) => void navigate(`/players/${encodeURIComponent(row.id)}`)}
        paging={state}
        emptyText={t('players.empty')}
        csv={{
          filename: 'players.csv',
          fetchAll: () =>
            fetchAllPages((page, size) => searchPlayers(query, state.sort, page, size)),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'username', value: (r) => r.username },
            { header: 'status', value: (r) => r.status },
            { header: 'merchant', value: (r) => r.merchantCode },
            { header: 'mobile', value: (r) => r.mobile },
            { header: 'email', value: (r) => r.email },
            { header: 'parentId', value: (r) => r.parentId },
            { header: 'createdAt', value: (r) => r.createdAt },
            { header: 'lastLoginAt', value: (r) => r.lastLoginAt },
          ],
        }}
      />
    </div>
  );
}
