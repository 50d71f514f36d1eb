import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bpsToPercent, type OpsChannel } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Badge } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { formatDecimal } from '../../lib/format';
import { ChannelCreateDialog } from './channel-create-dialog';
import { ChannelEditDialog } from './channel-edit-dialog';
import { fetchChannels, patchChannel } from './channels-api';
import { ReviewThresholdCard } from './review-threshold-card';

const keyOf = (c: OpsChannel) => `${c.merchantCode}:${c.code}`;

/** `/console/cashier/channels`: the merchants' payment channels, and the review threshold. */
export default function ChannelsPage() {
  const { t } = useTranslation();
  const { operator } = useOperator();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OpsChannel | null>(null);
  const [toggling, setToggling] = useState<OpsChannel | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: ['ops', 'cashier', 'channels'],
    queryFn: ({ signal }) => fetchChannels(signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'cashier'] });

  const columns = useMemo<ColumnDef<OpsChannel, never>[]>(
    () => [
      {
        id: 'merchant',
        header: t('cashier.merchant'),
        cell: ({ row }) => row.original.merchantCode,
      },
      {
        id: 'name',
        header: t('cashier.channels.name'),
        cell: ({ row }) => (
          <>
            {row.original.name}
            <br />
            <code className="muted">{row.original.code}</code>
          </>
        ),
      },
      {
        id: 'receiving',
        header: t('cashier.channels.receiving'),
        cell: ({ row }) => (
          <span className="cell-clip" style={{ maxWidth: 160 }}>
            {row.original.kind === 'online'
              ? t('cashier.channels.online', { gateway: row.original.gateway ?? '' })
              : Object.values(row.original.receiving).join(' · ')}
          </span>
        ),
      },
      {
        id: 'limits',
        header: t('cashier.channels.limits'),
        cell: ({ row }) => (
          <span className="nowrap">
            {formatDecimal(row.original.minAmount)} –<br />
            {formatDecimal(row.original.maxAmount)}
          </span>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'fee',
        header: t('cashier.channels.fee'),
        cell: ({ row }) => (
          <span className="nowrap">
            {formatDecimal(row.original.feeFixed)} + {bpsToPercent(row.original.feeBps)}%
          </span>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'enabled',
        header: t('cashier.status'),
        cell: ({ row }) =>
          row.original.enabled ? (
            <Badge tone="good">{t('cashier.channels.enabled')}</Badge>
          ) : (
            <Badge>{t('cashier.channels.disabled')}</Badge>
          ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('common.actions')}</span>,
        cell: ({ row }) => (
          <Can action="cashier.deposits.approve">
            <span style={{ display: 'inline-flex', flexDirection: 'column', gap: 4 }}>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setEditing(row.original)}
              >
                {t('cashier.channels.edit')}
              </button>
              <button
                type="button"
                className={
                  row.original.enabled ? 'btn btn-small btn-danger' : 'btn btn-small btn-primary'
                }
                onClick={() => setToggling(row.original)}
              >
                {row.original.enabled
                  ? t('cashier.channels.disable')
                  : t('cashier.channels.enable')}
              </button>
            </span>
          </Can>
        ),
        meta: { className: 'cell-actions' },
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('cashier.channels.title')}
        description={t('cashier.channels.description')}
        actions={
          <Can action="cashier.deposits.approve">
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              {t('cashier.channels.new')}
            </button>
          </Can>
        }
      />
      {operator && <ReviewThresholdCard merchantCode={operator.merchantCode} />}
      <DataTable
        label={t('cashier.channels.title')}
        testId="channels-table"
        columns={columns}
        rows={list.data}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={keyOf}
        emptyText={t('cashier.channels.empty')}
        csv={{
          filename: 'payment-channels.csv',
          fetchAll: () => fetchChannels(),
          columns: [
            { header: 'merchant', value: (r) => r.merchantCode },
            { header: 'code', value: (r) => r.code },
            { header: 'name', value: (r) => r.name },
            { header: 'kind', value: (r) => r.kind },
            { header: 'gateway', value: (r) => r.gateway },
            { header: 'min', value: (r) => r.minAmount },
            { header: 'max', value: (r) => r.maxAmount },
            { header: 'feeFixed', value: (r) => r.feeFixed },
            { header: 'feeBps', value: (r) => r.feeBps },
            { header: 'enabled', value: (r) => String(r.enabled) },
            { header: 'sort', value: (r) => r.sort },
          ],
        }}
      />
      {operator && (
        <ChannelCreateDialog
          open={creating}
          merchantCode={operator.merchantCode}
          onClose={() => setCreating(false)}
          onSaved={refresh}
        />
      )}
      <ChannelEditDialog channel={editing} onClose={() => setEditing(null)} onSaved={refresh} />
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => !open && setToggling(null)}
        title={
          toggling?.enabled ? t('cashier.channels.disableTitle') : t('cashier.channels.enableTitle')
        }
        description={
          toggling
            ? toggling.enabled
              ? t('cashier.channels.disableText', { name: toggling.name })
              : t('cashier.channels.enableText', { name: toggling.name })
            : ''
        }
        confirmLabel={
          toggling?.enabled ? t('cashier.channels.disable') : t('cashier.channels.enable')
        }
        tone={toggling?.enabled ? 'danger' : 'primary'}
        reason={{ minLength: 3 }}
        onConfirm={async (reason) => {
          if (!toggling) return;
          await patchChannel(toggling, { enabled: !toggling.enabled, reason });
          await refresh();
        }}
      />
    </div>
  );
}
