import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { amountString, type OpsRoundDetail } from '@taya/contracts';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { Field } from '../../components/form';
import { resettleRound } from './catalogue-api';

/**
 * Resettle a settled round: the corrected payout of each settled bet, then a confirmation with a
 * reason (`POST /ops/rounds/:id/resettle`). Only the bets whose payout changed are sent.
 */
export function ResettleDialog({
  round,
  open,
  onOpenChange,
  onDone,
}: {
  round: OpsRoundDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (resettled: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const settled = round.bets.filter((b) => b.status === 'settled');
  const [payouts, setPayouts] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  /** Closing forgets the typed payouts, so the next opening starts from the round's own. */
  const change = (next: boolean) => {
    if (!next) {
      setPayouts({});
      setError(null);
      setConfirm(false);
    }
    onOpenChange(next);
  };

  const changed = settled
    .filter((b) => (payouts[b.betId] ?? b.payout).trim() !== b.payout)
    .map((b) => ({ betId: b.betId, payout: (payouts[b.betId] ?? b.payout).trim() }));
  const invalid = changed.filter((c) => !amountString.safeParse(c.payout).success);

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (invalid.length > 0) return setError(t('games.rounds.resettleInvalid'));
    if (changed.length === 0) return setError(t('games.rounds.resettleNothing'));
    setError(null);
    setConfirm(true);
  };

  return (
    <>
      <Dialog
        open={open && !confirm}
        onOpenChange={change}
        title={t('games.rounds.resettleTitle')}
        description={t('games.rounds.resettleText')}
      >
        <form onSubmit={next} noValidate data-testid="resettle-form">
          {settled.map((bet) => (
            <Field
              key={bet.betId}
              label={t('games.rounds.resettleBet', {
                player: bet.accountId,
                stake: `${bet.stake} ${bet.currency}`,
              })}
              hint={t('games.rounds.resettleWas', { payout: `${bet.payout} ${bet.currency}` })}
            >
              {({ id, describedBy }) => (
                <input
                  id={id}
                  className="input"
                  inputMode="decimal"
                  aria-describedby={describedBy}
                  value={payouts[bet.betId] ?? bet.payout}
                  onChange={(e) => setPayouts((p) => ({ ...p, [bet.betId]: e.target.value }))}
                />
              )}
            </Field>
          ))}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={() => change(false)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary">
              {t('games.rounds.resettleNext')}
            </button>
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        open={open && confirm}
        onOpenChange={(o) => {
          setConfirm(o);
        }}
        title={t('games.rounds.resettleConfirmTitle')}
        description={t('games.rounds.resettleConfirmText', { count: changed.length })}
        confirmLabel={t('games.rounds.resettle')}
        tone="danger"
        reason={{ minLength: 10 }}
        onConfirm={async (reason) => {
          const done = await resettleRound(round.roundId, { reason, results: changed });
          await onDone(done.resettled);
          change(false);
        }}
      />
    </>
  );
}
