import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnnouncementType } from '@taya/contracts';
import { Can } from '../../auth/can';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { DateTime } from '../../components/display';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { fetchAllPages } from '../../lib/api-client';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import { announcementAction, fetchAnnouncements, type OpsAnnouncement } from './api';
import { AnnouncementForm } from './announcement-form';
import { StateBadge, textOf, useContentLanguages } from './form-parts';
import { RowActions } from './row-actions';
import { stateFilter } from './state-filter';

const emptyFilters = { status: '', groupName: '', q: '' };

/** Which screen of the announcements: player announcements, banners or popups. */
export type AnnouncementScreen = 'announcements' | 'banners' | 'popups';
const typeOf: Record<AnnouncementScreen, AnnouncementType> = {
  announcements: 'PL',
  banners: 'B',
  popups: 'PU',
};

/** The announcements of one type: table, filters, CSV, and the form for a new one or a change. */
export function AnnouncementList({ screen }: { screen: AnnouncementScreen }) {
  const { t } = useTranslation();
  const type = typeOf[screen];
  const { merchantCode, languages } = useContentLanguages();
  const state = useUrlFilters(emptyFilters, { pageSize: 25 });
  const query = activeFilters(state.filters);
  const client = useQueryClient();
  const [editing, setEditing] = useState<OpsAnnouncement | 'new' | null>(null);
  const list = useQuery({
    queryKey: [
      'ops',
      'content',
      'announcements',
      type,
      merchantCode,
      query,
      state.page,
      state.pageSize,
    ],
    queryFn: ({ signal }) =>
      fetchAnnouncements(merchantCode, type, query, state.page, state.pageSize, signal),
    enabled: merchantCode !== '',
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['ops', 'content', 'announcements'] });

  const columns = useMemo<ColumnDef<OpsAnnouncement, never>[]>(() => {
    const all: (ColumnDef<OpsAnnouncement, never> | false)[] = [
      type !== 'PL' && {
        id: 'image',
        header: t('content.fields.image'),
        cell: ({ row }) =>
          row.original.images[0] ? (
            <img className="content-thumb" src={row.original.images[0]} alt="" loading="lazy" />
          ) : (
            '—'
          ),
      },
      {
        id: 'title',
        header: t('content.fields.title'),
        cell: ({ row }) => <span className="cell-clip">{textOf(row.original.title)}</span>,
      },
      type === 'B' && {
        id: 'group',
        header: t('content.fields.group'),
        cell: ({ row }) => row.original.groupName ?? '—',
      },
      {
        id: 'audience',
        header: t('content.fields.audience'),
        cell: ({ row }) => t(`content.executions.${row.original.execution}`),
      },
      {
        id: 'platform',
        header: t('content.fields.platform'),
        cell: ({ row }) => t(`content.platforms.${row.original.platform ?? 'all'}`),
      },
      {
        id: 'status',
        header: t('content.fields.status'),
        cell: ({ row }) => <StateBadge state={row.original.status} />,
      },
      {
        id: 'sort',
        header: t('content.fields.sort'),
        cell: ({ row }) => row.original.sort,
        meta: { className: 'num' },
      },
      {
        id: 'startsAt',
        header: t('content.fields.startsAt'),
        cell: ({ row }) => <DateTime iso={row.original.startsAt} />,
      },
      {
        id: 'endsAt',
        header: t('content.fields.endsAt'),
        cell: ({ row }) =>
          row.original.endsAt ? <DateTime iso={row.original.endsAt} /> : t('content.noEnd'),
      },
      {
        id: 'actions',
        header: t('content.fields.actions'),
        cell: ({ row }) => (
          <RowActions
            label={textOf(row.original.title)}
            published={row.original.status !== 'ended'}
            onEdit={() => setEditing(row.original)}
            onAction={async (action, reason) => {
              await announcementAction(row.original.id, action, reason);
              await refresh();
            }}
          />
        ),
      },
    ];
    return all.filter((c): c is ColumnDef<OpsAnnouncement, never> => c !== false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refresh only invalidates
  }, [t, type]);

  const fields: FilterField[] = [
    stateFilter(t),
    ...(type === 'B'
      ? [{ name: 'groupName', label: t('content.fields.group'), placeholder: 'w_home' }]
      : []),
    { name: 'q', label: t('content.search'), placeholder: t('content.searchPlaceholder') },
  ];

  return (
    <div className="page">
      <PageHeader
        title={t(`content.${screen}.title`)}
        description={t(`content.${screen}.description`, { merchant: merchantCode })}
        actions={
          <Can action="content.write">
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              {t(`content.${screen}.new`)}
            </button>
          </Can>
        }
      />
      <FilterBar
        fields={fields}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<typeof emptyFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t(`content.${screen}.title`)}
        testId={`${screen}-table`}
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        paging={state}
        emptyText={t(`content.${screen}.empty`)}
        csv={{
          filename: `${screen}-${merchantCode}.csv`,
          fetchAll: () =>
            fetchAllPages((page, size) =>
              fetchAnnouncements(merchantCode, type, query, page, size),
            ),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'type', value: (r) => r.type },
            { header: 'title', value: (r) => textOf(r.title) },
            { header: 'group', value: (r) => r.groupName ?? '' },
            { header: 'execution', value: (r) => r.execution },
            { header: 'platform', value: (r) => r.platform ?? '' },
            { header: 'status', value: (r) => r.status },
            { header: 'images', value: (r) => r.images.join(' ') },
            { header: 'linkage', value: (r) => r.linkageType },
            { header: 'url', value: (r) => r.url ?? '' },
            { header: 'sort', value: (r) => r.sort },
            { header: 'startsAt', value: (r) => r.startsAt },
            { header: 'endsAt', value: (r) => r.endsAt ?? '' },
          ],
        }}
      />
      <AnnouncementForm
        screen={screen}
        type={type}
        announcement={editing}
        merchantCode={merchantCode}
        languages={languages}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
    </div>
  );
}
