import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import type { MenuCategory } from '../../../lib/game-categories';
import { paths } from '../../../lib/paths';
import { useFavouriteGames } from '../api/get-favourite-games';
import { useGameList } from '../api/get-game-list';
import { useGameVendors } from '../api/get-game-vendors';
import { useHotGames } from '../api/get-hot-games';
import { useRecentGames } from '../api/get-recent-games';
import {
  categoryIcons,
  categoryPage,
  hiddenOnHome,
  homeSectionLimit,
  lobbyCategories,
} from '../lib/categories';
import { usePlayer } from '../lib/player';
import type { VendorLane } from '../lib/types';
import { GameActionsProvider, useGameActions } from './game-actions';
import { GameGrid, GameGridSkeleton } from './game-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadProblem } from '../../../components/load-problem';
import { GameSection } from './game-section';
import { JackpotCounter } from './jackpot-counter';
import { VendorGrid } from './vendor-card';
import { WinnerBoard } from './winner-board';

/** A category page on the home route shows that many games before "More". */
const categoryViewLimit = 60;

export interface GameLobbyProps {
  /** The side menu's choice (`?category=`); null for HOME. */
  category: MenuCategory | null;
  /**
   * What the home page shows above the jackpot counter (the notice marquee and the banners),
   * given the lobby's launch flow for content that leads to a game. The app passes it in, since
   * that content belongs to another feature.
   */
  top?: (actions: LobbyActions) => ReactNode;
}

/** What the lobby lends the content above it. */
export interface LobbyActions {
  /** Starts the game with this node id as a game card would (log-in popup for guests, …). */
  launchGame: (nodeId: string) => void;
}

/**
 * The home page's games (SPEC §2): `top` (the notice marquee and banners), the jackpot counter
 * (when the merchant runs a pool), the winner board, then Recent and Favorites for members when
 * they have any, Hot, and one section per category that has something in it. A category chosen
 * in the side menu shows just that category.
 */
export function GameLobby({ category, top }: GameLobbyProps) {
  return (
    <GameActionsProvider>
      <div className="lobby" data-testid="lobby">
        {category === null ? <HomeLobby top={top} /> : <CategoryLobby category={category} />}
      </div>
    </GameActionsProvider>
  );
}

function HomeLobby({ top }: { top: GameLobbyProps['top'] }) {
  const { kind } = usePlayer();
  const { launchNode } = useGameActions();
  return (
    <>
      {top?.({ launchGame: launchNode })}
      <JackpotCounter />
      <WinnerBoard />
      {kind === 'member' ? (
        <>
          <RecentSection />
          <FavouritesSection />
        </>
      ) : null}
      <HotSection limit={homeSectionLimit} />
      {lobbyCategories
        .filter((item) => !hiddenOnHome.includes(item))
        .map((item) => (
          <Fragment key={item}>
            <CategorySection category={item} limit={homeSectionLimit} />
            {/* Table games (SPEC §3's TG) follow the live casino. */}
            {item === 'LIVE' ? <TableGamesSection limit={homeSectionLimit} /> : null}
          </Fragment>
        ))}
      <NothingYet />
    </>
  );
}

/**
 * A lobby with no games at all says so. Its own component, so the lists' arrival re-renders this
 * and the sections that show them, not the whole home page.
 */
function NothingYet() {
  const { t } = useTranslation();
  const hot = useHotGames();
  const vendors = useGameVendors();
  const nothingYet =
    hot.isSuccess &&
    hot.data.length === 0 &&
    vendors.isSuccess &&
    vendors.data.every((lane) => lane.cards.length === 0);
  return nothingYet ? (
    <EmptyState icon="slots" title={t('games.no_games_yet')} testId="lobby-empty" />
  ) : null;
}

function CategoryLobby({ category }: { category: MenuCategory }) {
  const { t } = useTranslation();
  if (category === 'HOT') return <HotSection limit={categoryViewLimit} showEmpty />;
  if (category === 'HOME') return null;
  return (
    <CategorySection
      category={category}
      limit={categoryViewLimit}
      empty={
        <EmptyState
          icon={categoryIcons[category]}
          title={t('games.category_empty', { name: t(`categories.${category}`) })}
          action={
            <Link className="button button-secondary" to={paths.home.href()}>
              {t('game.back')}
            </Link>
          }
          testId="category-empty"
        />
      }
    />
  );
}

function RecentSection() {
  const { t } = useTranslation();
  const recent = useRecentGames();
  // Only when there is something to show (SPEC §2); a failure simply leaves it out.
  if (!recent.data || recent.data.length === 0) return null;
  return (
    <GameSection
      title={t('screens.recent')}
      icon="refresh"
      moreHref={recent.data.length > homeSectionLimit ? paths.recent.href() : null}
      testId="home-recent"
    >
      <GameGrid games={recent.data.slice(0, homeSectionLimit)} />
    </GameSection>
  );
}

function FavouritesSection() {
  const { t } = useTranslation();
  const favourites = useFavouriteGames();
  if (!favourites.data || favourites.data.length === 0) return null;
  return (
    <GameSection
      title={t('screens.favorite')}
      icon="heart"
      moreHref={favourites.data.length > homeSectionLimit ? paths.favorite.href() : null}
      testId="home-favorites"
    >
      <GameGrid games={favourites.data.slice(0, homeSectionLimit)} />
    </GameSection>
  );
}

function HotSection({ limit, showEmpty = false }: { limit: number; showEmpty?: boolean }) {
  const { t } = useTranslation();
  const hot = useHotGames();
  let body;
  if (hot.isPending) body = <GameGridSkeleton count={limit === homeSectionLimit ? limit : 6} />;
  else if (hot.isError) {
    body = <LoadProblem message={t('games.load_failed')} onRetry={() => void hot.refetch()} />;
  } else if (hot.data.length === 0) {
    if (!showEmpty) return null;
    body = <EmptyState icon="flame" title={t('games.no_games_yet')} testId="hot-empty" />;
  } else {
    body = <GameGrid games={hot.data.slice(0, limit)} testId="hot-games" />;
  }
  return (
    <GameSection
      title={t('categories.HOT')}
      icon="flame"
      moreHref={hot.data && hot.data.length > limit ? paths.hot.href() : null}
      actions={
        <button
          type="button"
          className="icon-button"
          aria-label={t('games.refresh_hot')}
          title={t('games.refresh_hot')}
          aria-busy={hot.isFetching}
          onClick={() => {
            if (!hot.isFetching) void hot.refetch();
          }}
        >
          <span className={hot.isFetching ? 'refresh-icon is-spinning' : 'refresh-icon'}>
            <Icon name="refresh" size={18} />
          </span>
        </button>
      }
      testId="home-hot"
    >
      {body}
    </GameSection>
  );
}

/**
 * One category: RNG lists its vendors (each opens /rng?vassalage=…); the others list their
 * games, which start directly. A category without anything is left out, or shows `empty`.
 */
function CategorySection({
  category,
  limit,
  empty,
}: {
  category: MenuCategory;
  limit: number;
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  const vendors = useGameVendors();
  if (vendors.isPending) return null;
  if (vendors.isError) {
    // One message for the lanes, on the first section only.
    if (category !== 'RNG' && empty === undefined) return null;
    return (
      <GameSection title={t(`categories.${category}`)} icon={categoryIcons[category]}>
        <LoadProblem message={t('games.load_failed')} onRetry={() => void vendors.refetch()} />
      </GameSection>
    );
  }
  const lane = vendors.data.find((item) => item.gameType === category && item.cards.length > 0);
  if (!lane) return empty ?? null;
  if (category === 'RNG') return <VendorSection lane={lane} />;
  return <CategoryGames category={category} limit={limit} empty={empty} />;
}

function VendorSection({ lane }: { lane: VendorLane }) {
  const { t } = useTranslation();
  return (
    <GameSection
      title={t('categories.RNG')}
      icon={categoryIcons.RNG}
      moreHref={paths.rng.href()}
      testId="home-section-RNG"
    >
      <VendorGrid vendors={lane.cards} />
    </GameSection>
  );
}

/** The table games (blackjack, …): a lane of their own on the home page, when there are any. */
function TableGamesSection({ limit }: { limit: number }) {
  const { t } = useTranslation();
  const list = useGameList({ gameType: 'TG', pageNo: 1, pageSize: limit });
  if (!list.data || list.data.games.length === 0) return null;
  return (
    <GameSection title={t('games.table_games')} icon="cards" testId="home-section-TG">
      <GameGrid games={list.data.games} />
    </GameSection>
  );
}

function CategoryGames({
  category,
  limit,
  empty,
}: {
  category: MenuCategory;
  limit: number;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const list = useGameList({ gameType: category, pageNo: 1, pageSize: limit });
  let body;
  if (list.isPending) body = <GameGridSkeleton count={Math.min(limit, homeSectionLimit)} />;
  else if (list.isError) {
    body = <LoadProblem message={t('games.load_failed')} onRetry={() => void list.refetch()} />;
  } else if (list.data.games.length === 0) {
    return empty ?? null;
  } else {
    body = <GameGrid games={list.data.games} />;
  }
  const more = list.data && list.data.totalCount > list.data.games.length;
  return (
    <GameSection
      title={t(`categories.${category}`)}
      icon={categoryIcons[category]}
      moreHref={more ? categoryPage(category) : null}
      testId={`home-section-${category}`}
    >
      {body}
    </GameSection>
  );
}
