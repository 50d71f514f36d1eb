import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { paths } from '../../../lib/paths';
import { useFavouriteGames } from '../api/get-favourite-games';
import { useRecentGames } from '../api/get-recent-games';
import { GameActionsProvider } from '../components/game-actions';
import { GameGrid, GameGridSkeleton } from '../components/game-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadProblem } from '../../../components/load-problem';

/** /favorite and /recent: the member's own lists (the router asks for a log-in first). */
export function AccountGameListRoute({ list }: { list: 'favorite' | 'recent' }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = t(`screens.${list}`);
  useDocumentTitle(title);
  return (
    <GameActionsProvider>
      <section className="game-centre" aria-labelledby={titleId} data-testid={`${list}-games`}>
        <h1 id={titleId} className="game-centre-title">
          {title}
        </h1>
        {list === 'favorite' ? <FavouriteList /> : <RecentList />}
      </section>
    </GameActionsProvider>
  );
}

function BrowseLink() {
  const { t } = useTranslation();
  return (
    <Link className="button button-primary" to={paths.home.href()}>
      {t('games.browse')}
    </Link>
  );
}

function FavouriteList() {
  const { t } = useTranslation();
  const favourites = useFavouriteGames();
  if (favourites.isPending) return <GameGridSkeleton count={5} />;
  if (favourites.isError) {
    return (
      <LoadProblem message={t('games.load_failed')} onRetry={() => void favourites.refetch()} />
    );
  }
  if (favourites.data.length === 0) {
    return (
      <EmptyState
        icon="heart"
        title={t('games.favorite_empty')}
        body={t('games.favorite_empty_body')}
        action={<BrowseLink />}
        testId="favorite-empty"
      />
    );
  }
  return <GameGrid games={favourites.data} />;
}

function RecentList() {
  const { t } = useTranslation();
  const recent = useRecentGames();
  if (recent.isPending) return <GameGridSkeleton count={5} />;
  if (recent.isError) {
    return <LoadProblem message={t('games.load_failed')} onRetry={() => void recent.refetch()} />;
  }
  if (recent.data.length === 0) {
    return (
      <EmptyState
        icon="refresh"
        title={t('games.recent_empty')}
        action={<BrowseLink />}
        testId="recent-empty"
      />
    );
  }
  return <GameGrid games={recent.data} />;
}
