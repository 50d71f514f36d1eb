import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Can } from '../../auth/can';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { Badge, DateTime, JsonView } from '../../components/display';
import { ErrorState, LoadingState } from '../../components/states';
import { fetchRound, voidRound } from './api';
import { ResettleDialog } from './resettle-dialog';

export const statusTone = { open: 'info', settled: 'good', void: 'warn', held: 'info' } as const;

/** A round recalled in full (its bets, state, seeds and past actions), with its void control. */
export function RoundDetail({ roundId, onClose }: { roundId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const [resettling, setResettling] = useState(false);
  const [resettled, setResettled] = useState<number | null>(null);
  const round = useQuery({
    queryKey: ['ops', 'round', roundId],
    queryFn: ({ signal }) => fetchRound(roundId!, signal),
    enabled: roundId !== null,
  });
  const voided = useMutation({
    mutationFn: (reason: string) => voidRound(roundId!, reason),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['ops', 'round', roundId] });
      void client.invalidateQueries({ queryKey: ['ops', 'rounds'] });
    },
  });
  const value = round.data;

  return (
    <Dialog
      open={roundId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('games.rounds.detailTitle', { id: roundId ?? '' })}
      side
    >
      {round.isPending && <LoadingState />}
      {round.error && <ErrorState error={round.error} onRetry={() => void round.refetch()} />}
      {value && (
        <div data-testid="round-detail">
          <dl className="details">
            <dt>{t('games.rounds.status')}</dt>
            <dd>
              <Badge tone={statusTone[value.status]}>
                {t(`games.rounds.statuses.${value.status}`)}
              </Badge>
            </dd>
            <dt>{t('games.rounds.game')}</dt>
            <dd>
              <code>{value.gameCode}</code> <span className="muted">{value.engine}</span>
            </dd>
            <dt>{t('games.rounds.merchant')}</dt>
            <dd>{value.merchantCode}</dd>
            <dt>{t('games.rounds.opened')}</dt>
            <dd>
              <DateTime iso={value.openedAt} />
            </dd>
            <dt>{t('games.rounds.closed')}</dt>
            <dd>
              <DateTime iso={value.closedAt} />
            </dd>
            <dt>{t('games.rounds.seedCommitment')}</dt>
            <dd>{value.seedCommitment ? <code>{value.seedCommitment}</code> : '—'}</dd>
            <dt>{t('games.rounds.serverSeed')}</dt>
            <dd>{value.serverSeed ? <code>{value.serverSeed}</code> : '—'}</dd>
          </dl>
          <h3>{t('games.rounds.bets')}</h3>
          <div className="table-scroll">
            <table className="table" aria-label={t('games.rounds.bets')}>
              <thead>
                <tr>
                  <th scope="col">{t('games.rounds.player')}</th>
                  <th scope="col">{t('games.rounds.status')}</th>
                  <th scope="col" className="num">
                    {t('games.rounds.stake')}
                  </th>
                  <th scope="col" className="num">
                    {t('games.rounds.payout')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {value.bets.map((bet) => (
                  <tr key={bet.betId} data-testid="round-bet">
                    <td>
                      <code>{bet.accountId}</code>
                    </td>
                    <td>
                      <Badge tone={statusTone[bet.status]}>
                        {t(`games.rounds.betStatuses.${bet.status}`)}
                      </Badge>
                    </td>
                    <td className="num">
                      {bet.stake} {bet.currency}
                    </td>
                    <td className="num">{bet.payout}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {value.actions.length > 0 && (
            <>
              <h3>{t('games.rounds.actions')}</h3>
              <ul className="link-list">
                {value.actions.map((a) => (
                  <li key={`${a.action}-${a.at}`}>
                    <Badge>{a.action}</Badge> <DateTime iso={a.at} />{' '}
                    <span className="muted">{a.actor}</span> — {a.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h3>{t('games.rounds.state')}</h3>
          <JsonView value={value.state} label={t('games.rounds.state')} />
          {voided.data && (
            <div className="banner banner-good" role="status">
              {t('games.rounds.voided', { count: voided.data.returned })}
            </div>
          )}
          {resettled !== null && (
            <div className="banner banner-good" role="status">
              {t('games.rounds.resettled', { count: resettled })}
            </div>
          )}
          {value.status === 'open' && (
            <Can action="games.rounds.void">
              <div className="dialog-actions">
                <button type="button" className="btn btn-danger" onClick={() => setConfirm(true)}>
                  {t('games.rounds.void')}
                </button>
              </div>
            </Can>
          )}
          {value.status === 'settled' && value.bets.some((b) => b.status === 'settled') && (
            <Can action="games.rounds.void">
              <div className="dialog-actions">
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => {
                    setResettled(null);
                    setResettling(true);
                  }}
                >
                  {t('games.rounds.resettle')}
                </button>
              </div>
              <ResettleDialog
                round={value}
                open={resettling}
                onOpenChange={setResettling}
                onDone={async (count) => {
                  setResettled(count);
                  await Promise.all([
                    client.invalidateQueries({ queryKey: ['ops', 'round', roundId] }),
                    client.invalidateQueries({ queryKey: ['ops', 'rounds'] }),
                  ]);
                }}
              />
            </Can>
          )}
          <ConfirmDialog
            open={confirm}
            onOpenChange={setConfirm}
            title={t('games.rounds.voidTitle')}
            description={t('games.rounds.voidText')}
            confirmLabel={t('games.rounds.void')}
            tone="danger"
            reason={{ minLength: 10 }}
            onConfirm={(reason) => voided.mutateAsync(reason)}
          />
        </div>
      )}
    </Dialog>
  );
}
