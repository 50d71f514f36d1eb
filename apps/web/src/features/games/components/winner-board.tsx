import { useTranslation } from 'react-i18next';
import { useWinners } from '../api/get-winners';
import type { Winner } from '../lib/types';
import { EmptyState } from '../../../components/empty-state';
import { LoadProblem } from '../../../components/load-problem';
import { GameSection } from './game-section';
import { useMoney } from '../../../hooks/use-money';

/** SPEC §2 and §9: six shown — three ranked, then three numbered from 4. */
const ranked = 3;
const shown = 6;

function Amount({ value }: { value: string }) {
  const { money } = useMoney();
  return <span className="winner-amount">{money(value)}</span>;
}

/**
 * The week's biggest real wins. Names come masked from the server; an empty week says so rather
 * than showing invented winners.
 */
export function WinnerBoard() {
  const { t } = useTranslation();
  const winners = useWinners();

  let body;
  if (winners.isPending) {
    body = <div className="winner-skeleton" aria-hidden="true" />;
  } else if (winners.isError) {
    body = (
      <LoadProblem message={t('games.winners_failed')} onRetry={() => void winners.refetch()} />
    );
  } else if (winners.data.length === 0) {
    body = (
      <EmptyState
        icon="trophy"
        title={t('games.winners_empty')}
        body={t('games.winners_empty_body')}
        testId="winners-empty"
      />
    );
  } else {
    const list = winners.data.slice(0, shown);
    body = (
      <>
        <ol className="winner-podium">
          {list.slice(0, ranked).map((winner, index) => (
            <RankedWinner key={`${winner.nodeId}-${index}`} winner={winner} rank={index + 1} />
          ))}
        </ol>
        {list.length > ranked ? (
          <ol className="winner-list" start={ranked + 1}>
            {list.slice(ranked).map((winner, index) => (
              <li key={`${winner.nodeId}-${index}`} className="winner-row" data-testid="winner-row">
                <span className="winner-number" aria-hidden="true">
                  {ranked + index + 1}
                </span>
                <span className="winner-name">{winner.customerName}</span>
                <span className="winner-game">{winner.gameName}</span>
                <Amount value={winner.winAmount} />
              </li>
            ))}
          </ol>
        ) : null}
      </>
    );
  }

  return (
    <GameSection
      title={t('games.winners_title')}
      icon="trophy"
      testId="winner-board"
      className="winner-board"
    >
      {body}
    </GameSection>
  );
}

function RankedWinner({ winner, rank }: { winner: Winner; rank: number }) {
  const { t } = useTranslation();
  return (
    <li className={`winner-ranked is-rank-${rank}`} data-testid="winner-ranked">
      <span className="winner-medal" aria-hidden="true">
        {rank}
      </span>
      <span className="visually-hidden">{t(`games.rank_${rank as 1 | 2 | 3}`)}</span>
      <span className="winner-name">{winner.customerName}</span>
      <Amount value={winner.winAmount} />
      <span className="winner-game">{winner.gameName}</span>
    </li>
  );
}
