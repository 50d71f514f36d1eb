import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { adjustStake, readStake, stakeText, type StakeLimits } from '../lib/stake';
import { currencySymbolOf } from '@taya/contracts';

/** The stake field with ½, ×2, min and max; every button lands inside the game's limits. */
export function BetAmount({
  value,
  onChange,
  limits,
  currency,
  disabled,
  problem,
}: {
  value: string;
  onChange: (text: string) => void;
  limits: StakeLimits;
  currency: string;
  disabled: boolean;
  problem: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = (how: 'half' | 'double' | 'min' | 'max') =>
    onChange(stakeText(adjustStake(readStake(value, limits), how, limits), limits));
  return (
    <div className="og-field">
      <label className="og-label" htmlFor={id}>
        {t('originals.bet_amount')} <span className="og-unit">{currencySymbolOf(currency)}</span>
      </label>
      <div className="og-amount">
        <input
          id={id}
          className="og-input"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => onChange(e.target.value)}
          data-testid="og-amount"
        />
        <button
          type="button"
          className="og-chip"
          disabled={disabled}
          onClick={() => set('half')}
          title={t('originals.halve')}
          data-testid="og-half"
        >
          ½<span className="visually-hidden"> {t('originals.halve')}</span>
        </button>
        <button
          type="button"
          className="og-chip"
          disabled={disabled}
          onClick={() => set('double')}
          title={t('originals.double')}
          data-testid="og-double"
        >
          ×2<span className="visually-hidden"> {t('originals.double')}</span>
        </button>
        <button
          type="button"
          className="og-chip"
          disabled={disabled}
          onClick={() => set('min')}
          data-testid="og-min"
        >
          {t('originals.min')}
        </button>
        <button
          type="button"
          className="og-chip"
          disabled={disabled}
          onClick={() => set('max')}
          data-testid="og-max"
        >
          {t('originals.max')}
        </button>
      </div>
      {problem ? (
        <p className="og-problem" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
