import { useTranslation } from 'react-i18next';
import type { Fixture } from '@taya/contracts';
import { headlineScore, mainPeriodOf } from '../lib/labels';
import { Crest, LiveDot, useKickoff } from './team';

/** The match's board: league, crests and names, the score, the clock or status, period scores. */
export function Scoreboard({ fixture }: { fixture: Fixture }) {
  const { t } = useTranslation();
  const kickoff = useKickoff();
  const score = headlineScore(fixture);
  const live = fixture.status === 'live';
  const main = mainPeriodOf(fixture.sport);
  const periods = Object.entries(fixture.scores).filter(([p]) => p !== main);
  return (
    <div
      className={`sb-board is-${fixture.status}`}
      data-testid="sports-scoreboard"
      data-status={fixture.status}
    >
      <p className="sb-board-league">
        {t(`sports.sport.${fixture.sport}`)} · {fixture.league.name}
      </p>
      <div className="sb-board-row">
        <div className="sb-board-team">
          <Crest name={fixture.home} size="large" />
          <span>{fixture.home}</span>
        </div>
        <div className="sb-board-mid">
          {score && fixture.status !== 'scheduled' ? (
            <span className="sb-board-score" data-testid="sports-score">
              {score.home}
              <i>:</i>
              {score.away}
            </span>
          ) : (
            <span className="sb-board-vs">{t('sports.vs')}</span>
          )}
          <span className={`sb-board-status is-${fixture.status}`}>
            {live ? (
              <>
                <LiveDot />
                {fixture.clock ?? t('sports.status.live')}
              </>
            ) : fixture.status === 'scheduled' ? (
              kickoff(fixture.startsAt)
            ) : (
              t(`sports.status.${fixture.status}`)
            )}
          </span>
        </div>
        <div className="sb-board-team">
          <Crest name={fixture.away} size="large" />
          <span>{fixture.away}</span>
        </div>
      </div>
      {periods.length > 0 && (
        <p className="sb-board-periods">
          {periods.map(([p, s]) => (
            <span key={p}>
              {t(`sports.period.${p as 'ft' | 'h1' | 'ot' | 'maps'}`)} {s.home}–{s.away}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
