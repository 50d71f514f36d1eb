import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OpsApproval } from '@taya/contracts';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, DateTime, JsonView, Money } from '../../components/display';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { fetchAllPages } from '../../lib/api-client';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import { decideApproval, fetchApprovals, type ApprovalFilters } from './api';

const emptyFilters: ApprovalFilters = { status: 'pending', kind: '' };
const statusTone = { pending: 'warn', approved: 'good', rejected: 'bad' } as const;

/** A request's payload in words where the kind is known: an adjustment's signed amount. */
function What({ row }: { row: OpsApproval }) {
  const { t } = useTranslation();
  const p = row.payload;
  if (row.kind === 'player.adjustment' && typeof p.amount === 'string') {
    const debit = p.amount.startsWith('-');
    return (
      <span className="nowrap">
        {t(debit ? 'approvals.debit' : 'approvals.credit', { wallet: String(p.wallet) })}{' '}
        <Money
          minor={p.amount.replace(/^-/, '')}
          {...(typeof p.currency === 'string' ? { currency: p.currency } : {})}
        />
      </span>
    );
  }
  return <JsonView value={p} label={row.kind} />;
}

/** `/console/approvals`: four-eyes requests; a second operator approves or rejects them. */
export default function ApprovalsPage() {
  const { t } = useTranslation();
  const { may, operator } = useOperator();
  const queryClient = useQueryClient();
  const state = useUrlFilters(emptyFilters);
  const query = activeFilters(state.filters);
  const [deciding, setDeciding] = useState<{
    row: OpsApproval;
    decision: 'approve' | 'reject';
  } | null>(null);

  const list = useQuery({
    queryKey: ['ops', 'approvals', query, state.page, state.pageSize],
    queryFn: ({ signal }) => fetchApprovals(query, state.page, state.pageSize, signal),
    placeholderData: keepPreviousData,
  });

  const fields: FilterField[] = [
    {
      name: 'status',
      label: t('approvals.status'),
      type: 'select',
      options: (['pending', 'approved', 'rejected'] as const).map((s) => ({
        value: s,
        label: t(`approvals.statuses.${s}`),
      })),
    },
    { name: 'kind', label: t('approvals.kind'), placeholder: 'player.adjustment' },
  ];

  const mayReview = may('approvals.review');
  const columns = useMemo<ColumnDef<OpsApproval, never>[]>(
    () => [
      {
        id: 'createdAt',
        header: t('approvals.requestedAt'),
        cell: ({ row }) => <DateTime iso={row.original.createdAt} />,
      },
      {
        id: 'target',
        header: t('approvals.target'),
        cell: ({ row }) =>
          row.original.targetType === 'player' ? (
            <Link
              to={`/players/${encodeURIComponent(row.original.targetId)}`}
              title={row.original.kind}
            >
              <span className="nowrap">{row.original.targetId.slice(0, 8)}</span>
            </Link>
          ) : (
            <span>
              {row.original.targetType} · {row.original.targetId}
            </span>
          ),
      },
      {
        id: 'what',
        header: t('approvals.what'),
        cell: ({ row }) => (
          <>
            <What row={row.original} />
            <div>
              <span className="muted cell-clip" title={row.original.reason}>
                {row.original.reason}
              </span>
            </div>
          </>
        ),
      },
      {
        id: 'requestedBy',
        header: t('approvals.requestedBy'),
        cell: ({ row }) => row.original.requestedByUsername,
      },
      {
        id: 'status',
        header: t('approvals.status'),
        cell: ({ row }) => (
          <span className="nowrap">
            <Badge tone={statusTone[row.original.status]}>
              {t(`approvals.statuses.${row.original.status}`)}
            </Badge>
            {row.original.decidedByUsername && (
              <span className="muted"> · {row.original.decidedByUsername}</span>
            )}
          </span>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('common.actions')}</span>,
        meta: { className: 'cell-actions' },
        cell: ({ row }) => {
          const r = row.original;
          if (r.status !== 'pending') return null;
          if (r.requestedBy === operator?.id)
            return <span className="muted nowrap">{t('approvals.waiting')}</span>;
          if (!mayReview) return null;
          return (
            <span className="nowrap">
              <button
                type="button"
                className="btn btn-small btn-primary"
                onClick={() => setDeciding({ row: r, decision: 'approve' })}
              >
                {t('approvals.approve')}
              </button>{' '}
              <button
                type="button"
                className="btn btn-small btn-danger-ghost"
                onClick={() => setDeciding({ row: r, decision: 'reject' })}
              >
                {t('approvals.reject')}
              </button>
            </span>
          );
        },
      },
    ],
    [t, mayReview, operator],
  );

  return (
    <div className="page">
      <PageHeader title={t('approvals.title')} description={t('approvals.description')} />
      <FilterBar
        fields={fields}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<ApprovalFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('approvals.title')}
        testId="approvals-table"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        paging={state}
        emptyText={t('approvals.empty')}
        csv={{
          filename: 'approvals.csv',
          fetchAll: () => fetchAllPages((page, size) => fetchApprovals(query, page, size)),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'kind', value: (r) => r.kind },
            { header: 'merchant', value: (r) => r.merchantCode },
            { header: 'targetType', value: (r) => r.targetType },
            { header: 'targetId', value: (r) => r.targetId },
            { header: 'payload', value: (r) => JSON.stringify(r.payload) },
            { header: 'reason', value: (r) => r.reason },
            { header: 'status', value: (r) => r.status },
            { header: 'requestedBy', value: (r) => r.requestedByUsername },
            { header: 'createdAt', value: (r) => r.createdAt },
            { header: 'decidedBy', value: (r) => r.decidedByUsername },
            { header: 'decidedAt', value: (r) => r.decidedAt },
            { header: 'note', value: (r) => r.decisionNote },
          ],
        }}
      />
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(open) => !open && setDeciding(null)}
        title={deciding ? t(`approvals.${deciding.decision}Title`) : ''}
        description={
          deciding
            ? t(`approvals.${deciding.decision}Text`, {
                requester: deciding.row.requestedByUsername,
              })
            : ''
        }
        confirmLabel={deciding ? t(`approvals.${deciding.decision}`) : ''}
        tone={deciding?.decision === 'reject' ? 'danger' : 'primary'}
        reason={{ minLength: 3, label: t('approvals.note') }}
        onConfirm={async (note) => {
          if (!deciding) return;
          await decideApproval(deciding.row.id, deciding.decision, note);
          await queryClient.invalidateQueries({ queryKey: ['ops'] });
        }}
      />
    </div>
  );
}
