import { useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { Badge, DateTime, JsonView, Money } from '../../components/display';
import { ErrorState, LoadingState, errorMessage } from '../../components/states';
import { fetchAllPages } from '../../lib/api-client';
import { useUrlFilters } from '../../lib/url-filters';
import {
  addNote,
  fetchPlayerList,
  fetchRound,
  type PlayerListName,
  type PlayerListRow,
} from './api';

const tabs: readonly PlayerListName[] = [
  'ledger',
  'bets',
  'cashier',
  'bonuses',
  'logins',
  'notes',
  'changes',
];

type Columns<N extends PlayerListName> = ColumnDef<PlayerListRow<N>, never>[];

/** The player's lists, one tab each (tab and page in the URL). */
export function PlayerTabs({ playerId, currency }: { playerId: string; currency?: string }) {
  const { t } = useTranslation();
  const state = useUrlFilters({ tab: '' }, { pageSize: 25 });
  const tab = (tabs as readonly string[]).includes(state.filters.tab)
    ? (state.filters.tab as PlayerListName)
    : 'ledger';
  const [round, setRound] = useState<string | null>(null);
  const mayRounds = useOperator().may('games.read');
  const money = (minor: string, cur?: string) => (
    <Money minor={minor} {...((cur ?? currency) ? { currency: cur ?? currency } : {})} />
  );

  const list = useQuery({
    queryKey: ['ops', 'player', playerId, tab, state.page, state.pageSize],
    queryFn: ({ signal }) => fetchPlayerList(playerId, tab, state.page, state.pageSize, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(() => {
    const ledger: Columns<'ledger'> = [
      { id: 'at', header: t('players.at'), cell: ({ row }) => <DateTime iso={row.original.at} /> },
      { id: 'account', header: t('players.wallet'), cell: ({ row }) => row.original.accountKind },
      {
        id: 'type',
        header: t('players.type'),
        cell: ({ row }) => <code>{row.original.type}</code>,
      },
      {
        id: 'amount',
        header: t('players.amount'),
        cell: ({ row }) => money(row.original.amount, row.original.currency),
        meta: { className: 'num' },
      },
      {
        id: 'balanceAfter',
        header: t('players.balanceAfter'),
        cell: ({ row }) => money(row.original.balanceAfter, row.original.currency),
        meta: { className: 'num' },
      },
      {
        id: 'memo',
        header: t('players.memo'),
        cell: ({ row }) => (
          <span className="cell-clip">{row.original.memo ?? row.original.reference ?? ''}</span>
        ),
      },
    ];
    const bets: Columns<'bets'> = [
      {
        id: 'placedAt',
        header: t('players.placedAt'),
        cell: ({ row }) => <DateTime iso={row.original.placedAt} />,
      },
      { id: 'game', header: t('players.game'), cell: ({ row }) => row.original.gameCode ?? '—' },
      {
        id: 'round',
        header: t('players.round'),
        cell: ({ row }) =>
          !mayRounds ? (
            <code>{row.original.roundId.slice(0, 12)}</code>
          ) : (
            <button
              type="button"
              className="link-button"
              onClick={(e) => {
                e.stopPropagation();
                setRound(row.original.roundId);
              }}
            >
              {row.original.roundId.slice(0, 12)}
            </button>
          ),
      },
      {
        id: 'stake',
        header: t('players.stake'),
        cell: ({ row }) => money(row.original.stake, row.original.currency),
        meta: { className: 'num' },
      },
      {
        id: 'payout',
        header: t('players.payout'),
        cell: ({ row }) => money(row.original.payout, row.original.currency),
        meta: { className: 'num' },
      },
      {
        id: 'status',
        header: t('players.status'),
        cell: ({ row }) => <Badge>{row.original.status}</Badge>,
      },
    ];
    const cashier: Columns<'cashier'> = [
      {
        id: 'createdAt',
        header: t('players.at'),
        cell: ({ row }) => <DateTime iso={row.original.createdAt} />,
      },
      {
        id: 'kind',
        header: t('players.kind'),
        cell: ({ row }) => t(`players.kinds.${row.original.kind}`),
      },
      {
        id: 'amount',
        header: t('players.amount'),
        cell: ({ row }) => money(row.original.amount, row.original.currency),
        meta: { className: 'num' },
      },
      {
        id: 'channel',
        header: t('players.channel'),
        cell: ({ row }) => row.original.channel ?? '—',
      },
      {
        id: 'status',
        header: t('players.status'),
        cell: ({ row }) => <Badge>{row.original.status}</Badge>,
      },
      {
        id: 'decided',
        header: t('players.decided'),
        cell: ({ row }) =>
          row.original.decidedAt ? (
            <span className="nowrap">
              <DateTime iso={row.original.decidedAt} />{' '}
              <span className="muted">{row.original.decidedBy ?? ''}</span>
            </span>
          ) : (
            '—'
          ),
      },
    ];
    const bonuses: Columns<'bonuses'> = [
      {
        id: 'createdAt',
        header: t('players.at'),
        cell: ({ row }) => <DateTime iso={row.original.createdAt} />,
      },
      { id: 'source', header: t('players.source'), cell: ({ row }) => row.original.source },
      {
        id: 'required',
        header: t('players.required'),
        cell: ({ row }) => money(row.original.required),
        meta: { className: 'num' },
      },
      {
        id: 'done',
        header: t('players.done'),
        cell: ({ row }) => money(row.original.done),
        meta: { className: 'num' },
      },
      {
        id: 'release',
        header: t('players.release'),
        cell: ({ row }) => (row.original.releaseAmount ? money(row.original.releaseAmount) : '—'),
        meta: { className: 'num' },
      },
      {
        id: 'releasedAt',
        header: t('players.releasedAt'),
        cell: ({ row }) => <DateTime iso={row.original.releasedAt} />,
      },
    ];
    const logins: Columns<'logins'> = [
      {
        id: 'kind',
        header: t('players.kind'),
        cell: ({ row }) => t(`players.loginKinds.${row.original.kind}`),
      },
      { id: 'ip', header: t('players.ip'), cell: ({ row }) => row.original.ip ?? '—' },
      {
        id: 'device',
        header: t('players.device'),
        cell: ({ row }) => <span className="cell-clip">{row.original.device ?? '—'}</span>,
      },
      {
        id: 'first',
        header: t('players.firstAt'),
        cell: ({ row }) => <DateTime iso={row.original.firstAt} />,
      },
      {
        id: 'last',
        header: t('players.lastAt'),
        cell: ({ row }) => <DateTime iso={row.original.lastAt} />,
      },
      {
        id: 'active',
        header: t('players.active'),
        cell: ({ row }) =>
          row.original.active === null ? (
            '—'
          ) : row.original.active ? (
            <Badge tone="good">{t('players.yes')}</Badge>
          ) : (
            t('players.no')
          ),
      },
    ];
    const notes: Columns<'notes'> = [
      {
        id: 'createdAt',
        header: t('players.at'),
        cell: ({ row }) => <DateTime iso={row.original.createdAt} />,
      },
      { id: 'author', header: t('players.author'), cell: ({ row }) => row.original.authorUsername },
      { id: 'body', header: t('players.note'), cell: ({ row }) => row.original.body },
    ];
    const changes: Columns<'changes'> = [
      { id: 'at', header: t('players.at'), cell: ({ row }) => <DateTime iso={row.original.at} /> },
      {
        id: 'actor',
        header: t('players.actor'),
        cell: ({ row }) => row.original.actorUsername ?? '—',
      },
      {
        id: 'action',
        header: t('players.action'),
        cell: ({ row }) => <code>{row.original.action}</code>,
      },
      {
        id: 'reason',
        header: t('players.reason'),
        cell: ({ row }) => <span className="cell-clip">{row.original.reason ?? ''}</span>,
      },
      {
        id: 'after',
        header: t('players.after'),
        cell: ({ row }) => (
          <span className="cell-clip">
            <code>{row.original.after == null ? '' : JSON.stringify(row.original.after)}</code>
          </span>
        ),
      },
    ];
    return { ledger, bets, cashier, bonuses, logins, notes, changes } as Record<
      PlayerListName,
      ColumnDef<unknown, never>[]
    >;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- money derives from currency
  }, [t, currency, mayRounds]);

  const rows = list.data?.rows as unknown[] | undefined;
  return (
    <section className="card">
      <div role="tablist" aria-label={t('players.tabsLabel')} className="page-actions">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={tab === name ? 'btn btn-small btn-primary' : 'btn btn-small btn-ghost'}
            onClick={() => state.setFilters({ tab: name === 'ledger' ? '' : name })}
          >
            {t(`players.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`players.tabs.${tab}`)}>
        {tab === 'notes' && (
          <Can action="players.write">
            <NoteForm playerId={playerId} />
          </Can>
        )}
        <DataTable<unknown>
          label={t(`players.tabs.${tab}`)}
          testId={`player-${tab}`}
          columns={columns[tab]}
          rows={rows}
          total={list.data?.total}
          isLoading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          rowKey={(row) => (row as { id: string }).id + ((row as { kind?: string }).kind ?? '')}
          paging={state}
          emptyText={t('players.emptyTab')}
          csv={{
            filename: `player-${playerId}-${tab}.csv`,
            fetchAll: () =>
              fetchAllPages(
                (page, size) =>
                  fetchPlayerList(playerId, tab, page, size) as Promise<{
                    rows: unknown[];
                    total: number;
                    page: number;
                    pageSize: number;
                  }>,
              ),
            columns: csvColumns(rows?.[0] ?? list.data?.rows[0]),
          }}
        />
      </div>
      <RoundDialog roundId={round} onClose={() => setRound(null)} />
    </section>
  );
}

/** Every field of the tab's rows, as they come (objects as JSON). */
function csvColumns(sample: unknown) {
  const keys = sample && typeof sample === 'object' ? Object.keys(sample) : ['id'];
  return keys.map((key) => ({
    header: key,
    value: (row: unknown) => {
      const v = (row as Record<string, unknown>)[key];
      if (v === null || v === undefined) return '';
      return typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean);
    },
  }));
}

function NoteForm({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="filter-bar"
      onSubmit={(e) => {
        e.preventDefault();
        if (!body.trim()) return;
        setBusy(true);
        setError(null);
        addNote(playerId, body.trim())
          .then(() => {
            setBody('');
            return queryClient.invalidateQueries({ queryKey: ['ops', 'player', playerId] });
          })
          .catch((failure: unknown) => setError(errorMessage(failure)))
          .finally(() => setBusy(false));
      }}
    >
      <div className="field filter">
        <label htmlFor="player-note">{t('players.addNote')}</label>
        <textarea
          id="player-note"
          className="input"
          rows={2}
          maxLength={2000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </div>
      <div className="filter-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !body.trim()}>
          {t('players.saveNote')}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function RoundDialog({ roundId, onClose }: { roundId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const round = useQuery({
    queryKey: ['ops', 'round', roundId],
    queryFn: ({ signal }) => fetchRound(roundId ?? '', signal),
    enabled: roundId !== null,
  });
  let body: ReactNode;
  if (round.isPending) body = <LoadingState />;
  else if (round.error) body = <ErrorState error={round.error} />;
  else body = <JsonView value={round.data} label={t('players.round')} />;
  return (
    <Dialog
      open={roundId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('players.roundTitle', { id: roundId ?? '' })}
      side
    >
      {body}
    </Dialog>
  );
}
