import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/modal';
import { divideAmount, multiplyAmount } from '../../../../lib/money';
import { payingSymbols } from '../../lib/slot';
import type { SlotGame } from '../../lib/types';
import { SlotSymbol } from './slot-symbol';

/**
 * The paytable, built from the game's own `pays` and `scatterPays`: line pays are multiples of
 * the line bet (total bet ÷ lines), scatter pays multiply the total bet. Amounts are shown at the
 * bet chosen now, and the lines are drawn so a player can trace them.
 */
export function PaytableDialog({
  game,
  bet,
  money,
  symbolName,
  onClose,
}: {
  game: SlotGame;
  bet: string;
  money: (amount: string) => string;
  symbolName: (symbol: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lines = game.lines.length;
  const lineBet = divideAmount(bet, lines);
  const counts = [5, 4, 3];

  return (
    <Modal title={t('slot.paytable')} onClose={onClose} className="modal-wide paytable">
      <p className="paytable-intro">
        {t('slot.paytable_lines', { lines })}{' '}
        <strong>{t('slot.paytable_at_bet', { bet: money(bet), lineBet: money(lineBet) })}</strong>
      </p>

      <table className="paytable-table" data-testid="paytable">
        <thead>
          <tr>
            <th scope="col">{t('slot.symbol')}</th>
            {counts.map((count) => (
              <th key={count} scope="col">
                {t('slot.of_a_kind', { n: count })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {payingSymbols(game).map(([symbol, pays]) => (
            <tr key={symbol}>
              <th scope="row">
                <span className="paytable-symbol">
                  <SlotSymbol symbol={symbol} label={null} />
                  {symbolName(symbol)}
                </span>
              </th>
              {counts.map((count) => {
                const multiple = pays[count - 3] ?? 0;
                return (
                  <td key={count}>
                    <span className="paytable-multiple">×{multiple}</span>
                    <span className="paytable-amount">
                      {money(multiplyAmount(lineBet, multiple))}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
          <tr className="paytable-scatter">
            <th scope="row">
              <span className="paytable-symbol">
                <SlotSymbol symbol={game.scatter} label={null} />
                {symbolName(game.scatter)}
              </span>
            </th>
            {counts.map((count) => {
              const multiple = game.scatterPays[count - 3] ?? 0;
              return (
                <td key={count}>
                  <span className="paytable-multiple">×{multiple}</span>
                  <span className="paytable-amount">{money(multiplyAmount(bet, multiple))}</span>
                </td>
              );
            })}
          </tr>
        </tbody>
      </table>

      <div className="paytable-rule">
        <SlotSymbol symbol={game.wild} label={null} />
        <p>
          {t('slot.paytable_wild', {
            wild: symbolName(game.wild),
            scatter: symbolName(game.scatter),
          })}
        </p>
      </div>
      <div className="paytable-rule">
        <SlotSymbol symbol={game.scatter} label={null} />
        <p>{t('slot.paytable_scatter', { scatter: symbolName(game.scatter) })}</p>
      </div>

      <h3 className="paytable-heading">{t('slot.paylines')}</h3>
      <ol className="paylines">
        {game.lines.map((rows, index) => (
          <li key={index} className="payline">
            <svg
              viewBox={`0 0 ${game.reels * 10} ${game.rows * 10}`}
              className="payline-map"
              aria-hidden="true"
            >
              {Array.from({ length: game.reels * game.rows }, (_, cell) => {
                const reel = cell % game.reels;
                const row = Math.floor(cell / game.reels);
                return (
                  <rect
                    key={cell}
                    x={reel * 10 + 1}
                    y={row * 10 + 1}
                    width="8"
                    height="8"
                    rx="1.5"
                    className={rows[reel] === row ? 'is-on' : undefined}
                  />
                );
              })}
            </svg>
            <span>{t('slot.line_n', { n: index + 1 })}</span>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
