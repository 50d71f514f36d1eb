import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { paths, searchParams } from '../../../lib/paths';
import { useGameList } from '../api/get-game-list';
import { useHotGames } from '../api/get-hot-games';
import { useVendorTypes } from '../api/get-vendor-types';
import { GameActionsProvider, useGameActions } from '../components/game-actions';
import { GameGrid, GameGridSkeleton } from '../components/game-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadProblem } from '../../../components/load-problem';
import { GameSearch, Pager, VendorFilter } from '../components/list-tools';
import { categoryIcons } from '../lib/categories';

/** Categories shown as a list of games, filtered by vendor for RNG (SPEC §2). */
export type GameListKind = 'LIVE' | 'FISH' | 'RNG' | 'PVP' | 'HOT';

/** SPEC §9: RNG lists 10 a page, the others 5. */
export function listPageSize(kind: GameListKind): number {
  return kind === 'RNG' ? 10 : 5;
}

/** SPEC §9: vendors' lists load one after another, this far apart. */
export const vendorLoadGapMs = 300;

export function GameListCentreRoute({ kind }: { kind: GameListKind }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = t(`categories.${kind}`);
  useDocumentTitle(title);
  return (
    <GameActionsProvider>
      <section className="game-centre" aria-labelledby={titleId} data-testid="game-list-centre">
        <h1 id={titleId} className="game-centre-title">
          {title}
        </h1>
        {kind === 'HOT' ? <HotList /> : <VendorLists kind={kind} />}
      </section>
    </GameActionsProvider>
  );
}

/** The vendor chosen: RNG keeps it in `?vassalage=` (links from the home page), others in state. */
function useSelectedVendor(kind: GameListKind) {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<string | null>(null);
  const fromQuery = params.get(searchParams.vassalage) || null;
  const select = useCallback(
    (vendor: string | null) => {
      if (kind !== 'RNG') {
        setLocal(vendor);
        return;
      }
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (vendor) next.set(searchParams.vassalage, vendor);
          else next.delete(searchParams.vassalage);
          return next;
        },
        { replace: true },
      );
    },
    [kind, setParams],
  );
  return [kind === 'RNG' ? fromQuery : local, select] as const;
}

function VendorLists({ kind }: { kind: Exclude<GameListKind, 'HOT'> }) {
  const { t } = useTranslation();
  const { vendorName } = useGameActions();
  const types = useVendorTypes();
  const [selected, select] = useSelectedVendor(kind);
  const [search, setSearch] = useState('');
  const known = types.data?.[kind] ?? [];
  // A vendor named in the address shows even before (or without) the vendor list.
  const vendors = selected && !known.includes(selected) ? [...known, selected] : known;

  let body;
  if (types.isPending && !selected) body = <GameGridSkeleton count={listPageSize(kind)} />;
  else if (types.isError && !selected) {
    body = <LoadProblem message={t('games.load_failed')} onRetry={() => void types.refetch()} />;
  } else if (vendors.length === 0) {
    body = (
      <EmptyState
        icon={categoryIcons[kind]}
        title={t('games.category_empty', { name: t(`categories.${kind}`) })}
        action={
          <Link className="button button-secondary" to={paths.home.href()}>
            {t('game.back')}
          </Link>
        }
        testId="category-empty"
      />
    );
  } else {
    body = (
      <VendorBlocks
        // A new choice starts the one-after-another loading again.
        key={`${selected ?? '*'}|${search}`}
        kind={kind}
        vendors={selected ? [selected] : vendors}
        search={search}
      />
    );
  }

  return (
    <>
      <div className="centre-tools">
        <GameSearch onSearch={setSearch} />
        <VendorFilter
          vendors={vendors}
          selected={selected}
          onSelect={select}
          vendorName={vendorName}
        />
      </div>
      {body}
    </>
  );
}

/** One block per vendor; each loads once the one before it has, 300 ms later (SPEC §9). */
function VendorBlocks({
  kind,
  vendors,
  search,
}: {
  kind: Exclude<GameListKind, 'HOT'>;
  vendors: readonly string[];
  search: string;
}) {
  const [released, setReleased] = useState(1);
  const timers = useRef<number[]>([]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);
  const onLoaded = useCallback((index: number) => {
    timers.current.push(
      window.setTimeout(() => setReleased((count) => Math.max(count, index + 2)), vendorLoadGapMs),
    );
  }, []);

  return (
    <div className="vendor-blocks">
      {vendors.map((vendor, index) => (
        <VendorBlock
          key={vendor}
          kind={kind}
          vendor={vendor}
          search={search}
          index={index}
          enabled={index < released}
          onLoaded={onLoaded}
        />
      ))}
    </div>
  );
}

function VendorBlock({
  kind,
  vendor,
  search,
  index,
  enabled,
  onLoaded,
}: {
  kind: Exclude<GameListKind, 'HOT'>;
  vendor: string;
  search: string;
  index: number;
  enabled: boolean;
  onLoaded: (index: number) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { vendorName } = useGameActions();
  const [page, setPage] = useState(1);
  const pageSize = listPageSize(kind);
  const list = useGameList(
    { gameType: kind, vassalage: vendor, gameName: search, pageNo: page, pageSize },
    { enabled },
  );
  const settled = list.isSuccess || list.isError;
  const reported = useRef(false);
  useEffect(() => {
    if (settled && !reported.current) {
      reported.current = true;
      onLoaded(index);
    }
  }, [index, onLoaded, settled]);

  let body;
  if (list.isPending) body = <GameGridSkeleton count={pageSize} />;
  else if (list.isError) {
    body = <LoadProblem message={t('games.load_failed')} onRetry={() => void list.refetch()} />;
  } else if (list.data.games.length === 0) {
    body = (
      <p className="muted">
        {search ? t('games.no_match', { query: search }) : t('games.vendor_empty')}
      </p>
    );
  } else {
    body = (
      <div aria-busy={list.isPlaceholderData}>
        <GameGrid games={list.data.games} />
      </div>
    );
  }

  return (
    <section className="vendor-block" aria-labelledby={titleId} data-testid="vendor-block">
      <div className="game-section-head">
        <h2 id={titleId} className="game-section-title">
          {vendorName(vendor)}
        </h2>
        {list.data ? (
          <span className="game-section-count">
            {t('games.game_count', { count: list.data.totalCount })}
          </span>
        ) : null}
      </div>
      {body}
      <Pager
        page={page}
        totalPages={list.data?.totalPages ?? 1}
        busy={list.isFetching}
        onPage={setPage}
      />
    </section>
  );
}

/** /hot: the hot games (up to 12), filtered and paged here since the server sends them all. */
function HotList() {
  const { t } = useTranslation();
  const { vendorName } = useGameActions();
  const hot = useHotGames();
  const [vendor, setVendor] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const pageSize = listPageSize('HOT');
  const all = hot.data ?? [];
  const vendors = [...new Set(all.map((game) => game.vassalage))];
  const needle = search.toLocaleLowerCase();
  const matching = all.filter(
    (game) =>
      (!vendor || game.vassalage === vendor) &&
      (!needle || game.gameName.toLocaleLowerCase().includes(needle)),
  );
  const totalPages = Math.max(1, Math.ceil(matching.length / pageSize));
  const shown = Math.min(page, totalPages);

  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);

  let body;
  if (hot.isPending) body = <GameGridSkeleton count={pageSize} />;
  else if (hot.isError) {
    body = <LoadProblem message={t('games.load_failed')} onRetry={() => void hot.refetch()} />;
  } else if (all.length === 0) {
    body = <EmptyState icon="flame" title={t('games.no_games_yet')} testId="hot-empty" />;
  } else if (matching.length === 0) {
    body = <p className="muted">{t('games.no_match', { query: search })}</p>;
  } else {
    body = (
      <GameGrid
        games={matching.slice((shown - 1) * pageSize, shown * pageSize)}
        testId="hot-games"
      />
    );
  }

  return (
    <>
      <div className="centre-tools">
        <GameSearch onSearch={onSearch} />
        <VendorFilter
          vendors={vendors.length > 1 ? vendors : []}
          selected={vendor}
          onSelect={(next) => {
            setVendor(next);
            setPage(1);
          }}
          vendorName={vendorName}
        />
      </div>
      {body}
      <Pager page={shown} totalPages={totalPages} busy={false} onPage={setPage} />
    </>
  );
}
