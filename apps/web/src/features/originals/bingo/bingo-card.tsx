import { useTranslation } from 'react-i18next';
import type { BingoCard } from '@taya/contracts';
import {
  BINGO_CORNERS,
  BINGO_FREE_CELL,
  BINGO_LETTERS,
  BINGO_LINES,
  ballsToGo,
  bestPattern,
  markedCells,
} from '@taya/games';
import { useMoney } from '../../../hooks/use-money';

/** The cells of the patterns the marks complete (lines, and the corners when all four are in). */
function winningCells(marked: readonly boolean[]): Set<number> {
  const cells = new Set<number>();
  for (const line of BINGO_LINES)
    if (line.every((i) => marked[i])) line.forEach((i) => cells.add(i));
  if (BINGO_CORNERS.every((i) => marked[i])) BINGO_CORNERS.forEach((i) => cells.add(i));
  return cells;
}

/**
 * One card, auto-daubed: a called number is marked, the cells of a completed pattern light up,
 * and the card says its best pattern so far, or how many balls it lacks for a line.
 */
export function BingoCardView({
  card,
  called,
  last,
}: {
  card: BingoCard;
  called: readonly number[];
  last: number | null;
}) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const marked = markedCells(card.numbers, called);
  const win = winningCells(marked);
  const best = card.pattern ?? bestPattern(card.numbers, called);
  const togo = best ? 0 : ballsToGo(card.numbers, called);
  const over = card.payout !== null;
  return (
    <figure
      className={`bingo-card${best ? ' is-bingo' : ''}${togo === 1 ? ' is-close' : ''}`}
      data-testid="bingo-card"
      data-pattern={best ?? ''}
    >
      <div className="bingo-grid" role="grid" aria-label={t('originals.bingo.card')}>
        {BINGO_LETTERS.map((letter) => (
          <span key={letter} className="bingo-letter" aria-hidden="true">
            {letter}
          </span>
        ))}
        {card.numbers.map((n, i) => (
          <span
            key={i}
            role="gridcell"
            aria-selected={marked[i]}
            className={`bingo-cell${marked[i] ? ' is-marked' : ''}${win.has(i) ? ' is-win' : ''}${
              n === last ? ' is-last' : ''
            }`}
          >
            {i === BINGO_FREE_CELL ? t('originals.bingo.free') : n}
          </span>
        ))}
      </div>
      <figcaption className="bingo-card-foot">
        <span>{fmt.money(card.amount, card.currency)}</span>
        {best ? (
          <strong className="bingo-shout" data-testid="bingo-shout">
            {t(`originals.bingo.pattern.${best}`)}
            {over ? ` · ${fmt.money(card.payout!, card.currency)}` : ''}
          </strong>
        ) : over ? (
          <span>{t('originals.bingo.no_win')}</span>
        ) : called.length > 0 && togo <= 2 ? (
          <span className="bingo-togo" data-testid="bingo-togo">
            {t('originals.bingo.to_go', { count: togo })}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
