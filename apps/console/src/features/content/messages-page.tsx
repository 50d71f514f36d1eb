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
import { deleteMessage, fetchMessages, type OpsMessage } from './api';
import { textOf, useContentLanguages } from './form-parts';
import { MessageForm } from './message-form';
import { RowActions } from './row-actions';

const emptyFilters = { audience: '', username: '', q: '' };

/** `/console/content/messages`: messages to one member or to all, and a form to send one. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const { merchantCode, languages } = useContentLanguages();
  const state = useUrlFilters(emptyFilters, { pageSize: 25 });
  const query = activeFilters(state.filters);
  const client = useQueryClient();
  const [sending, setSending] = useState(false);
  const list = useQuery({
    queryKey: ['ops', 'content', 'messages', merchantCode, query, state.page, state.pageSize],
    queryFn: ({ signal }) => fetchMessages(merchantCode, query, state.page, state.pageSize, signal),
    enabled: merchantCode !== '',
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['ops', 'content', 'messages'] });

  const columns = useMemo<ColumnDef<OpsMessage, never>[]>(
    () => [
      {
        id: 'createdAt',
        header: t('content.fields.createdAt'),
        cell: ({ row }) => <DateTime iso={row.original.createdAt} />,
      },
      {
        id: 'to',
        header: t('content.messages.to'),
        cell: ({ row }) =>
          row.original.accountId ? (
            <strong>{row.original.username ?? row.original.accountId}</strong>
          ) : row.original.vipLevels ? (
            t('content.messages.vip', { ranks: row.original.vipLevels.join(', ') })
          ) : (
            t('content.messages.everyone')
          ),
      },
      {
        id: 'title',
        header: t('content.fields.title'),
        cell: ({ row }) => <span className="cell-clip">{textOf(row.original.title)}</span>,
      },
      {
        id: 'content',
        header: t('content.fields.content'),
        cell: ({ row }) => <span className="cell-clip">{textOf(row.original.content)}</span>,
      },
      {
        id: 'createdBy',
        header: t('content.fields.createdBy'),
        cell: ({ row }) => row.original.createdBy,
      },
      {
        id: 'actions',
        header: t('content.fields.actions'),
        cell: ({ row }) => (
          <RowActions
            label={textOf(row.original.title)}
            published
            actions={['delete']}
            onAction={async (_action, reason) => {
              await deleteMessage(row.original.id, reason);
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
        title={t('content.messages.title')}
        description={t('content.messages.description', { merchant: merchantCode })}
        actions={
          <Can action="content.write">
            <button type="button" className="btn btn-primary" onClick={() => setSending(true)}>
              {t('content.messages.new')}
            </button>
          </Can>
        }
      />
      <FilterBar
        fields={[
          {
            name: 'audience',
            label: t('content.messages.audience'),
            type: 'select',
            options: [
              { value: 'personal', label: t('content.messages.personal') },
              { value: 'everyone', label: t('content.messages.everyone') },
              { value: 'vip', label: t('content.messages.vipAudience') },
            ],
          },
          { name: 'username', label: t('content.messages.username') },
          { name: 'q', label: t('content.search'), placeholder: t('content.searchPlaceholder') },
        ]}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<typeof emptyFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('content.messages.title')}
        testId="messages-table"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        paging={state}
        emptyText={t('content.messages.empty')}
        csv={{
          filename: `messages-${merchantCode}.csv`,
          fetchAll: () =>
            fetchAllPages((page, size) => fetchMessages(merchantCode, query, page, size)),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'createdAt', value: (r) => r.createdAt },
            { header: 'accountId', value: (r) => r.accountId ?? '' },
            { header: 'username', value: (r) => r.username ?? '' },
            { header: 'vipLevels', value: (r) => r.vipLevels?.join(' ') ?? '' },
            { header: 'title', value: (r) => textOf(r.title) },
            { header: 'content', value: (r) => textOf(r.content) },
            { header: 'createdBy', value: (r) => r.createdBy },
          ],
        }}
      />
      <MessageForm
        open={sending}
        merchantCode={merchantCode}
        languages={languages}
        onClose={() => setSending(false)}
        onSaved={refresh}
      />
    </div>
  );
}
