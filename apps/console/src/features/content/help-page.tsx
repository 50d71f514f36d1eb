import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Can } from '../../auth/can';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { DateTime } from '../../components/display';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { useUrlFilters } from '../../lib/url-filters';
import { deleteHelp, fetchHelp, saveHelp, type OpsHelpArticle } from './api';
import { StateBadge, textOf, useContentLanguages } from './form-parts';
import { HelpForm } from './help-form';
import { RowActions } from './row-actions';

const emptyFilters = { tag: '', q: '' };

/** `/console/content/help`: the help centre's topics, each followed by its questions. */
export default function HelpPage() {
  const { t } = useTranslation();
  const { merchantCode, languages } = useContentLanguages();
  const state = useUrlFilters(emptyFilters, { pageSize: 200 });
  const client = useQueryClient();
  const [editing, setEditing] = useState<OpsHelpArticle | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'content', 'help', merchantCode],
    queryFn: ({ signal }) => fetchHelp(merchantCode, signal),
    enabled: merchantCode !== '',
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['ops', 'content', 'help'] });
  const all = useMemo(() => list.data?.list ?? [], [list.data]);
  const topics = all.filter((a) => a.parentId === null);

  // Topics in order, each followed by its questions; then the filters.
  const rows = useMemo(() => {
    const q = state.filters.q.toLowerCase();
    const ordered = all
      .filter((a) => a.parentId === null)
      .flatMap((topic) => [topic, ...all.filter((a) => a.parentId === topic.id)]);
    return ordered.filter(
      (a) =>
        (!state.filters.tag || a.tag === state.filters.tag) &&
        (!q || JSON.stringify(a.title).toLowerCase().includes(q)),
    );
  }, [all, state.filters]);
  const paged = rows.slice((state.page - 1) * state.pageSize, state.page * state.pageSize);

  const publish = async (row: OpsHelpArticle, display: boolean, reason: string) =>
    saveHelp({
      id: row.id,
      merchantCode,
      parentId: row.parentId,
      tag: row.tag as never,
      title: row.title,
      content: row.content,
      display,
      sort: row.sort,
      reason,
    });

  const columns = useMemo<ColumnDef<OpsHelpArticle, never>[]>(
    () => [
      {
        id: 'title',
        header: t('content.fields.title'),
        cell: ({ row }) =>
          row.original.parentId ? (
            <span className="cell-clip content-indent">↳ {textOf(row.original.title)}</span>
          ) : (
            <strong className="cell-clip">{textOf(row.original.title)}</strong>
          ),
      },
      { id: 'tag', header: t('content.fields.tag'), cell: ({ row }) => row.original.tag },
      {
        id: 'languages',
        header: t('content.fields.languages'),
        cell: ({ row }) => Object.keys(row.original.title).join(', ').toUpperCase(),
      },
      {
        id: 'display',
        header: t('content.fields.status'),
        cell: ({ row }) => <StateBadge state={row.original.display ? 'published' : 'draft'} />,
      },
      {
        id: 'sort',
        header: t('content.fields.sort'),
        cell: ({ row }) => row.original.sort,
        meta: { className: 'num' },
      },
      {
        id: 'updatedAt',
        header: t('content.fields.updatedAt'),
        cell: ({ row }) => <DateTime iso={row.original.updatedAt} />,
      },
      {
        id: 'actions',
        header: t('content.fields.actions'),
        cell: ({ row }) => (
          <RowActions
            label={textOf(row.original.title)}
            published={row.original.display}
            onEdit={() => setEditing(row.original)}
            onAction={async (action, reason) => {
              if (action === 'delete') await deleteHelp(row.original.id, reason);
              else await publish(row.original, action === 'publish', reason);
              await refresh();
            }}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- publish and refresh are stable
    [t, merchantCode],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('content.help.title')}
        description={t('content.help.description', { merchant: merchantCode })}
        actions={
          <Can action="content.write">
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              {t('content.help.new')}
            </button>
          </Can>
        }
      />
      <FilterBar
        fields={[
          {
            name: 'tag',
            label: t('content.fields.tag'),
            type: 'select',
            options: [...new Set(all.map((a) => a.tag))].map((tag) => ({ value: tag, label: tag })),
          },
          { name: 'q', label: t('content.search') },
        ]}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<typeof emptyFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('content.help.title')}
        testId="help-table"
        columns={columns}
        rows={list.data ? paged : undefined}
        total={rows.length}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        paging={state}
        emptyText={t('content.help.empty')}
        csv={{
          filename: `help-${merchantCode}.csv`,
          fetchAll: async () => rows,
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'parentId', value: (r) => r.parentId ?? '' },
            { header: 'tag', value: (r) => r.tag },
            { header: 'title', value: (r) => textOf(r.title) },
            { header: 'languages', value: (r) => Object.keys(r.title).join(' ') },
            { header: 'display', value: (r) => String(r.display) },
            { header: 'sort', value: (r) => r.sort },
            { header: 'updatedAt', value: (r) => r.updatedAt },
          ],
        }}
      />
      <HelpForm
        article={editing}
        topics={topics}
        merchantCode={merchantCode}
        languages={languages}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
    </div>
  );
}
