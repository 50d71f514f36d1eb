import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FixtureStatus, OpsFixture } from '@taya/contracts';
import { Can } from '../../auth/can';
import { Badge, DateTime } from '../../components/display';
import { MarketRow } from './market-row';
import { patchFixture, type OpsMarket } from './sportsbook-api';
import { periodsOf } from './sportsbook-lib';

const statusTone: Record<FixtureStatus, 'neutral' | 'good' | 'bad' | 'warn' | 'info'> = {
  scheduled: 'neutral',
  live: 'good',
  postponed: 'warn',
  finished: 'info',
  cancelled: 'bad',
};

/** One fixture: its facts and actions, and (expanded) its markets. */
export function FixtureCard({
  fixture,
  onAct,
  onAddMarket,
  onResult,
  onScore,
  onCancel,
  onVoidMarket,
}: {
  fixture: OpsFixture;
  onAct: (work: () => Promise<unknown>) => Promise<void>;
  onAddMarket: () => void;
  onResult: () => void;
  onScore: () => void;
  onCancel: () => void;
  onVoidMarket: (market: OpsMarket) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const over = fixture.status === 'finished' || fixture.status === 'cancelled';
  const manual = fixture.source === 'manual';
  const score = periodsOf(fixture.sport)
    .filter((p) => fixture.scores[p])
    .map((p) => ({ p, s: fixture.scores[p]! }));
  const setStatus = (status: 'scheduled' | 'live' | 'postponed') =>
    void onAct(() => patchFixture(fixture.id, { status }));

  return (
    <section
      className="card fixture-card"
      data-testid={`fixture-${fixture.id}`}
      data-status={fixture.status}
    >
      <header className="fixture-head">
        <div className="fixture-facts">
          <span className="muted">
            {t(`games.sportsbook.sports.${fixture.sport}`)} · {fixture.league.name} ·{' '}
            <DateTime iso={fixture.startsAt} />
          </span>
          <h2>
            {fixture.home} <span className="muted">{t('games.sportsbook.vs')}</span> {fixture.away}
          </h2>
          <span className="fixture-badges">
            <Badge tone={statusTone[fixture.status]}>
              {t(`games.sportsbook.status.${fixture.status}`)}
            </Badge>
            {fixture.clock && <span data-testid="fixture-clock">{fixture.clock}</span>}
            {score.length > 0 && (
              <span className="fixture-score" data-testid="fixture-score">
                {score.map(({ p, s }) => (
                  <span key={p}>
                    <span className="muted">{t(`games.sportsbook.period.${p}`)}</span> {s.home}–
                    {s.away}
                  </span>
                ))}
              </span>
            )}
            <span className="muted">
              {t('games.sportsbook.tickets', { count: fixture.tickets })}
            </span>
            <Badge tone={manual ? 'info' : 'neutral'}>
              {manual
                ? t('games.sportsbook.sourceManual')
                : t('games.sportsbook.sourceFeed', { name: fixture.source.replace(/^feed:/, '') })}
            </Badge>
            {fixture.simulated && <Badge tone="warn">{t('games.sportsbook.simulated')}</Badge>}
          </span>
        </div>
        <Can action="sports.trade">
          <div className="fixture-actions">
            {!over && fixture.status !== 'live' && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setStatus('live')}
                data-testid={`fixture-live-${fixture.id}`}
              >
                {t('games.sportsbook.setLive')}
              </button>
            )}
            {!over && fixture.status !== 'postponed' && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setStatus('postponed')}
                data-testid={`fixture-postpone-${fixture.id}`}
              >
                {t('games.sportsbook.postpone')}
              </button>
            )}
            {fixture.status === 'postponed' && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setStatus('scheduled')}
                data-testid={`fixture-schedule-${fixture.id}`}
              >
                {t('games.sportsbook.reschedule')}
              </button>
            )}
            {!over && manual && (
              <button
                type="button"
                className="btn btn-small"
                onClick={onScore}
                data-testid={`fixture-score-${fixture.id}`}
              >
                {t('games.sportsbook.updateScore')}
              </button>
            )}
            {fixture.status !== 'cancelled' && (
              <button
                type="button"
                className="btn btn-small btn-primary"
                onClick={onResult}
                data-testid={`fixture-result-${fixture.id}`}
              >
                {fixture.status === 'finished'
                  ? t('games.sportsbook.correctResult')
                  : t('games.sportsbook.enterResult')}
              </button>
            )}
            {!over && (
              <button
                type="button"
                className="btn btn-small btn-danger"
                onClick={onCancel}
                data-testid={`fixture-cancel-${fixture.id}`}
              >
                {t('games.sportsbook.cancelFixture')}
              </button>
            )}
          </div>
        </Can>
      </header>
      <div className="fixture-tools">
        <button
          type="button"
          className="btn btn-small btn-ghost"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid={`fixture-toggle-${fixture.id}`}
        >
          {open ? '▾ ' : '▸ '}
          {t('games.sportsbook.markets', { count: fixture.markets.length })}
        </button>
        {open && !over && (
          <Can action="sports.trade">
            <button
              type="button"
              className="btn btn-small"
              onClick={onAddMarket}
              data-testid={`market-create-${fixture.id}`}
            >
              {t('games.sportsbook.addMarket')}
            </button>
          </Can>
        )}
      </div>
      {open &&
        (fixture.markets.length === 0 ? (
          <p className="muted">{t('games.sportsbook.noMarkets')}</p>
        ) : (
          <div className="table-scroll">
            <table className="table sportsbook-markets">
              <thead>
                <tr>
                  <th>{t('games.sportsbook.market')}</th>
                  <th>{t('games.sportsbook.marketStatus')}</th>
                  <th>{t('games.sportsbook.prices')}</th>
                  <th>{t('games.sportsbook.limit')}</th>
                  <th>{t('games.sportsbook.liability')}</th>
                  <th>{t('common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {fixture.markets.map((market) => (
                  <MarketRow
                    key={market.id}
                    market={market}
                    onAct={onAct}
                    onVoid={() => onVoidMarket(market)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
