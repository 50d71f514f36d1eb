import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Can } from '../../auth/can';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { DateTime } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState } from '../../components/states';
import { fetchGamingSwitches, setGamingSwitch, type GamingSwitches } from './api';

type PlayerOff = GamingSwitches['players'][number];
/** The switch the confirmation is about: the merchant's, or one player's. */
type Pending = { playerId?: string; enabled: boolean } | null;

/** `/console/games/switches`: gaming on or off for the whole merchant or for one player. */
export default function SwitchesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const [playerId, setPlayerId] = useState('');
  const switches = useQuery({
    queryKey: ['ops', 'gaming-switches'],
    queryFn: ({ signal }) => fetchGamingSwitches(signal),
  });
  const change = useMutation({
    mutationFn: (input: { playerId?: string; enabled: boolean; reason: string }) =>
      setGamingSwitch(input),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['ops', 'gaming-switches'] }),
  });

  const columns = useMemo<ColumnDef<PlayerOff, never>[]>(
    () => [
      {
        id: 'player',
        header: t('games.switches.player'),
        cell: ({ row }) => <code>{row.original.playerId}</code>,
      },
      {
        id: 'at',
        header: t('games.switches.at'),
        cell: ({ row }) => <DateTime iso={row.original.at} />,
      },
      { id: 'by', header: t('games.switches.by'), cell: ({ row }) => row.original.blockedBy },
      {
        id: 'reason',
        header: t('games.switches.reason'),
        cell: ({ row }) => <span className="cell-clip">{row.original.reason}</span>,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => (
          <Can action="games.write">
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setPending({ playerId: row.original.playerId, enabled: true })}
            >
              {t('games.switches.turnOn')}
            </button>
          </Can>
        ),
      },
    ],
    [t],
  );

  const offForPlayer = (event: FormEvent) => {
    event.preventDefault();
    if (playerId.trim()) setPending({ playerId: playerId.trim(), enabled: false });
  };

  const value = switches.data;
  const confirmText = pending
    ? pending.playerId
      ? t(pending.enabled ? 'games.switches.playerOnText' : 'games.switches.playerOffText', {
          player: pending.playerId,
        })
      : t(pending.enabled ? 'games.switches.merchantOnText' : 'games.switches.merchantOffText')
    : '';

  return (
    <div className="page">
      <PageHeader title={t('games.switches.title')} description={t('games.switches.description')} />
      {switches.isPending && <LoadingState />}
      {switches.error && (
        <ErrorState error={switches.error} onRetry={() => void switches.refetch()} />
      )}
      {value && (
        <>
          <section className="card" data-testid="merchant-switch">
            <h2>{t('games.switches.merchant')}</h2>
            <p className={value.merchantOff ? 'banner banner-bad' : 'banner banner-good'}>
              {value.merchantOff
                ? t('games.switches.merchantIsOff')
                : t('games.switches.merchantIsOn')}
            </p>
            <Can action="games.write">
              <button
                type="button"
                className={value.merchantOff ? 'btn btn-primary' : 'btn btn-danger'}
                onClick={() => setPending({ enabled: value.merchantOff })}
              >
                {value.merchantOff
                  ? t('games.switches.merchantTurnOn')
                  : t('games.switches.merchantTurnOff')}
              </button>
            </Can>
          </section>
          <section className="card" style={{ marginTop: 12 }}>
            <h2>{t('games.switches.players')}</h2>
            <Can action="games.write">
              <form className="filter-bar" onSubmit={offForPlayer}>
                <div className="filter">
                  <label htmlFor="switch-player">{t('games.switches.player')}</label>
                  <input
                    id="switch-player"
                    className="input"
                    value={playerId}
                    onChange={(e) => setPlayerId(e.target.value)}
                  />
                </div>
                <div className="filter-actions">
                  <button type="submit" className="btn btn-danger" disabled={!playerId.trim()}>
                    {t('games.switches.playerTurnOff')}
                  </button>
                </div>
              </form>
            </Can>
            <DataTable
              label={t('games.switches.players')}
              testId="switches-table"
              columns={columns}
              rows={value.players}
              isLoading={false}
              error={null}
              rowKey={(row) => row.playerId}
              emptyText={t('games.switches.noPlayers')}
            />
          </section>
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('games.switches.confirmTitle')}
        description={confirmText}
        confirmLabel={pending?.enabled ? t('games.switches.turnOn') : t('games.switches.turnOff')}
        tone={pending?.enabled ? 'primary' : 'danger'}
        reason={{ minLength: 10 }}
        onConfirm={async (reason) => {
          if (!pending) return;
          await change.mutateAsync({ ...pending, reason });
          if (pending.playerId && !pending.enabled) setPlayerId('');
        }}
      />
    </div>
  );
}
