import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedbackTypes } from '@taya/contracts';
import { Badge, DateTime } from '../../components/display';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { fetchAllPages } from '../../lib/api-client';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import { fetchFeedback, type OpsFeedback } from './api';
import { useContentLanguages } from './form-parts';
import { FeedbackPanel } from './feedback-panel';

const emptyFilters = { replied: '', type: '', q: '' };

/** `/console/content/feedback`: the feedback inbox; a row opens it, with the reply form. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const { merchantCode } = useContentLanguages();
  const state = useUrlFilters(emptyFilters, { pageSize: 25 });
  const query = activeFilters(state.filters);
  const client = useQueryClient();
  const [open, setOpen] = useState<OpsFeedback | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'content', 'feedback', merchantCode, query, state.page, state.pageSize],
    queryFn: ({ signal }) => fetchFeedback(merchantCode, query, state.page, state.pageSize, signal),
    enabled: merchantCode !== '',
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<ColumnDef<OpsFeedback, never>[]>(
    () => [
      {
        id: 'createdAt',
        header: t('content.feedback.received'),
        cell: ({ row }) => <DateTime iso={row.original.createdAt} />,
      },
      {
        id: 'sender',
        header: t('content.feedback.sender'),
        cell: ({ row }) => <strong>{row.original.sender}</strong>,
      },
      {
        id: 'type',
        header: t('content.feedback.type'),
        cell: ({ row }) =>
          t(`content.feedback.types.${row.original.type}` as 'content.feedback.types.0'),
      },
      {
        id: 'content',
        header: t('content.fields.content'),
        cell: ({ row }) => <span className="cell-clip">{row.original.content}</span>,
      },
      {
        id: 'status',
        header: t('content.fields.status'),
        cell: ({ row }) =>
          row.original.repliedAt ? (
            <Badge tone="good">{t('content.feedback.replied')}</Badge>
          ) : (
            <Badge tone="warn">{t('content.feedback.waiting')}</Badge>
          ),
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('content.feedback.title')}
        description={t('content.feedback.description')}
      />
      <FilterBar
        fields={[
          {
            name: 'replied',
            label: t('content.fields.status'),
            type: 'select',
            options: [
              { value: 'no', label: t('content.feedback.waiting') },
              { value: 'yes', label: t('content.feedback.replied') },
            ],
          },
          {
            name: 'type',
            label: t('content.feedback.type'),
            type: 'select',
            options: feedbackTypes.map((n) => ({
              value: String(n),
              label: t(`content.feedback.types.${n}` as 'content.feedback.types.0'),
            })),
          },
          { name: 'q', label: t('content.search') },
        ]}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<typeof emptyFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('content.feedback.title')}
        testId="feedback-table"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        onRowClick={setOpen}
        paging={state}
        emptyText={t('content.feedback.empty')}
        csv={{
          filename: `feedback-${merchantCode}.csv`,
          fetchAll: () =>
            fetchAllPages((page, size) => fetchFeedback(merchantCode, query, page, size)),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'createdAt', value: (r) => r.createdAt },
            { header: 'sender', value: (r) => r.sender },
            { header: 'accountId', value: (r) => r.accountId ?? '' },
            { header: 'type', value: (r) => r.type },
            { header: 'content', value: (r) => r.content },
            { header: 'reply', value: (r) => r.reply ?? '' },
            { header: 'repliedAt', value: (r) => r.repliedAt ?? '' },
            { header: 'repliedBy', value: (r) => r.repliedBy ?? '' },
          ],
        }}
      />
      <FeedbackPanel
        feedback={open}
        onClose={() => setOpen(null)}
        onReplied={async (next) => {
          setOpen(next);
          await client.invalidateQueries({ queryKey: ['ops', 'content', 'feedback'] });
        }}
      />
    </div>
  );
}
