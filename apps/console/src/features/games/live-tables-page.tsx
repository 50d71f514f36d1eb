import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseAmount } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge, Money } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { fetchLiveTables, type LiveTableRow } from './live-api';
import { LiveTableDialog } from './live-table-dialog';
import { LiveVoidDialog } from './live-void-dialog';

const Amount = ({ value, currency }: { value: string; currency: string }) => (
  <Money minor={parseAmount(value, 2) ?? 0n} currency={currency} scale={2} />
);

/**
 * `/console/games/live`: the live tables, each with its round, phase, limits in the merchant's
 * currency and the exposure of the round taking bets (refreshed every 3 s); open or pause a
 * table, set its betting time and limits, void a round with a reason.
 */
export default function LiveTablesPage() {
  const { t } = useTranslation();
  const { operator } = useOperator();
  const merchantCode = operator?.merchantCode ?? '';
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<LiveTableRow | null>(null);
  const [voiding, setVoiding] = useState<LiveTableRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const tables = useQuery({
    queryKey: ['ops', 'live', 'tables', merchantCode],
    queryFn: ({ signal }) => fetchLiveTables(merchantCode, signal),
    enabled: merchantCode !== '',
    refetchInterval: 3_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'live'] });

  const columns = useMemo<ColumnDef<LiveTableRow, never>[]>(
    () => [
      {
        id: 'table',
        header: t('games.live.table'),
        cell: ({ row }) => (
          <>
            {row.original.name}
            <br />
            <code className="muted">{row.original.code}</code>
          </>
        ),
      },
      {
        id: 'status',
        header: t('games.live.status'),
        cell: ({ row }) =>
          row.original.status === 'open' ? (
            <Badge tone="good">{t('games.live.open')}</Badge>
          ) : (
            <Badge tone="neutral">{t('games.live.paused')}</Badge>
          ),
      },
      {
        id: 'round',
        header: t('games.live.round'),
        cell: ({ row }) => (
          <span data-testid={`live-round-${row.original.code}`}>
            #{row.original.round} ·{' '}
            {t(`games.live.phases.${row.original.phase}`, { defaultValue: row.original.phase })}
            {row.original.shoe !== null && (
              <>
                <br />
                <span className="muted">
                  {t('games.live.shoe', { shoe: row.original.shoe, hands: row.original.hands })}
                </span>
              </>
            )}
          </span>
        ),
      },
      {
        id: 'limits',
        header: t('games.live.limits'),
        cell: ({ row }) => (
          <>
            <Amount value={row.original.minBet} currency={row.original.currency} /> –{' '}
            <Amount value={row.original.maxBet} currency={row.original.currency} />
            <br />
            <span className="muted">
              {t('games.live.side')}{' '}
              <Amount value={row.original.sideMaxBet} currency={row.original.currency} />
            </span>
          </>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'exposure',
        header: t('games.live.exposure'),
        cell: ({ row }) =>
          row.original.exposure.length === 0 ? (
            <span className="muted">{t('games.live.noBets')}</span>
          ) : (
            <ul className="plain-list" data-testid={`live-exposure-${row.original.code}`}>
              {row.original.exposure.slice(0, 4).map((e) => (
                <li key={e.spot}>
                  <code>{e.spot}</code> <Amount value={e.staked} currency={row.original.currency} />{' '}
                  → <Amount value={e.payout} currency={row.original.currency} />
                </li>
              ))}
            </ul>
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
            >
              {t('games.live.edit')}
            </button>{' '}
            {row.original.phase === 'betting' && (
              <button
                type="button"
                className="btn btn-small btn-danger"
                onClick={() => setVoiding(row.original)}
                data-testid={`live-void-${row.original.code}`}
              >
                {t('games.live.void')}
              </button>
            )}
          </Can>
        ),
        meta: { className: 'cell-actions' },
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <PageHeader title={t('games.live.title')} description={t('games.live.description')} />
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <DataTable
        label={t('games.live.title')}
        testId="live-tables"
        columns={columns}
        rows={tables.data?.list}
        isLoading={tables.isPending}
        error={tables.error}
        onRetry={() => void tables.refetch()}
        rowKey={(row) => row.code}
        emptyText={t('games.live.empty')}
      />
      <LiveTableDialog
        table={editing}
        merchantCode={merchantCode}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <LiveVoidDialog
        table={voiding}
        onClose={() => setVoiding(null)}
        onDone={async (voided) => {
          setNotice(t('games.live.voided', { bets: voided }));
          await refresh();
        }}
      />
    </div>
  );
}
