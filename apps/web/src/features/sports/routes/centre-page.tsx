import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sportCodes, type Fixture, type SportCode } from '@taya/contracts';
import { EmptyState } from '../../../components/empty-state';
import { LoadProblem } from '../../../components/load-problem';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { getSportsLobby, sportsKeys, type SportsFamily } from '../api';
import { BookFrame } from '../components/book-frame';
import { FixtureCard } from '../components/fixture-card';
import { MyBets } from '../components/my-bets';

const tabs = ['live', 'upcoming', 'results', 'mine'] as const;
type Tab = (typeof tabs)[number];

/** Fixtures under their league's heading, leagues in the order they first come. */
function byLeague(fixtures: readonly Fixture[]) {
  const groups = new Map<string, { name: string; country: string; list: Fixture[] }>();
  for (const f of fixtures) {
    const g = groups.get(f.league.id) ?? {
      name: f.league.name,
      country: f.league.country,
      list: [],
    };
    g.list.push(f);
    groups.set(f.league.id, g);
  }
  return [...groups.entries()];
}

/**
 * /sports and /esports — the game centre of the house book: sports with their counts, a league
 * filter, live / upcoming / results and the member's bets, each fixture's main prices, and the
 * bet slip. The feed keeps scores, clocks and prices live.
 */
export function SportsCentre({ family, others }: { family: SportsFamily; others?: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sportParam = params.get('sport');
  const sport = sportCodes.includes(sportParam as SportCode)
    ? (sportParam as SportCode)
    : undefined;
  const league = params.get('league') ?? undefined;
  const title = t(`sports.title.${family}`);
  useDocumentTitle(title);
  const filter = { family, sport, league };
  const lobby = useQuery({
    queryKey: sportsKeys.lobby(filter),
    queryFn: ({ signal }) => getSportsLobby(filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
  const data = lobby.data;
  const wanted = params.get('tab') as Tab | null;
  const tab: Tab =
    wanted && tabs.includes(wanted) ? wanted : data && data.live.length === 0 ? 'upcoming' : 'live';
  const set = (name: string, value: string | undefined) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name === 'sport') next.delete('league');
        return next;
      },
      { replace: true },
    );

  const simulated = useMemo(
    () => !!data && [...data.live, ...data.upcoming, ...data.results].some((f) => f.simulated),
    [data],
  );

  if (lobby.isError && !data) {
    const off = lobby.error instanceof ApiError && lobby.error.status === 404;
    // Not offered by this merchant: the category's other vendors if it has some, else plainly none.
    return (
      <section className="sb" data-testid={off ? 'sports-off' : 'sports-problem'}>
        <header className="sb-head">
          <h1 className="sb-title">{title}</h1>
        </header>
        {!off ? (
          <LoadProblem message={errorText(t, lobby.error)} onRetry={() => void lobby.refetch()} />
        ) : others ? null : (
          <EmptyState
            icon={family === 'esports' ? 'gamepad' : 'football'}
            title={t('games.category_empty', { name: title })}
            testId="category-empty"
          />
        )}
        {others}
      </section>
    );
  }

  const list = data && tab !== 'mine' ? data[tab] : [];
  const totalLive = data?.sports.reduce((n, s) => n + s.live, 0) ?? 0;
  const totalAll = data?.sports.reduce((n, s) => n + s.live + s.upcoming, 0) ?? 0;

  return (
    <>
      <BookFrame title={title} simulated={simulated} limits={data?.limits} testId="sports-centre">
        <nav className="sb-sports" aria-label={t('sports.sports')}>
          <button
            type="button"
            className={!sport ? 'is-on' : ''}
            aria-pressed={!sport}
            onClick={() => set('sport', undefined)}
          >
            {t('sports.all')} <span className="sb-count">{totalAll}</span>
            {totalLive > 0 && <span className="sb-count is-live">{totalLive}</span>}
          </button>
          {data?.sports.map((s) => (
            <button
              key={s.sport}
              type="button"
              className={sport === s.sport ? 'is-on' : ''}
              aria-pressed={sport === s.sport}
              onClick={() => set('sport', s.sport)}
              data-testid={`sport-${s.sport}`}
            >
              {t(`sports.sport.${s.sport}`)} <span className="sb-count">{s.live + s.upcoming}</span>
              {s.live > 0 && <span className="sb-count is-live">{s.live}</span>}
            </button>
          ))}
        </nav>
        <div className="sb-bar">
          <div className="sb-tabs" role="tablist">
            {tabs.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                className={tab === name ? 'is-on' : ''}
                onClick={() => set('tab', name)}
                data-testid={`sports-tab-${name}`}
              >
                {t(`sports.tab.${name}`)}
                {data && name !== 'mine' && <span className="sb-count">{data[name].length}</span>}
              </button>
            ))}
          </div>
          {data && data.leagues.length > 1 && tab !== 'mine' && (
            <select
              className="sb-league"
              value={league ?? ''}
              onChange={(e) => set('league', e.target.value || undefined)}
              aria-label={t('sports.league')}
              data-testid="sports-league"
            >
              <option value="">{t('sports.all_leagues')}</option>
              {data.leagues.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} ({l.fixtures})
                </option>
              ))}
            </select>
          )}
        </div>
        {tab === 'mine' ? (
          <MyBets />
        ) : !data ? (
          <div className="sb-skeleton" aria-busy="true" />
        ) : list.length === 0 ? (
          <p className="sb-empty" data-testid="sports-empty">
            {t(`sports.none.${tab}`)}
          </p>
        ) : (
          <div className="sb-list" data-testid={`sports-list-${tab}`}>
            {byLeague(list).map(([id, g]) => (
              <section key={id} className="sb-league-group">
                <h2 className="sb-league-head">
                  {g.name}
                  <span>{g.country}</span>
                </h2>
                {g.list.map((f) => (
                  <FixtureCard key={f.id} fixture={f} />
                ))}
              </section>
            ))}
          </div>
        )}
      </BookFrame>
      {others}
    </>
  );
}
