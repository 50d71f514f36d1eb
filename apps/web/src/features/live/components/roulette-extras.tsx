import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALL_BET_NAMES, callBetSpots, type CallBet } from '@taya/games';
import { spotLabel } from '../lib/spot-label';
import {
  insideModes,
  loadFavourites,
  saveFavourites,
  type Favourite,
  type InsideMode,
} from '../lib/roulette-picks';

/**
 * Roulette's ways of betting beyond a number's own square: what a tap on a number bets (a split,
 * street, corner or six line it anchors, or the number with its wheel neighbours), the French
 * call bets, and favourite sets of bets kept on this device.
 */
export function RouletteExtras(props: {
  mode: InsideMode;
  onMode: (mode: InsideMode) => void;
  around: number;
  onAround: (n: number) => void;
  chip: bigint;
  disabled: boolean;
  /** Puts these stakes on the mat (minor units by spot). */
  onStakes: (stakes: [string, bigint][]) => void;
  /** What the player bet last this session, to save as a favourite. */
  last: Record<string, bigint>;
  /** The stakes on the mat and placed, by spot, for the list under the panel. */
  onTable: [string, string][];
}) {
  const { t } = useTranslation();
  const [favourites, setFavourites] = useState<Favourite[]>(() => loadFavourites('roulette'));
  const keep = (list: Favourite[]) => {
    setFavourites(list);
    saveFavourites('roulette', list);
  };
  const lastEntries = Object.entries(props.last).filter(([, v]) => v > 0n);
  const call = (name: CallBet) =>
    props.onStakes(callBetSpots(name, props.chip).map((s) => [s.spot, s.amount]));
  return (
    <div className="roulette-extras" data-testid="roulette-extras">
      <div className="roulette-modes" role="radiogroup" aria-label={t('live.roulette.mode')}>
        {insideModes.map((mode) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={props.mode === mode}
            className={`roulette-mode${props.mode === mode ? ' is-on' : ''}`}
            onClick={() => props.onMode(mode)}
            data-testid={`roulette-mode-${mode}`}
          >
            {t(`live.roulette.modes.${mode}`)}
          </button>
        ))}
      </div>
      {props.mode === 'neighbours' ? (
        <label className="roulette-around">
          {t('live.roulette.around', { n: props.around })}
          <input
            type="range"
            min={1}
            max={4}
            value={props.around}
            onChange={(e) => props.onAround(Number(e.target.value))}
            data-testid="roulette-around"
          />
        </label>
      ) : null}
      <p className="roulette-hint">{t(`live.roulette.hints.${props.mode}`)}</p>
      <div className="roulette-calls" role="group" aria-label={t('live.roulette.calls_title')}>
        {CALL_BET_NAMES.map((name) => (
          <button
            key={name}
            type="button"
            className="button roulette-call"
            disabled={props.disabled}
            onClick={() => call(name)}
            data-testid={`roulette-call-${name}`}
          >
            <span>{t(`live.roulette.calls.${name}`)}</span>
            <small>
              {t('live.roulette.chips_n', {
                n: callBetSpots(name, 1n).reduce((sum, s) => sum + Number(s.amount), 0),
              })}
            </small>
          </button>
        ))}
      </div>
      <div className="roulette-favourites" data-testid="roulette-favourites">
        <span className="roulette-favourites-title">{t('live.roulette.favourites')}</span>
        {favourites.length === 0 ? (
          <span className="roulette-none">{t('live.roulette.no_favourites')}</span>
        ) : (
          favourites.map((f, i) => (
            <span key={i} className="roulette-favourite">
              <button
                type="button"
                className="button"
                disabled={props.disabled}
                onClick={() => props.onStakes(Object.entries(f).map(([s, v]) => [s, BigInt(v)]))}
                data-testid={`roulette-favourite-${i}`}
                title={Object.keys(f)
                  .map((s) => spotLabel(t, s))
                  .join(', ')}
              >
                ★ {i + 1}
              </button>
              <button
                type="button"
                className="roulette-remove"
                aria-label={t('live.roulette.remove', { n: i + 1 })}
                onClick={() => keep(favourites.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </span>
          ))
        )}
        <button
          type="button"
          className="button roulette-save"
          disabled={lastEntries.length === 0}
          onClick={() =>
            keep([
              ...favourites,
              Object.fromEntries(lastEntries.map(([s, v]) => [s, v.toString()])),
            ])
          }
          data-testid="roulette-save"
        >
          {t('live.roulette.save')}
        </button>
      </div>
      {props.onTable.length > 0 ? (
        <ul className="roulette-on-table" data-testid="roulette-on-table">
          {props.onTable.map(([spot, amount]) => (
            <li key={spot}>
              {spotLabel(t, spot)} <b>{amount}</b>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
