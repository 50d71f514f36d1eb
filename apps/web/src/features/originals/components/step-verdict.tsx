import { useTranslation } from 'react-i18next';
import { MINES_TILES } from '@taya/games';
import type { MinesReplay, PokerReplay } from '../lib/step-verify';
import { MinesTile } from './mines-tile';
import { PlayingCard } from '../../../components/playing-card';

/** A replayed mines round: the whole board, the tiles the player opened marked in order. */
export function MinesVerdict({ replay }: { replay: MinesReplay }) {
  const { t } = useTranslation();
  const mines = new Set(replay.mines);
  return (
    <span className="mines-verdict">
      <span className="mines-grid mines-grid-small" data-testid="ogv-mines-board">
        {Array.from({ length: MINES_TILES }, (_, tile) => {
          const order = replay.revealed.indexOf(tile);
          return (
            <span key={tile} className="mines-verdict-cell">
              <MinesTile
                tile={tile}
                state={
                  order >= 0
                    ? mines.has(tile)
                      ? 'boom'
                      : 'gem'
                    : mines.has(tile)
                      ? 'mine'
                      : 'gem-dim'
                }
                disabled
                onOpen={() => undefined}
              />
              {order >= 0 ? <span className="mines-verdict-order">{order + 1}</span> : null}
            </span>
          );
        })}
      </span>
      <span data-testid="ogv-mines-summary">
        {t('originals.verify.mines_summary', {
          mines: replay.mines.map((m) => m).join(', '),
          opened: replay.revealed.join(', ') || '—',
        })}
      </span>
    </span>
  );
}

/** A replayed video poker hand: the deal with its holds, then the final hand and its name. */
export function PokerVerdict({ replay, wild }: { replay: PokerReplay; wild: boolean }) {
  const { t } = useTranslation();
  const row = (cards: number[], held: boolean[] | null, testId: string) => (
    <span className="vp-verdict-row" data-testid={testId}>
      {cards.map((c, i) => (
        <span key={i} className={`vp-verdict-card${held?.[i] ? ' is-held' : ''}`}>
          <PlayingCard card={c} wild={wild && c >> 2 === 0} />
        </span>
      ))}
    </span>
  );
  return (
    <span className="vp-verdict">
      <span className="og-label">{t('originals.poker.dealt')}</span>
      {row(replay.dealt, replay.holds, 'ogv-vp-dealt')}
      <span className="og-label">{t('originals.poker.final')}</span>
      {row(replay.cards, null, 'ogv-vp-final')}
      <strong data-testid="ogv-vp-hand">{t(`originals.poker.hands.${replay.hand}`)}</strong>
    </span>
  );
}
