import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sportFamilyOf, type Fixture, type SportsMarket } from '@taya/contracts';
import { LoadProblem } from '../../../components/load-problem';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { getFixture, getSportsLobby, sportsKeys } from '../api';
import { BookFrame } from '../components/book-frame';
import { OddsButton } from '../components/odds-button';
import { Scoreboard } from '../components/scoreboard';
import { useMarketName, useSelectionText } from '../components/use-labels';
import { marketsByPeriod } from '../lib/labels';

function MarketBlock({ fixture, market }: { fixture: Fixture; market: SportsMarket }) {
  const { t } = useTranslation();
  const selectionText = useSelectionText();
  const marketName = useMarketName();
  const cols = market.selections.length === 3 ? 3 : market.kind === 'cs' ? 3 : 2;
  return (
    <div
      className={`sb-market is-${market.status}`}
      data-testid={`market-${market.id}`}
      data-status={market.status}
    >
      <h3 className="sb-market-name">
        {marketName(market)}
        {market.status === 'suspended' && <span className="sb-tag">{t('sports.suspended')}</span>}
        {market.status === 'void' && <span className="sb-tag">{t('sports.outcome.void')}</span>}
      </h3>
      <div className={`sb-market-grid cols-${cols}`}>
        {market.selections.map((s) => (
          <OddsButton
            key={s.key}
            fixture={fixture}
            market={market}
            selection={s.key}
            label={selectionText(market, s.key, fixture)}
          />
        ))}
      </div>
    </div>
  );
}

/** /sports/match/:fixture — one match: its scoreboard and every market by period, and the slip. */
export function SportsMatch() {
  const { fixture: id = '' } = useParams();
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: sportsKeys.fixture(id),
    queryFn: ({ signal }) => getFixture(id, signal),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
  const fixture = query.data;
  const family = fixture ? sportFamilyOf(fixture.sport) : 'sports';
  const lobbyFilter = { family } as const;
  const lobby = useQuery({
    queryKey: sportsKeys.lobby(lobbyFilter),
    queryFn: ({ signal }) => getSportsLobby(lobbyFilter, signal),
    enabled: !!fixture,
    staleTime: 60_000,
  });
  useDocumentTitle(
    fixture ? `${fixture.home} ${t('sports.vs')} ${fixture.away}` : t('sports.title.sports'),
  );
  const back = (
    <Link
      className="sb-back"
      to={family === 'esports' ? paths.esports.href() : paths.sports.href()}
      aria-label={t('sports.back')}
    >
      ‹
    </Link>
  );
  if (query.isError)
    return (
      <section className="sb">
        <LoadProblem message={errorText(t, query.error)} onRetry={() => void query.refetch()} />
      </section>
    );
  return (
    <BookFrame
      title={fixture ? fixture.league.name : t(`sports.title.${family}`)}
      simulated={fixture?.simulated ?? false}
      limits={lobby.data?.limits}
      back={back}
      testId="sports-match"
    >
      {!fixture ? (
        <div className="sb-skeleton is-tall" aria-busy="true" />
      ) : (
        <>
          <Scoreboard fixture={fixture} />
          {fixture.markets.length === 0 ? (
            <p className="sb-empty">{t('sports.no_markets')}</p>
          ) : (
            marketsByPeriod(fixture.markets).map((g) => (
              <section key={g.period} className="sb-period">
                <h2 className="sb-period-head">{t(`sports.period_title.${g.period}`)}</h2>
                {g.markets.map((m) => (
                  <MarketBlock key={m.id} fixture={fixture} market={m} />
                ))}
              </section>
            ))
          )}
        </>
      )}
    </BookFrame>
  );
}
