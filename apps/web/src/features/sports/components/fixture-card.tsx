import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { asianLineText, lineText } from '@taya/games';
import type { Fixture, SportsMarket } from '@taya/contracts';
import { paths } from '../../../lib/paths';
import { headlineScore, shortPick } from '../lib/labels';
import { OddsButton } from './odds-button';
import { Crest, LiveDot, useKickoff } from './team';

/** The main markets a card shows: the result (1X2 or money line), the handicap and the total. */
export function mainMarkets(fixture: Fixture) {
  const main = fixture.markets.filter((m) => m.main);
  return {
    result: main.find((m) => m.kind === '1x2') ?? main.find((m) => m.kind === 'ml') ?? null,
    handicap: main.find((m) => m.kind === 'ah') ?? null,
    total: main.find((m) => m.kind === 'ou') ?? null,
  };
}

function Column({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`sb-col${wide ? ' is-wide' : ''}`}>
      <span className="sb-col-title">{title}</span>
      <div className="sb-col-odds">{children}</div>
    </div>
  );
}

function Empty() {
  return <span className="sb-odds is-empty" aria-hidden="true" />;
}

/**
 * A fixture in the lists: league, kick-off or the live clock and score, the teams with their
 * crests, and the main prices as a dense grid (1X2 or money line, handicap per side, over/under);
 * the teams and the "+N" link open the match page.
 */
export function FixtureCard({ fixture }: { fixture: Fixture }) {
  const { t } = useTranslation();
  const kickoff = useKickoff();
  const { result, handicap, total } = mainMarkets(fixture);
  const score = headlineScore(fixture);
  const live = fixture.status === 'live';
  const showScore = live || fixture.status === 'finished';
  const href = paths.sportsFixture.href(fixture.id);
  const more = Math.max(0, fixture.marketCount - fixture.markets.length);
  const sides = (m: SportsMarket | null, render: (m: SportsMarket) => ReactNode) =>
    m ? render(m) : [<Empty key="a" />, <Empty key="b" />];

  return (
    <article
      className={`sb-card${live ? ' is-live' : ''}`}
      data-testid={`fixture-${fixture.id}`}
      data-status={fixture.status}
    >
      <header className="sb-card-head">
        <span className="sb-card-league">{fixture.league.name}</span>
        {live ? (
          <span className="sb-card-clock">
            <LiveDot />
            {fixture.clock ?? t('sports.status.live')}
          </span>
        ) : (
          <span className="sb-card-time">
            {fixture.status === 'scheduled'
              ? kickoff(fixture.startsAt)
              : t(`sports.status.${fixture.status}`)}
          </span>
        )}
      </header>
      <div className="sb-card-body">
        <Link
          to={href}
          className="sb-card-teams"
          title={t('sports.open_match', { home: fixture.home, away: fixture.away })}
        >
          {(['home', 'away'] as const).map((side) => (
            <span key={side} className="sb-team">
              <Crest name={fixture[side]} />
              <span className="sb-team-name">{fixture[side]}</span>
              {showScore && <span className="sb-team-score">{score?.[side] ?? 0}</span>}
            </span>
          ))}
        </Link>
        <div className="sb-card-markets">
          <Column
            title={result?.kind === 'ml' ? t('sports.kind_short.ml') : t('sports.kind_short.1x2')}
          >
            {result
              ? result.selections.map((s) => (
                  <OddsButton
                    key={s.key}
                    fixture={fixture}
                    market={result}
                    selection={s.key}
                    label={shortPick(s.key)}
                  />
                ))
              : [<Empty key="a" />, <Empty key="b" />]}
          </Column>
          <Column title={t('sports.kind_short.ah')}>
            {sides(handicap, (m) =>
              (['home', 'away'] as const).map((side) => (
                <OddsButton
                  key={side}
                  fixture={fixture}
                  market={m}
                  selection={side}
                  line={asianLineText(side === 'away' ? -(m.line ?? 0) : (m.line ?? 0))}
                />
              )),
            )}
          </Column>
          <Column title={t('sports.kind_short.ou')}>
            {sides(total, (m) =>
              (['over', 'under'] as const).map((side) => (
                <OddsButton
                  key={side}
                  fixture={fixture}
                  market={m}
                  selection={side}
                  line={`${t(`sports.sel_short.${side}`)} ${lineText(m.line ?? 0, false)}`}
                />
              )),
            )}
          </Column>
        </div>
        <Link to={href} className="sb-card-more" data-testid={`fixture-more-${fixture.id}`}>
          {more > 0 ? `+${more}` : '›'}
        </Link>
      </div>
    </article>
  );
}
