import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { withdrawalRiskFlags, type OpsWithdrawalRow } from '@taya/contracts';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, DateTime } from '../../components/display';
import { FilterBar, type FilterField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { fetchAllPages } from '../../lib/api-client';
import { formatDecimal } from '../../lib/format';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import {
  approveWithdrawal,
  fetchWithdrawals,
  payWithdrawal,
  rejectWithdrawal,
  resolveWithdrawal,
  type WithdrawalFilters,
} from './api';
import { flagTone, isDisputed } from './flags';
import { PayDialog } from './pay-dialog';
import { WithdrawalDetail, type WithdrawalAction } from './withdrawal-detail';

const emptyFilters: WithdrawalFilters = { status: 'pending', flag: '' };
const statusTone = { pending: 'warn', approved: 'good', rejected: 'bad' } as const;

/** `/console/cashier/withdrawals`: the withdrawal queue with risk flags, payouts and disputes. */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useUrlFilters(emptyFilters);
  const query = activeFilters(state.filters);
  const [selected, setSelected] = useState<OpsWithdrawalRow | null>(null);
  const [acting, setActing] = useState<{ row: OpsWithdrawalRow; action: WithdrawalAction } | null>(
    null,
  );

  const list = useQuery({
    queryKey: ['ops', 'cashier', 'withdrawals', query, state.page, state.pageSize, state.sort],
    queryFn: ({ signal }) =>
      fetchWithdrawals(query, state.page, state.pageSize, state.sort, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'cashier'] });

  const fields: FilterField[] = [
    {
      name: 'status',
      label: t('cashier.status'),
      type: 'select',
      options: (['pending', 'approved', 'rejected', 'disputed', 'all'] as const).map((s) => ({
        value: s,
        label: t(`cashier.withdrawalStatus.${s}`),
      })),
    },
    {
      name: 'flag',
      label: t('cashier.flagFilter'),
      type: 'select',
      options: [
        { value: '', label: t('cashier.anyFlag') },
        ...withdrawalRiskFlags.map((f) => ({ value: f, label: t(`cashier.flag.${f}`) })),
      ],
    },
  ];

  const columns = useMemo<ColumnDef<OpsWithdrawalRow, never>[]>(
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
        id: 'payout',
        header: t('cashier.payoutAccount'),
        cell: ({ row }) => (
          <span className="cell-clip">
            {row.original.payoutAccount.provider} · {row.original.payoutAccount.accountNumber}
          </span>
        ),
      },
      {
        id: 'flags',
        header: t('cashier.flags'),
        cell: ({ row }) =>
          row.original.flags.length === 0 ? (
            <span className="muted">—</span>
          ) : (
            <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
              {row.original.flags.map((flag) => (
                <span key={flag} title={t(`cashier.flagHelp.${flag}`)}>
                  <Badge tone={flagTone[flag]}>{t(`cashier.flag.${flag}`)}</Badge>
                </span>
              ))}
            </span>
          ),
      },
      {
        id: 'status',
        header: t('cashier.status'),
        cell: ({ row }) => (
          <span className="nowrap">
            <Badge tone={statusTone[row.original.status]}>
              {t(`cashier.withdrawalStatus.${row.original.status}`)}
            </Badge>{' '}
            {isDisputed(row.original) && (
              <Badge tone="bad">{t('cashier.withdrawalStatus.disputed')}</Badge>
            )}
            {row.original.confirmation && !isDisputed(row.original) && (
              <span className="muted">
                {t(`cashier.confirmation.${row.original.confirmation}`)}
              </span>
            )}
          </span>
        ),
      },
      {
        id: 'paymentRef',
        header: t('cashier.paymentRef'),
        cell: ({ row }) => row.original.paymentRef ?? <span className="muted">—</span>,
      },
    ],
    [t],
  );

  const target = acting?.row;
  const words = target
    ? {
        amount: `${formatDecimal(target.amount)} ${target.currency}`,
        member: target.username ?? target.accountId,
      }
    : { amount: '', member: '' };
  const confirmAction = acting && acting.action !== 'pay' ? acting.action : null;

  return (
    <div className="page">
      <PageHeader
        title={t('cashier.withdrawalsTitle')}
        description={t('cashier.withdrawalsDescription')}
      />
      <FilterBar
        fields={fields}
        values={state.filters}
        onApply={(next) => state.setFilters(next as Partial<WithdrawalFilters>)}
        onReset={state.reset}
      />
      <DataTable
        label={t('cashier.withdrawalsTitle')}
        testId="withdrawals-table"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        onRowClick={setSelected}
        paging={state}
        emptyText={t('cashier.withdrawalsEmpty')}
        csv={{
          filename: 'withdrawals.csv',
          fetchAll: () =>
            fetchAllPages((page, size) => fetchWithdrawals(query, page, size, state.sort)),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'createdAt', value: (r) => r.createdAt },
            { header: 'merchant', value: (r) => r.merchantCode },
            { header: 'member', value: (r) => r.username ?? r.accountId },
            { header: 'amount', value: (r) => r.amount },
            { header: 'currency', value: (r) => r.currency },
            { header: 'status', value: (r) => r.status },
            { header: 'confirmation', value: (r) => r.confirmation },
            { header: 'resolution', value: (r) => r.resolution },
            { header: 'flags', value: (r) => r.flags.join(' ') },
            { header: 'payoutProvider', value: (r) => r.payoutAccount.provider },
            { header: 'payoutNumber', value: (r) => r.payoutAccount.accountNumber },
            { header: 'paymentRef', value: (r) => r.paymentRef },
            { header: 'decidedAt', value: (r) => r.decidedAt },
            { header: 'decidedBy', value: (r) => r.decidedBy },
            { header: 'note', value: (r) => r.decisionNote },
          ],
        }}
      />
      <WithdrawalDetail
        row={selected}
        onClose={() => setSelected(null)}
        onAction={(row, action) => {
          setSelected(null);
          setActing({ row, action });
        }}
      />
      <PayDialog
        open={acting?.action === 'pay'}
        onOpenChange={(open) => !open && setActing(null)}
        description={t('cashier.payText', words)}
        onPay={async (paymentRef, note) => {
          if (!acting) return;
          await payWithdrawal(acting.row.id, paymentRef, note);
          await refresh();
        }}
      />
      <ConfirmDialog
        open={confirmAction !== null}
        onOpenChange={(open) => !open && setActing(null)}
        title={confirmAction ? t(`cashier.withdrawalConfirm.${confirmAction}.title`) : ''}
        description={
          confirmAction ? t(`cashier.withdrawalConfirm.${confirmAction}.text`, words) : ''
        }
        confirmLabel={confirmAction ? t(`cashier.withdrawalConfirm.${confirmAction}.confirm`) : ''}
        tone={confirmAction === 'reject' || confirmAction === 'returned' ? 'danger' : 'primary'}
        reason={{ minLength: 3 }}
        onConfirm={async (reason) => {
          if (!acting) return;
          const { row, action } = acting;
          if (action === 'approve') await approveWithdrawal(row.id, reason);
          else if (action === 'reject') await rejectWithdrawal(row.id, reason);
          else if (action === 'paid' || action === 'returned') {
            await resolveWithdrawal(row.id, action, reason);
          }
          await refresh();
        }}
      />
    </div>
  );
}
