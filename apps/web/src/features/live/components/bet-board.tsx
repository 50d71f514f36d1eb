import { useTranslation } from 'react-i18next';
import type { LiveGame } from '@taya/contracts';
import { pocketColour } from '@taya/games';
import { spotLabel } from '../lib/spot-label';

export interface SpotView {
  spot: string;
  pays: string;
  /** The table's total on the spot this round, and the player's (placed and on the mat). */
  total: string | null;
  mine: string | null;
  winning: boolean;
}

/** One bet spot: its name, what it pays, the table's total and the player's chips on it. */
function Spot({
  view,
  label,
  className = '',
  disabled,
  onPick,
}: {
  view: SpotView | undefined;
  label: string;
  className?: string;
  disabled: boolean;
  onPick: (spot: string) => void;
}) {
  if (!view) return null;
  const pays = Number(view.pays) - 1;
  return (
    <button
      type="button"
      className={`bet-spot ${className}${view.winning ? ' is-winning' : ''}${view.mine ? ' has-chips' : ''}`}
      data-testid={`spot-${view.spot}`}
      disabled={disabled}
      onClick={() => onPick(view.spot)}
    >
      <span className="bet-spot-name">{label}</span>
      <span className="bet-spot-pays">{pays % 1 === 0 ? `${pays}:1` : `${pays.toFixed(2)}:1`}</span>
      {view.total && <span className="bet-spot-total">{view.total}</span>}
      {view.mine && (
        <span className="bet-spot-chip" data-testid={`mine-${view.spot}`}>
          {view.mine}
        </span>
      )}
    </button>
  );
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/** The table's betting board, laid out for its game. */
export function BetBoard({
  game,
  spots,
  disabled,
  onPick,
}: {
  game: LiveGame;
  spots: Map<string, SpotView>;
  disabled: boolean;
  onPick: (spot: string) => void;
}) {
  const { t } = useTranslation();
  const s = (spot: string, label: string, className?: string) => (
    <Spot
      key={spot}
      view={spots.get(spot)}
      label={label}
      className={className}
      disabled={disabled}
      onPick={onPick}
    />
  );
  if (game === 'baccarat' || game === 'lucky9')
    return (
      <div className={`bet-board is-${game}`} data-testid="bet-board">
        {game === 'baccarat' && (
          <div className="bet-row is-side">
            {s('player-pair', t('live.spots.player_pair'), 'is-p')}
            {s('tie', t('live.spots.tie'), 'is-t')}
            {s('banker-pair', t('live.spots.banker_pair'), 'is-b')}
          </div>
        )}
        <div className="bet-row is-main">
          {s('player', t('live.spots.player'), 'is-p is-big')}
          {game === 'lucky9' && s('tie', t('live.spots.tie'), 'is-t')}
          {s('banker', t('live.spots.banker'), 'is-b is-big')}
        </div>
      </div>
    );
  if (game === 'dragon-tiger') {
    const side = (who: 'dragon' | 'tiger') =>
      ['big', 'small', 'odd', 'even', 'red', 'black'].map((k) =>
        s(`${who}-${k}`, spotLabel(t, k), who === 'dragon' ? 'is-b is-small' : 'is-p is-small'),
      );
    return (
      <div className="bet-board is-dragon-tiger" data-testid="bet-board">
        <div className="bet-row is-main">
          {s('dragon', t('live.spots.dragon'), 'is-b is-big')}
          <div className="bet-col">
            {s('tie', t('live.spots.tie'), 'is-t')}
            {s('suited-tie', t('live.spots.suited_tie'), 'is-t')}
          </div>
          {s('tiger', t('live.spots.tiger'), 'is-p is-big')}
        </div>
        <div className="bet-row is-side">
          <div className="bet-grid is-3">{side('dragon')}</div>
          <div className="bet-grid is-3">{side('tiger')}</div>
        </div>
      </div>
    );
  }
  if (game === 'sic-bo')
    return (
      <div className="bet-board is-sic-bo" data-testid="bet-board">
        <div className="bet-row is-main">
          {s('small', t('live.spots.small'), 'is-big')}
          {s('odd', t('live.spots.odd'))}
          {s('any-triple', t('live.spots.any_triple'))}
          {s('even', t('live.spots.even'))}
          {s('big', t('live.spots.big'), 'is-big')}
        </div>
        <div className="bet-grid is-7">{range(4, 17).map((n) => s(`total:${n}`, String(n)))}</div>
        <div className="bet-grid is-6">
          {range(1, 6).map((n) => s(`double:${n}`, `${n}·${n}`))}
          {range(1, 6).map((n) => s(`triple:${n}`, `${n}·${n}·${n}`))}
        </div>
        <div className="bet-grid is-5">
          {range(1, 6).flatMap((a) =>
            range(a + 1, 6).map((b) => s(`combo:${a}-${b}`, `${a}·${b}`)),
          )}
        </div>
        <div className="bet-grid is-6">
          {range(1, 6).map((n) => s(`single:${n}`, t('live.spots.single', { n })))}
        </div>
      </div>
    );
  // Roulette: zero, the 3 × 12 numbers, columns, dozens and the even-money bets.
  return (
    <div className="bet-board is-roulette" data-testid="bet-board">
      <div className="roulette-grid">
        {s('straight:0', '0', 'is-green is-zero')}
        {range(1, 12).flatMap((row) =>
          [1, 2, 3].map((k) => {
            const n = (row - 1) * 3 + k;
            return s(`straight:${n}`, String(n), `is-${pocketColour(n)} is-number`);
          }),
        )}
        {[1, 2, 3].map((c) => s(`column:${c}`, '2:1', 'is-column'))}
      </div>
      <div className="bet-grid is-3">
        {[1, 2, 3].map((d) => s(`dozen:${d}`, t('live.spots.dozen', { n: d })))}
      </div>
      <div className="bet-grid is-6">
        {s('low', '1–18')}
        {s('even', t('live.spots.even'))}
        {s('red', t('live.spots.red'), 'is-red')}
        {s('black', t('live.spots.black'), 'is-black')}
        {s('odd', t('live.spots.odd'))}
        {s('high', '19–36')}
      </div>
    </div>
  );
}
