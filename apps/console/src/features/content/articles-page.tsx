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
import { articleAction, fetchArticles, type OpsArticle } from './api';
import { ArticleForm } from './article-form';
import { StateBadge, useContentLanguages } from './form-parts';
import { RowActions } from './row-actions';

const emptyFilters = { kind: '', status: '', language: '', q: '' };

/** `/console/content/articles`: blog posts and news, one row per language. */
export default function ArticlesPage() {
  const { t } = useTranslation();
  const { merchantCode, languages } = useContentLanguages();
  const state = useUrlFilters(emptyFilters, { pageSize: 25 });
  const query = activeFilters(state.filters);
  const client = useQueryClient();
  const [editing, setEditing] = useState<OpsArticle | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'content', 'articles', merchantCode, query, state.page, state.pageSize],
    queryFn: ({ signal }) => fetchArticles(merchantCode, query, state.page, state.pageSize, signal),
    enabled: merchantCode !== '',
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['ops', 'content', 'articles'] });

  const columns = useMemo<ColumnDef<OpsArticle, never>[]>(
    () => [
      {
        id: 'cover',
        header: t('content.articles.cover'),
        cell: ({ row }) =>
          row.original.coverImageUrl ? (
            <img className="content-thumb" src={row.original.coverImageUrl} alt="" loading="lazy" />
          ) : (
            '—'
          ),
      },
      {
        id: 'title',
        header: t('content.fields.title'),
        cell: ({ row }) => <span className="cell-clip">{row.original.title}</span>,
      },
      {
        id: 'kind',
        header: t('content.fields.kind'),
        cell: ({ row }) => t(`content.articles.kinds.${row.original.kind}`),
      },
      {
        id: 'language',
        header: t('content.fields.language'),
        cell: ({ row }) => row.original.language.toUpperCase(),
      },
      { id: 'slug', header: t('content.fields.slug'), cell: ({ row }) => row.original.slug },
      {
        id: 'status',
        header: t('content.fields.status'),
        cell: ({ row }) => <StateBadge state={row.original.status} />,
      },
      {
        id: 'publishedAt',
        header: t('content.articles.publishedAt'),
        cell: ({ row }) => <DateTime iso={row.original.publishedAt} />,
      },
      {
        id: 'actions',
        header: t('content.fields.actions'),
        cell: ({ row }) => (
          <RowActions
            label={row.original.title}
            published={row.original.status === 'published'}
            onEdit={() => setEditing(row.original)}
            onAction={async (action, reason) => {
              await articleAction(row.original.id, action, reason);
              await refresh();
            }}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refresh only invalidates
    [t],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('content.articles.title')}
        description={t('content.articles.description', { merchant: merchantCode })}
        actions={
          <Can action="content.write">
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              {t('content.articles.new')}
            </button>
          </Can>
        }
      />
      <FilterBar
        fields={[
          {
            name: 'kind',
            label: t('content.fields.kind'),
            type: 'select',
            options: (['blog', 'news'] as const).map((k) => ({
              value: k,
              label: t(`content.articles.kinds.${k}`),
            })),
          },
          {
            name: 'status',
            label: t('content.fields.status'),
            type: 'select',
            options: (['published', 'draft'] as const).map((s) => ({
              value: s,
              label: t(`content.states.${s}`),
            })),
          },
          {
            name: 'language',
            label: t('content.fields.language'),
            type: 'select',
            options: languages.map((l) => ({ value: l, label: l.toUpperCase() })),
          },
          { name: 'q', label: t('content.search') },
        ]}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<typeof emptyFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('content.articles.title')}
        testId="articles-table"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        paging={state}
        emptyText={t('content.articles.empty')}
        csv={{
          filename: `articles-${merchantCode}.csv`,
          fetchAll: () =>
            fetchAllPages((page, size) => fetchArticles(merchantCode, query, page, size)),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'kind', value: (r) => r.kind },
            { header: 'slug', value: (r) => r.slug },
            { header: 'language', value: (r) => r.language },
            { header: 'title', value: (r) => r.title },
            { header: 'status', value: (r) => r.status },
            { header: 'tags', value: (r) => r.tags.join(' ') },
            { header: 'publishedAt', value: (r) => r.publishedAt },
            { header: 'updatedAt', value: (r) => r.updatedAt },
          ],
        }}
      />
      <ArticleForm
        article={editing}
        merchantCode={merchantCode}
        languages={languages}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
    </div>
  );
}
