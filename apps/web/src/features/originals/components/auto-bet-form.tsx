import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutoBetConfig, StakeChange, StopReason } from '../lib/auto-bet';
import { parseHundredths } from '../lib/odds';
import { readStake, type StakeLimits } from '../lib/stake';

interface ChangeDraft {
  mode: StakeChange['mode'];
  percent: string;
}

/** The auto-bet form's texts as the player typed them. */
export interface AutoBetDraft {
  count: string;
  stopProfit: string;
  stopLoss: string;
  onWin: ChangeDraft;
  onLoss: ChangeDraft;
}

export const emptyAutoBetDraft: AutoBetDraft = {
  count: '10',
  stopProfit: '',
  stopLoss: '',
  onWin: { mode: 'reset', percent: '' },
  onLoss: { mode: 'reset', percent: '' },
};

/** The config a draft says, or null when a field is not a number. Empty stops are no stops. */
export function readAutoBetDraft(draft: AutoBetDraft, limits: StakeLimits): AutoBetConfig | null {
  const count = /^\d{1,6}$/.test(draft.count.trim()) ? Number(draft.count.trim()) : null;
  const stop = (text: string): bigint | null | undefined =>
    text.trim() === '' ? null : (readStake(text, limits) ?? undefined);
  const change = (c: ChangeDraft): StakeChange | null => {
    if (c.mode === 'reset') return { mode: 'reset', percent: 0 };
    const percent = parseHundredths(c.percent);
    return percent === null ? null : { mode: 'increase', percent };
  };
  const stopProfit = stop(draft.stopProfit);
  const stopLoss = stop(draft.stopLoss);
  const onWin = change(draft.onWin);
  const onLoss = change(draft.onLoss);
  if (count === null || stopProfit === undefined || stopLoss === undefined || !onWin || !onLoss) {
    return null;
  }
  return { count, stopProfit, stopLoss, onWin, onLoss };
}

function ChangeField({
  label,
  value,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  value: ChangeDraft;
  onChange: (next: ChangeDraft) => void;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="og-field og-change" disabled={disabled}>
      <legend className="og-label">{label}</legend>
      <div className="og-segment" role="group">
        <button
          type="button"
          aria-pressed={value.mode === 'reset'}
          onClick={() => onChange({ ...value, mode: 'reset' })}
        >
          {t('originals.reset')}
        </button>
        <button
          type="button"
          aria-pressed={value.mode === 'increase'}
          onClick={() => onChange({ ...value, mode: 'increase' })}
        >
          {t('originals.increase')}
        </button>
      </div>
      {value.mode === 'increase' ? (
        <label className="og-inline" htmlFor={id}>
          <input
            id={id}
            className="og-input"
            inputMode="decimal"
            value={value.percent}
            onChange={(e) => onChange({ ...value, percent: e.target.value })}
            data-testid={testId}
          />
          <span>%</span>
        </label>
      ) : null}
    </fieldset>
  );
}

/** Auto-bet's settings, its start/stop button and how the last run ended. */
export function AutoBetForm({
  draft,
  onDraft,
  running,
  played,
  profit,
  stopped,
  canStart,
  onStart,
  onStop,
}: {
  draft: AutoBetDraft;
  onDraft: (next: AutoBetDraft) => void;
  running: boolean;
  played: number;
  profit: string | null;
  stopped: StopReason | null;
  canStart: boolean;
  onStart: () => void;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const ids = { count: useId(), profit: useId(), loss: useId() };
  const [touched, setTouched] = useState(false);
  return (
    <div className="og-auto" data-testid="og-auto">
      <div className="og-field">
        <label className="og-label" htmlFor={ids.count}>
          {t('originals.auto.count')}
        </label>
        <input
          id={ids.count}
          className="og-input"
          inputMode="numeric"
          value={draft.count}
          disabled={running}
          onChange={(e) => onDraft({ ...draft, count: e.target.value })}
          data-testid="og-auto-count"
        />
        <p className="og-hint">{t('originals.auto.count_hint')}</p>
      </div>
      <div className="og-pair">
        <div className="og-field">
          <label className="og-label" htmlFor={ids.profit}>
            {t('originals.auto.stop_profit')}
          </label>
          <input
            id={ids.profit}
            className="og-input"
            inputMode="decimal"
            value={draft.stopProfit}
            disabled={running}
            onChange={(e) => onDraft({ ...draft, stopProfit: e.target.value })}
            data-testid="og-auto-profit"
          />
        </div>
        <div className="og-field">
          <label className="og-label" htmlFor={ids.loss}>
            {t('originals.auto.stop_loss')}
          </label>
          <input
            id={ids.loss}
            className="og-input"
            inputMode="decimal"
            value={draft.stopLoss}
            disabled={running}
            onChange={(e) => onDraft({ ...draft, stopLoss: e.target.value })}
            data-testid="og-auto-loss"
          />
        </div>
      </div>
      <div className="og-pair">
        <ChangeField
          label={t('originals.auto.on_win')}
          value={draft.onWin}
          onChange={(onWin) => onDraft({ ...draft, onWin })}
          disabled={running}
          testId="og-auto-win-percent"
        />
        <ChangeField
          label={t('originals.auto.on_loss')}
          value={draft.onLoss}
          onChange={(onLoss) => onDraft({ ...draft, onLoss })}
          disabled={running}
          testId="og-auto-loss-percent"
        />
      </div>
      {running ? (
        <button
          type="button"
          className="og-bet is-stop"
          onClick={onStop}
          data-testid="og-auto-stop"
        >
          {t('originals.auto.stop')}
        </button>
      ) : (
        <button
          type="button"
          className="og-bet"
          disabled={!canStart}
          onClick={() => {
            setTouched(true);
            onStart();
          }}
          data-testid="og-auto-start"
        >
          {t('originals.auto.start')}
        </button>
      )}
      {played > 0 || touched ? (
        <p className="og-auto-status" role="status" data-testid="og-auto-status">
          {t('originals.auto.played', { n: played, profit: profit ?? '0' })}
          {stopped ? ` · ${t(`originals.auto.stopped.${stopped}`)}` : ''}
        </p>
      ) : null}
    </div>
  );
}
