import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { redemptionStatuses, type RedemptionStatus } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { Badge, DateTime } from '../../components/display';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { useUrlFilters } from '../../lib/url-filters';
import { decideRedemption, fetchRedemptions, type OpsRedemption } from './points-api';

const tone = { 'In Process': 'warn', Approved: 'good', Rejected: 'bad' } as const;

/** `/console/promotions/redemptions`: members' points-mall redemptions to approve or reject. */
export default function RedemptionsPage() {
  const { t } = useTranslation();
  const merchantCode = useOperator().operator?.merchantCode ?? '';
  const queryClient = useQueryClient();
  const { filters, setFilters, reset } = useUrlFilters({ status: 'In Process' });
  const status: RedemptionStatus =
    redemptionStatuses.find((s) => s === filters.status) ?? 'In Process';
  const [open, setOpen] = useState<OpsRedemption | null>(null);
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'points', 'redemptions', merchantCode, status],
    queryFn: ({ signal }) => fetchRedemptions(merchantCode, status, signal),
    enabled: merchantCode !== '',
  });
  const statusText = (s: RedemptionStatus) => t(`points.redemptions.statuses.${s}`);

  const columns = useMemo<ColumnDef<OpsRedemption, never>[]>(
    () => [
      {
        id: 'createdAt',
        header: t('points.redemptions.created'),
        cell: ({ row }) => <DateTime iso={row.original.createdAt} />,
      },
      {
        id: 'member',
        header: t('points.redemptions.member'),
        cell: ({ row }) => <span className="cell-clip">{row.original.accountId}</span>,
      },
      {
        id: 'reward',
        header: t('points.redemptions.reward'),
        cell: ({ row }) => <span className="cell-clip">{row.original.rewardName}</span>,
      },
      {
        id: 'type',
        header: t('points.redemptions.type'),
        cell: ({ row }) => t(`points.redemptions.types.${row.original.type}`),
      },
      {
        id: 'quantity',
        header: t('points.redemptions.quantity'),
        cell: ({ row }) => row.original.quantity,
        meta: { className: 'num' },
      },
      {
        id: 'points',
        header: t('points.redemptions.points'),
        cell: ({ row }) => row.original.points,
        meta: { className: 'num' },
      },
      {
        id: 'amount',
        header: t('points.redemptions.amount'),
        cell: ({ row }) => row.original.amount ?? '—',
        meta: { className: 'num' },
      },
      {
        id: 'status',
        header: t('points.redemptions.status'),
        cell: ({ row }) => (
          <Badge tone={tone[row.original.status]}>{statusText(row.original.status)}</Badge>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- statusText only reads t
    [t],
  );

  const decide = async (reason: string) => {
    if (!open || !deciding) return;
    const done = await decideRedemption(open.id, deciding, reason);
    setOpen({ ...open, ...done });
    await queryClient.invalidateQueries({ queryKey: ['ops', 'points', 'redemptions'] });
  };

  return (
    <div className="page">
      <PageHeader
        title={t('points.redemptions.title')}
        description={t('points.redemptions.description', { merchant: merchantCode })}
      />
      <FilterBar
        fields={[
          {
            name: 'status',
            label: t('points.redemptions.status'),
            type: 'select',
            options: redemptionStatuses.map((s) => ({ value: s, label: statusText(s) })),
          },
        ]}
        values={filters}
        onApply={(next) => setFilters(next)}
        onReset={reset}
      />
      <DataTable
        label={t('points.redemptions.title')}
        testId="redemptions-table"
        columns={columns}
        rows={list.data}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        onRowClick={setOpen}
        emptyText={t('points.redemptions.empty')}
        csv={{
          filename: `redemptions-${merchantCode}`,
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'createdAt', value: (r) => r.createdAt },
            { header: 'accountId', value: (r) => r.accountId },
            { header: 'reward', value: (r) => r.rewardName },
            { header: 'type', value: (r) => r.type },
            { header: 'quantity', value: (r) => r.quantity },
            { header: 'points', value: (r) => r.points },
            { header: 'amount', value: (r) => r.amount ?? '' },
            { header: 'status', value: (r) => r.status },
            { header: 'note', value: (r) => r.decisionNote ?? '' },
          ],
          fetchAll: () => fetchRedemptions(merchantCode, status),
        }}
      />
      <Dialog
        side
        open={open !== null}
        onOpenChange={(o) => !o && setOpen(null)}
        title={t('points.redemptions.detail')}
      >
        {open && (
          <div data-testid="redemption-detail">
            <dl className="details">
              <dt>{t('points.redemptions.member')}</dt>
              <dd>{open.accountId}</dd>
              <dt>{t('points.redemptions.reward')}</dt>
              <dd>{open.rewardName}</dd>
              <dt>{t('points.redemptions.type')}</dt>
              <dd>{t(`points.redemptions.types.${open.type}`)}</dd>
              <dt>{t('points.redemptions.quantity')}</dt>
              <dd>{open.quantity}</dd>
              <dt>{t('points.redemptions.points')}</dt>
              <dd>{open.points}</dd>
              {open.amount && (
                <>
                  <dt>{t('points.redemptions.amount')}</dt>
                  <dd>{open.amount}</dd>
                </>
              )}
              <dt>{t('points.redemptions.delivery')}</dt>
              <dd>{[open.redeemType, open.province].filter(Boolean).join(' · ')}</dd>
              {open.remarks && (
                <>
                  <dt>{t('points.redemptions.remarks')}</dt>
                  <dd>{open.remarks}</dd>
                </>
              )}
              <dt>{t('points.redemptions.status')}</dt>
              <dd>
                <Badge tone={tone[open.status]}>{statusText(open.status)}</Badge>
              </dd>
              {open.decisionNote && (
                <>
                  <dt>{t('points.redemptions.note')}</dt>
                  <dd>{open.decisionNote}</dd>
                </>
              )}
            </dl>
            {open.status === 'In Process' && (
              <Can action="points.redemptions.approve">
                <div className="dialog-actions">
                  <button
                    type="button"
                    className="btn btn-danger"
                    onClick={() => setDeciding('reject')}
                  >
                    {t('points.redemptions.reject')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => setDeciding('approve')}
                  >
                    {t('points.redemptions.approve')}
                  </button>
                </div>
              </Can>
            )}
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(o) => !o && setDeciding(null)}
        title={
          deciding === 'reject'
            ? t('points.redemptions.rejectTitle')
            : t('points.redemptions.approveTitle')
        }
        description={
          deciding === 'reject'
            ? t('points.redemptions.rejectText')
            : t('points.redemptions.approveText')
        }
        confirmLabel={
          deciding === 'reject' ? t('points.redemptions.reject') : t('points.redemptions.approve')
        }
        tone={deciding === 'reject' ? 'danger' : 'primary'}
        reason={{ minLength: 5 }}
        onConfirm={decide}
      />
    </div>
  );
}
