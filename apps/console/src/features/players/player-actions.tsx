import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseAmount, type OpsPlayerSummary } from '@taya/contracts';
import { Can } from '../../auth/can';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { Field } from '../../components/form';
import { errorMessage } from '../../components/states';
import { formatMinor } from '../../lib/format';
import {
  adjustPlayer,
  grantBonus,
  newRequestId,
  sendResetLink,
  setPlayerStatus,
  setPlayerTags,
  setPromotionExclusion,
  unlockPlayer,
} from './api';
import { PromotionPicker } from './promotion-picker';

type Confirmable = 'disable' | 'enable' | 'unlock' | 'reset' | 'exclude' | 'include';

/** The toolbar of actions on a player, each behind its permission and a reason where it matters. */
export function PlayerActions({ player }: { player: OpsPlayerSummary }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [open, setOpen] = useState<'tags' | 'adjust' | 'bonus' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'player', player.id] });
  const locked =
    player.locks.loginLockedUntil !== null || player.locks.loginAddressLocks.length > 0;

  const run = async (action: Confirmable, reason: string) => {
    switch (action) {
      case 'disable':
      case 'enable': {
        const done = await setPlayerStatus(player.id, action, reason);
        setNotice(
          action === 'disable'
            ? t('players.disabledNotice', { count: done.sessionsEnded })
            : t('players.enabledNotice'),
        );
        break;
      }
      case 'unlock': {
        const done = await unlockPlayer(player.id, reason);
        setNotice(t('players.unlockedNotice', { count: done.cleared }));
        break;
      }
      case 'reset': {
        const sent = await sendResetLink(player.id, reason);
        setNotice(t('players.resetNotice', { destination: sent.destination }));
        break;
      }
      case 'exclude':
      case 'include':
        await setPromotionExclusion(player.id, action, reason);
        setNotice(t(action === 'exclude' ? 'players.excludedNotice' : 'players.includedNotice'));
        break;
    }
    await refresh();
  };

  return (
    <>
      <div className="page-actions">
        <Can action="players.write">
          {player.status === 'active' ? (
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => setConfirming('disable')}
            >
              {t('players.disable')}
            </button>
          ) : (
            <button type="button" className="btn" onClick={() => setConfirming('enable')}>
              {t('players.enable')}
            </button>
          )}
          {locked && (
            <button type="button" className="btn" onClick={() => setConfirming('unlock')}>
              {t('players.unlock')}
            </button>
          )}
          {player.email && (
            <button type="button" className="btn" onClick={() => setConfirming('reset')}>
              {t('players.reset')}
            </button>
          )}
          <button type="button" className="btn" onClick={() => setOpen('tags')}>
            {t('players.tagsAction')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => setConfirming(player.promotionsExcluded ? 'include' : 'exclude')}
          >
            {player.promotionsExcluded ? t('players.include') : t('players.exclude')}
          </button>
        </Can>
        <Can action="players.adjust">
          <button type="button" className="btn btn-primary" onClick={() => setOpen('adjust')}>
            {t('players.adjust')}
          </button>
          <button type="button" className="btn" onClick={() => setOpen('bonus')}>
            {t('players.grantBonus')}
          </button>
        </Can>
      </div>
      {notice && (
        <div className="banner banner-good" role="status" data-testid="player-notice">
          {notice}
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(next) => !next && setConfirming(null)}
        title={confirming ? t(`players.confirm.${confirming}.title`) : ''}
        description={
          confirming
            ? t(`players.confirm.${confirming}.text`, {
                username: player.username,
                email: player.email ?? '',
              })
            : ''
        }
        confirmLabel={confirming ? t(`players.confirm.${confirming}.label`) : ''}
        tone={confirming === 'disable' || confirming === 'exclude' ? 'danger' : 'primary'}
        reason={{ minLength: 3 }}
        onConfirm={(reason) => (confirming ? run(confirming, reason) : Promise.resolve())}
      />
      <TagsDialog
        open={open === 'tags'}
        player={player}
        onClose={() => setOpen(null)}
        onSaved={() => void refresh()}
      />
      <AdjustDialog
        open={open === 'adjust'}
        player={player}
        onClose={() => setOpen(null)}
        onDone={(text) => {
          setNotice(text);
          void refresh();
        }}
      />
      <BonusDialog
        open={open === 'bonus'}
        player={player}
        onClose={() => setOpen(null)}
        onDone={(text) => {
          setNotice(text);
          void refresh();
        }}
      />
    </>
  );
}

function TagsDialog({
  open,
  player,
  onClose,
  onSaved,
}: {
  open: boolean;
  player: OpsPlayerSummary;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(player.tags.join(', '));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
        else setText(player.tags.join(', '));
      }}
      title={t('players.tagsTitle')}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const tags = [
            ...new Set(
              text
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            ),
          ];
          setBusy(true);
          setError(null);
          setPlayerTags(player.id, tags)
            .then(() => {
              onSaved();
              onClose();
            })
            .catch((failure: unknown) => setError(errorMessage(failure)))
            .finally(() => setBusy(false));
        }}
      >
        <Field label={t('players.tagsLabel')} hint={t('players.tagsHint')}>
          {({ id, describedBy }) => (
            <input
              id={id}
              className="input"
              aria-describedby={describedBy}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Field>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('players.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A money write's form: amount in the currency's units (to minor units exactly), a reason. */
function useMoneyForm() {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per opened form: a retried submit cannot move the money twice.
  const [requestId, setRequestId] = useState(newRequestId);
  const reset = () => {
    setAmount('');
    setReason('');
    setError(null);
    setRequestId(newRequestId());
  };
  return { amount, setAmount, reason, setReason, error, setError, busy, setBusy, requestId, reset };
}

function AdjustDialog({
  open,
  player,
  onClose,
  onDone,
}: {
  open: boolean;
  player: OpsPlayerSummary;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const f = useMoneyForm();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [wallet, setWallet] = useState<'cash' | 'bonus'>('cash');
  const currency = player.balances.currency ?? undefined;
  const close = () => {
    if (f.busy) return;
    f.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('players.adjustTitle')}
      description={t('players.adjustText', { username: player.username })}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const minor = parseAmount(f.amount.trim(), 2);
          if (minor === null || minor <= 0n) return f.setError(t('players.amountInvalid'));
          if (f.reason.trim().length < 3) return f.setError(t('players.reasonShort'));
          f.setBusy(true);
          f.setError(null);
          adjustPlayer(player.id, {
            direction,
            wallet,
            amount: minor.toString(),
            reason: f.reason.trim(),
            requestId: f.requestId,
          })
            .then((done) => {
              const text = formatMinor(minor, currency ? { currency } : {});
              onDone(
                done.state === 'applied'
                  ? t('players.adjustApplied', { amount: text })
                  : t('players.adjustPending', { amount: text }),
              );
              f.setBusy(false);
              f.reset();
              onClose();
            })
            .catch((failure: unknown) => {
              f.setBusy(false);
              f.setError(errorMessage(failure));
            });
        }}
      >
        <Field label={t('players.direction')}>
          {({ id }) => (
            <select
              id={id}
              className="input"
              value={direction}
              onChange={(e) => setDirection(e.target.value as 'credit' | 'debit')}
            >
              <option value="credit">{t('players.credit')}</option>
              <option value="debit">{t('players.debit')}</option>
            </select>
          )}
        </Field>
        <Field label={t('players.wallet')}>
          {({ id }) => (
            <select
              id={id}
              className="input"
              value={wallet}
              onChange={(e) => setWallet(e.target.value as 'cash' | 'bonus')}
            >
              <option value="cash">{t('players.cash')}</option>
              <option value="bonus">{t('players.bonus')}</option>
            </select>
          )}
        </Field>
        <AmountAndReason f={f} currency={currency} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={close} disabled={f.busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={f.busy}>
            {f.busy ? t('common.working') : t('players.adjustSubmit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function AmountAndReason({
  f,
  currency,
}: {
  f: ReturnType<typeof useMoneyForm>;
  currency: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={t('players.amountIn', { currency: currency ?? '' })}
        hint={t('players.amountHint')}
      >
        {({ id, describedBy }) => (
          <input
            id={id}
            className="input"
            inputMode="decimal"
            aria-describedby={describedBy}
            value={f.amount}
            onChange={(e) => f.setAmount(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('common.reason')}>
        {({ id }) => (
          <textarea
            id={id}
            className="input"
            rows={3}
            value={f.reason}
            onChange={(e) => f.setReason(e.target.value)}
          />
        )}
      </Field>
      {f.error && (
        <p className="form-error" role="alert">
          {f.error}
        </p>
      )}
    </>
  );
}

function BonusDialog({
  open,
  player,
  onClose,
  onDone,
}: {
  open: boolean;
  player: OpsPlayerSummary;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const f = useMoneyForm();
  const [promotionId, setPromotionId] = useState('');
  const [multiple, setMultiple] = useState('1');
  const currency = player.balances.currency ?? undefined;
  const close = () => {
    if (f.busy) return;
    f.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('players.bonusTitle')}
      description={t('players.bonusText', { username: player.username })}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const minor = parseAmount(f.amount.trim(), 2);
          const tenths = parseAmount(multiple.trim(), 1);
          if (minor === null || minor <= 0n) return f.setError(t('players.amountInvalid'));
          if (tenths === null || tenths > 1000n) return f.setError(t('players.multipleInvalid'));
          if (!promotionId.trim()) return f.setError(t('players.promotionMissing'));
          if (f.reason.trim().length < 3) return f.setError(t('players.reasonShort'));
          f.setBusy(true);
          f.setError(null);
          grantBonus(player.id, {
            promotionId: promotionId.trim(),
            amount: minor.toString(),
            turnoverMultipleTenths: Number(tenths),
            reason: f.reason.trim(),
            requestId: f.requestId,
          })
            .then((done) => {
              onDone(
                t('players.bonusGranted', {
                  amount: formatMinor(done.amount, currency ? { currency } : {}),
                }),
              );
              f.setBusy(false);
              f.reset();
              onClose();
            })
            .catch((failure: unknown) => {
              f.setBusy(false);
              f.setError(errorMessage(failure));
            });
        }}
      >
        <PromotionPicker
          merchantCode={player.merchantCode}
          value={promotionId}
          onChange={setPromotionId}
        />
        <Field label={t('players.multiple')} hint={t('players.multipleHint')}>
          {({ id, describedBy }) => (
            <input
              id={id}
              className="input"
              inputMode="decimal"
              aria-describedby={describedBy}
              value={multiple}
              onChange={(e) => setMultiple(e.target.value)}
            />
          )}
        </Field>
        <AmountAndReason f={f} currency={currency} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={close} disabled={f.busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={f.busy}>
            {f.busy ? t('common.working') : t('players.grantBonus')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
