import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Can } from '../../auth/can';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { DateTime } from '../../components/display';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { fetchAllPages } from '../../lib/api-client';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import { fetchNotices, noticeAction, type OpsNotice } from './api';
import { StateBadge, textOf, useContentLanguages } from './form-parts';
import { NoticeForm } from './notice-form';
import { RowActions } from './row-actions';
import { stateFilter } from './state-filter';

const emptyFilters = { status: '', q: '' };

/** `/console/content/notices`: the bell's and the marquee's notices. */
export default function NoticesPage() {
  const { t } = useTranslation();
  const { merchantCode, languages } = useContentLanguages();
  const state = useUrlFilters(emptyFilters, { pageSize: 25 });
  const query = activeFilters(state.filters);
  const client = useQueryClient();
  const [editing, setEditing] = useState<OpsNotice | 'new' | null>(null);
  const key = ['ops', 'content', 'notices', merchantCode, query, state.page, state.pageSize];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchNotices(merchantCode, query, state.page, state.pageSize, signal),
    enabled: merchantCode !== '',
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['ops', 'content', 'notices'] });

  const columns = useMemo<ColumnDef<OpsNotice, never>[]>(
    () => [
      {
        id: 'title',
        header: t('content.fields.title'),
        cell: ({ row }) => <span className="cell-clip">{textOf(row.original.title)}</span>,
      },
      {
        id: 'languages',
        header: t('content.fields.languages'),
        cell: ({ row }) => Object.keys(row.original.title).join(', ').toUpperCase(),
      },
      {
        id: 'status',
        header: t('content.fields.status'),
        cell: ({ row }) => <StateBadge state={row.original.status} />,
      },
      {
        id: 'marquee',
        header: t('content.notices.marquee'),
        cell: ({ row }) => (row.original.marquee ? t('content.yes') : t('content.no')),
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
              await noticeAction(row.original.id, action, reason);
              await refresh();
            }}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refresh is stable in effect
    [t],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('content.notices.title')}
        description={t('content.notices.description', { merchant: merchantCode })}
        actions={
          <Can action="content.write">
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              {t('content.notices.new')}
            </button>
          </Can>
        }
      />
      <FilterBar
        fields={[
          stateFilter(t),
          { name: 'q', label: t('content.search'), placeholder: t('content.searchPlaceholder') },
        ]}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<typeof emptyFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('content.notices.title')}
        testId="notices-table"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        paging={state}
        emptyText={t('content.notices.empty')}
        csv={{
          filename: `notices-${merchantCode}.csv`,
          fetchAll: () =>
            fetchAllPages((page, size) => fetchNotices(merchantCode, query, page, size)),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'title', value: (r) => textOf(r.title) },
            { header: 'languages', value: (r) => Object.keys(r.title).join(' ') },
            { header: 'status', value: (r) => r.status },
            { header: 'marquee', value: (r) => String(r.marquee) },
            { header: 'startsAt', value: (r) => r.startsAt },
            { header: 'endsAt', value: (r) => r.endsAt ?? '' },
            { header: 'createdBy', value: (r) => r.createdBy },
          ],
        }}
      />
      <NoticeForm
        notice={editing}
        merchantCode={merchantCode}
        languages={languages}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
    </div>
  );
}
