import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { paths } from '../../../lib/paths';
import { useGameList } from '../api/get-game-list';
import { GameActionsProvider } from '../components/game-actions';
import { GameGrid, GameGridSkeleton } from '../components/game-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadProblem } from '../../../components/load-problem';
import { categoryIcons } from '../lib/categories';

/** Categories whose vendor launches one game centre rather than a list of games (SPEC §2). */
export type GameCentreKind = 'SPORTS' | 'ESPORTS' | 'LOTT' | 'ELOTT';

/** A category's vendors' lobbies and games are few: one page holds them all. */
const centrePageSize = 60;

/** A game centre: the category's games and vendor lobbies, or plainly none. */
export function GameCentreRoute({ kind }: { kind: GameCentreKind }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = t(`categories.${kind}`);
  useDocumentTitle(title);
  const list = useGameList({ gameType: kind, pageNo: 1, pageSize: centrePageSize });

  let body;
  if (list.isPending) body = <GameGridSkeleton count={5} />;
  else if (list.isError) {
    body = <LoadProblem message={t('games.load_failed')} onRetry={() => void list.refetch()} />;
  } else if (list.data.games.length === 0) {
    body = (
      <EmptyState
        icon={categoryIcons[kind]}
        title={t('games.category_empty', { name: title })}
        action={
          <Link className="button button-secondary" to={paths.home.href()}>
            {t('game.back')}
          </Link>
        }
        testId="category-empty"
      />
    );
  } else {
    body = <GameGrid games={list.data.games} />;
  }

  return (
    <GameActionsProvider>
      <section className="game-centre" aria-labelledby={titleId} data-testid="game-centre">
        <h1 id={titleId} className="game-centre-title">
          {title}
        </h1>
        {body}
      </section>
    </GameActionsProvider>
  );
}
