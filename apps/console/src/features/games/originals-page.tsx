import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bpsToPercent, parseAmount } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge, Money } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { CrashChainCard } from './crash-chain-card';
import { OriginalLimitsDialog } from './original-limits-dialog';
import { fetchOriginalLimits, type OriginalLimit } from './originals-api';

/** A wire amount (at most two decimals) as <Money>'s minor units. */
const Amount = ({ value, row }: { value: string; row: OriginalLimit }) => (
  <Money
    minor={parseAmount(value, row.currencyScale) ?? 0n}
    currency={row.currency}
    scale={row.currencyScale}
  />
);

/** `/console/games/originals`: the house originals' limits and return to player. */
export default function OriginalsPage() {
  const { t } = useTranslation();
  const { operator } = useOperator();
  const merchantCode = operator?.merchantCode ?? '';
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OriginalLimit | null>(null);
  const limits = useQuery({
    queryKey: ['ops', 'originals', 'limits', merchantCode],
    queryFn: ({ signal }) => fetchOriginalLimits(merchantCode, signal),
    enabled: merchantCode !== '',
  });
  const nameOf = (game: string) => t(`games.originals.names.${game}`, { defaultValue: game });

  const columns = useMemo<ColumnDef<OriginalLimit, never>[]>(
    () => [
      {
        id: 'game',
        header: t('games.originals.game'),
        cell: ({ row }) => (
          <>
            {nameOf(row.original.game)}
            <br />
            <code className="muted">{row.original.gameCode}</code>
          </>
        ),
      },
      {
        id: 'minBet',
        header: t('games.originals.minBet'),
        cell: ({ row }) => <Amount value={row.original.minBet} row={row.original} />,
        meta: { className: 'num' },
      },
      {
        id: 'maxBet',
        header: t('games.originals.maxBet'),
        cell: ({ row }) => <Amount value={row.original.maxBet} row={row.original} />,
        meta: { className: 'num' },
      },
      {
        id: 'maxProfit',
        header: t('games.originals.maxProfit'),
        cell: ({ row }) => <Amount value={row.original.maxProfit} row={row.original} />,
        meta: { className: 'num' },
      },
      {
        id: 'rtp',
        header: t('games.originals.rtp'),
        cell: ({ row }) => (
          <span
            title={
              row.original.rateFixed
                ? t('games.originals.fixedTitle')
                : t('games.originals.rateTitle', { rate: bpsToPercent(row.original.rtpBps) })
            }
          >
            {row.original.rtp}%
          </span>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'source',
        header: t('games.originals.source'),
        cell: ({ row }) =>
          row.original.defaulted ? (
            <Badge tone="neutral">{t('games.originals.default')}</Badge>
          ) : (
            <Badge tone="good">{t('games.originals.set')}</Badge>
          ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('common.actions')}</span>,
        cell: ({ row }) => (
          <Can action="games.originals.write">
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setEditing(row.original)}
              aria-label={t('games.originals.editTitle', { name: nameOf(row.original.game) })}
            >
              {t('games.originals.edit')}
            </button>
          </Can>
        ),
        meta: { className: 'cell-actions' },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- nameOf follows t's language
    [t],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('games.originals.title')}
        description={t('games.originals.description')}
      />
      <DataTable
        label={t('games.originals.title')}
        testId="originals-table"
        columns={columns}
        rows={limits.data?.list}
        isLoading={limits.isPending}
        error={limits.error}
        onRetry={() => void limits.refetch()}
        rowKey={(row) => row.game}
        emptyText={t('games.originals.empty')}
        csv={{
          filename: `originals-limits-${merchantCode}.csv`,
          fetchAll: async () => (await fetchOriginalLimits(merchantCode)).list,
          columns: [
            { header: 'game', value: (r) => r.game },
            { header: 'gameCode', value: (r) => r.gameCode },
            { header: 'engine', value: (r) => r.engine },
            { header: 'currency', value: (r) => r.currency },
            { header: 'minBet', value: (r) => r.minBet },
            { header: 'maxBet', value: (r) => r.maxBet },
            { header: 'maxProfit', value: (r) => r.maxProfit },
            { header: 'rtpBps', value: (r) => r.rtpBps },
            { header: 'rateFixed', value: (r) => String(r.rateFixed) },
            { header: 'rtp', value: (r) => r.rtp },
            { header: 'defaulted', value: (r) => String(r.defaulted) },
          ],
        }}
      />
      <CrashChainCard />
      <OriginalLimitsDialog
        game={editing}
        merchantCode={merchantCode}
        name={editing ? nameOf(editing.game) : ''}
        onClose={() => setEditing(null)}
        onSaved={() => queryClient.invalidateQueries({ queryKey: ['ops', 'originals'] })}
      />
    </div>
  );
}
