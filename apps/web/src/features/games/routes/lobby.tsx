import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isMenuCategory, menuCategories } from '../../../lib/game-categories';
import { paths } from '../../../lib/paths';
import { useGameList } from '../api/get-game-list';
import { useGameVendors } from '../api/get-game-vendors';
import { GameActionsProvider } from '../components/game-actions';
import { GameGrid, GameGridSkeleton } from '../components/game-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadProblem } from '../../../components/load-problem';
import { GameSection } from '../components/game-section';
import { GameSearch } from '../components/list-tools';
import { VendorGrid } from '../components/vendor-card';
import { categoryIcons, categoryPage } from '../lib/categories';
import type { VendorCard, VendorLane } from '../lib/types';

/** Search results come this many at a time; "More" asks for the next lot. */
export const lobbySearchPageSize = 24;

/**
 * The lobby (/lobby): every game category with its vendors, and a search by game name across all
 * of them. The catalogue is public, so visitors see and search it too; starting a game asks them
 * to log in as any game card does.
 */
export function LobbyRoute() {
  const { t } = useTranslation();
  const titleId = useId();
  const [search, setSearch] = useState('');
  const onSearch = useCallback((text: string) => setSearch(text), []);
  useDocumentTitle(t('lobby.title'));

  return (
    <GameActionsProvider>
      <section className="lobby-page" aria-labelledby={titleId} data-testid="lobby-page">
        <h1 id={titleId} className="game-centre-title">
          {t('lobby.title')}
        </h1>
        <p className="muted">{t('lobby.intro')}</p>
        <div className="lobby-search">
          <GameSearch onSearch={onSearch} />
        </div>
        {/* A new search starts again from its first results. */}
        {search ? <SearchResults key={search} query={search} /> : null}
        <LobbyCategories />
      </section>
    </GameActionsProvider>
  );
}

function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [lots, setLots] = useState(1);
  // One call for everything shown so far: the list keeps its place while the next lot loads.
  const list = useGameList({ gameName: query, pageNo: 1, pageSize: lobbySearchPageSize * lots });

  let body;
  if (list.isPending) body = <GameGridSkeleton count={6} />;
  else if (list.isError) {
    body = <LoadProblem message={t('games.load_failed')} onRetry={() => void list.refetch()} />;
  } else if (list.data.games.length === 0) {
    body = (
      <p className="muted" data-testid="lobby-no-match">
        {t('games.no_match', { query })}
      </p>
    );
  } else {
    body = (
      <div aria-busy={list.isPlaceholderData}>
        <GameGrid games={list.data.games} testId="lobby-results" />
      </div>
    );
  }
  const more = list.data !== undefined && list.data.totalCount > list.data.games.length;

  return (
    <section className="lobby-results" aria-labelledby={titleId} data-testid="lobby-search">
      <div className="game-section-head">
        <h2 id={titleId} className="game-section-title">
          {t('games.search_label')}
        </h2>
        {list.data && list.data.totalCount > 0 ? (
          <span className="game-section-count" aria-live="polite" data-testid="lobby-match-count">
            {t('lobby.match_count', { count: list.data.totalCount })}
          </span>
        ) : null}
      </div>
      {body}
      {more ? (
        <button
          type="button"
          className="button button-secondary lobby-more"
          disabled={list.isFetching}
          aria-busy={list.isFetching}
          onClick={() => setLots((count) => count + 1)}
        >
          {t('games.more')}
        </button>
      ) : null}
    </section>
  );
}

/** Categories in the side menu's order; a game type the menu does not know comes last. */
function menuOrder(lane: VendorLane): number {
  const index = (menuCategories as readonly string[]).indexOf(lane.gameType);
  return index === -1 ? menuCategories.length : index;
}

/** SPEC §2: an RNG vendor opens the slot list filtered to it; other vendors their category. */
function vendorHref(vendor: VendorCard): string {
  if (vendor.gameType === 'RNG') return paths.rng.href(vendor.vassalage);
  if (!isMenuCategory(vendor.gameType)) return paths.home.href();
  return categoryPage(vendor.gameType) ?? paths.home.href(vendor.gameType);
}

function LobbyCategories() {
  const { t } = useTranslation();
  const vendors = useGameVendors();
  if (vendors.isPending) return <PageLoader />;
  if (vendors.isError) {
    return <LoadProblem message={t('games.load_failed')} onRetry={() => void vendors.refetch()} />;
  }
  const lanes = vendors.data
    .filter((lane) => lane.cards.length > 0)
    .sort((a, b) => menuOrder(a) - menuOrder(b));
  if (lanes.length === 0) {
    return <EmptyState icon="slots" title={t('games.no_games_yet')} testId="lobby-page-empty" />;
  }
  return (
    <div className="lobby-categories" data-testid="lobby-categories">
      {lanes.map((lane) => {
        const known = isMenuCategory(lane.gameType) ? lane.gameType : null;
        return (
          <GameSection
            key={lane.gameType}
            title={known ? t(`categories.${known}`) : lane.title}
            icon={known ? categoryIcons[known] : 'slots'}
            moreHref={known ? categoryPage(known) : null}
            testId={`lobby-category-${lane.gameType}`}
          >
            <VendorGrid vendors={lane.cards} hrefOf={vendorHref} />
          </GameSection>
        );
      })}
    </div>
  );
}
