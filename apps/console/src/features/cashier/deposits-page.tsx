import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { opsChannelListSchema, type OpsChannel, type OpsDepositRow } from '@taya/contracts';
import { Can } from '../../auth/can';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, DateTime } from '../../components/display';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { fetchAllPages, get } from '../../lib/api-client';
import { formatDecimal } from '../../lib/format';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import { approveDeposit, fetchDeposits, rejectDeposit, type DepositFilters } from './api';
import { UploadThumb } from './upload-image';

const emptyFilters: DepositFilters = { status: 'pending', channelCode: '' };
const statusTone = { pending: 'warn', credited: 'good', rejected: 'bad' } as const;

/** `/console/cashier/deposits`: the deposit queue, its receipts, and approve / reject. */
export default function DepositsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useUrlFilters(emptyFilters);
  const query = activeFilters(state.filters);
  const [deciding, setDeciding] = useState<{
    row: OpsDepositRow;
    decision: 'approve' | 'reject';
  } | null>(null);

  const list = useQuery({
    queryKey: ['ops', 'cashier', 'deposits', query, state.page, state.pageSize, state.sort],
    queryFn: ({ signal }) => fetchDeposits(query, state.page, state.pageSize, state.sort, signal),
    placeholderData: keepPreviousData,
  });
  const channels = useQuery({
    queryKey: ['ops', 'cashier', 'channels'],
    queryFn: ({ signal }) =>
      get<OpsChannel[]>('/ops/cashier/channels', {
        schema: import.meta.env.DEV && opsChannelListSchema,
        signal,
      }),
  });

  const fields: FilterField[] = [
    {
      name: 'status',
      label: t('cashier.status'),
      type: 'select',
      options: (['pending', 'credited', 'rejected', 'all'] as const).map((s) => ({
        value: s,
        label: t(`cashier.depositStatus.${s}`),
      })),
    },
    {
      name: 'channelCode',
      label: t('cashier.channel'),
      type: 'select',
      options: [
        { value: '', label: t('cashier.anyChannel') },
        ...[...new Map((channels.data ?? []).map((c) => [c.code, c])).values()].map((c) => ({
          value: c.code,
          label: `${c.name} (${c.code})`,
        })),
      ],
    },
  ];

  const columns = useMemo<ColumnDef<OpsDepositRow, never>[]>(
    () => [
      {
        id: 'createdAt',
        header: t('cashier.requested'),
        enableSorting: true,
        cell: ({ row }) => <DateTime iso={row.original.createdAt} />,
      },
      {
        id: 'member',
        header: t('cashier.member'),
        cell: ({ row }) => (
          <>
            {row.original.username ?? row.original.accountId}
            <br />
            <span className="muted">{row.original.merchantCode}</span>
          </>
        ),
      },
      {
        id: 'channel',
        header: t('cashier.channel'),
        cell: ({ row }) => row.original.channelName ?? row.original.channelCode,
      },
      {
        id: 'amount',
        header: t('cashier.amount'),
        enableSorting: true,
        cell: ({ row }) => (
          <span className="nowrap">
            {formatDecimal(row.original.amount)} {row.original.currency}
          </span>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'receipts',
        header: t('cashier.receipts'),
        cell: ({ row }) =>
          row.original.receiptIds.length === 0 ? (
            <span className="muted">{row.original.gatewayRef ?? '—'}</span>
          ) : (
            <span className="nowrap" style={{ display: 'inline-flex', gap: 4 }}>
              {row.original.receiptIds.map((id, i) => (
                <UploadThumb
                  key={id}
                  id={id}
                  label={t('cashier.receiptOf', {
                    n: i + 1,
                    member: row.original.username ?? row.original.accountId,
                  })}
                />
              ))}
            </span>
          ),
      },
      {
        id: 'status',
        header: t('cashier.status'),
        cell: ({ row }) => (
          <Badge tone={statusTone[row.original.status]}>
            {t(`cashier.depositStatus.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('common.actions')}</span>,
        cell: ({ row }) =>
          row.original.status === 'pending' ? (
            <Can action="cashier.deposits.approve">
              <span style={{ display: 'inline-flex', flexDirection: 'column', gap: 4 }}>
                <button
                  type="button"
                  className="btn btn-small btn-primary"
                  onClick={() => setDeciding({ row: row.original, decision: 'approve' })}
                >
                  {t('cashier.approve')}
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  onClick={() => setDeciding({ row: row.original, decision: 'reject' })}
                >
                  {t('cashier.reject')}
                </button>
              </span>
            </Can>
          ) : (
            <span className="muted">{row.original.note ?? ''}</span>
          ),
        meta: { className: 'cell-actions' },
      },
    ],
    [t],
  );

  const target = deciding?.row;
  const amountText = target ? `${formatDecimal(target.amount)} ${target.currency}` : '';
  const member = target ? (target.username ?? target.accountId) : '';
  return (
    <div className="page">
      <PageHeader
        title={t('cashier.depositsTitle')}
        description={t('cashier.depositsDescription')}
      />
      <FilterBar
        fields={fields}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<DepositFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('cashier.depositsTitle')}
        testId="deposits-table"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        paging={state}
        emptyText={t('cashier.depositsEmpty')}
        csv={{
          filename: 'deposits.csv',
          fetchAll: () =>
            fetchAllPages((page, size) => fetchDeposits(query, page, size, state.sort)),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'createdAt', value: (r) => r.createdAt },
            { header: 'merchant', value: (r) => r.merchantCode },
            { header: 'member', value: (r) => r.username ?? r.accountId },
            { header: 'channel', value: (r) => r.channelCode },
            { header: 'amount', value: (r) => r.amount },
            { header: 'currency', value: (r) => r.currency },
            { header: 'status', value: (r) => r.status },
            { header: 'gatewayRef', value: (r) => r.gatewayRef },
            { header: 'receipts', value: (r) => r.receiptIds.length },
            { header: 'decidedAt', value: (r) => r.decidedAt },
            { header: 'decidedBy', value: (r) => r.decidedBy },
            { header: 'note', value: (r) => r.note },
          ],
        }}
      />
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(open) => !open && setDeciding(null)}
        title={
          deciding?.decision === 'reject'
            ? t('cashier.rejectDepositTitle')
            : t('cashier.approveDepositTitle')
        }
        description={
          deciding?.decision === 'reject'
            ? t('cashier.rejectDepositText', { amount: amountText, member })
            : t('cashier.approveDepositText', { amount: amountText, member })
        }
        confirmLabel={deciding?.decision === 'reject' ? t('cashier.reject') : t('cashier.approve')}
        tone={deciding?.decision === 'reject' ? 'danger' : 'primary'}
        reason={{ minLength: 3 }}
        onConfirm={async (reason) => {
          if (!deciding) return;
          if (deciding.decision === 'reject') await rejectDeposit(deciding.row.id, reason);
          else await approveDeposit(deciding.row.id, reason);
          await queryClient.invalidateQueries({ queryKey: ['ops', 'cashier'] });
        }}
      />
    </div>
  );
}
