import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sportCodes, type OpsFixture, type SportCode } from '@taya/contracts';
import { Can } from '../../auth/can';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useUrlFilters } from '../../lib/url-filters';
import { FixtureCard } from './fixture-card';
import { FixtureDialog } from './fixture-dialog';
import { MarketDialog } from './market-dialog';
import { ResultDialog } from './result-dialog';
import { ScoreDialog } from './score-dialog';
import {
  cancelFixture,
  fetchFixtures,
  tradeProblem,
  voidMarket,
  type FixtureFilter,
  type OpsMarket,
  type SettleAnswer,
} from './sportsbook-api';
import { SportsVoidDialog, type VoidTarget } from './sports-void-dialog';
import './sportsbook.css';

const statusFilters: readonly FixtureFilter[] = ['open', 'finished', 'all'];

/**
 * `/console/games/sportsbook`: the sportsbook's trading. The feed in use, fixtures (open, finished
 * or all, by sport) refreshed every 5 s as live prices move, each with its markets: prices edited
 * in place, suspend and reopen, a market's limit, liability per merchant and selection, voids;
 * fixtures by hand, status, score and clock, results and corrections, cancellation.
 */
export default function SportsbookPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { filters, setFilters } = useUrlFilters({ status: 'open', sport: '' });
  const status: FixtureFilter = statusFilters.includes(filters.status as FixtureFilter)
    ? (filters.status as FixtureFilter)
    : 'open';
  const sport: SportCode | '' = sportCodes.includes(filters.sport as SportCode)
    ? (filters.sport as SportCode)
    : '';
  const list = useQuery({
    queryKey: ['ops', 'sportsbook', status, sport],
    queryFn: ({ signal }) => fetchFixtures({ status, sport }, signal),
    refetchInterval: 5_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'sportsbook'] });

  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [marketFor, setMarketFor] = useState<OpsFixture | null>(null);
  const [resultFor, setResultFor] = useState<OpsFixture | null>(null);
  const [scoreFor, setScoreFor] = useState<OpsFixture | null>(null);
  const [voiding, setVoiding] = useState<VoidTarget | null>(null);

  const act = async (work: () => Promise<unknown>) => {
    setProblem(null);
    setNotice(null);
    try {
      await work();
      await refresh();
    } catch (error) {
      setProblem(tradeProblem(error));
      await refresh();
    }
  };
  const settled = async (answer: SettleAnswer) => {
    setProblem(null);
    setNotice(
      t('games.sportsbook.settledNotice', {
        settled: answer.settled,
        resettled: answer.resettled,
      }),
    );
    await refresh();
  };
  const feed = list.data?.feed;

  return (
    <div className="page" data-testid="sportsbook-page">
      <PageHeader
        title={t('games.sportsbook.title')}
        description={t('games.sportsbook.description')}
        actions={
          <Can action="sports.trade">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setCreating(true)}
              disabled={!list.data}
              data-testid="fixture-create"
            >
              {t('games.sportsbook.createFixture')}
            </button>
          </Can>
        }
      />
      {feed && (
        <p
          className={feed.name === 'none' ? 'banner' : 'notice'}
          role="status"
          data-testid="sportsbook-feed"
          data-feed={feed.name}
        >
          {feed.name === 'none'
            ? t('games.sportsbook.feedNone')
            : feed.simulated
              ? t('games.sportsbook.feedSimulated', { name: feed.name })
              : t('games.sportsbook.feed', { name: feed.name })}
        </p>
      )}
      <div className="sportsbook-filters" role="search" aria-label={t('table.filters')}>
        <div className="sportsbook-tabs" role="group" aria-label={t('games.sportsbook.show')}>
          {statusFilters.map((s) => (
            <button
              key={s}
              type="button"
              className={s === status ? 'btn btn-small btn-primary' : 'btn btn-small'}
              aria-pressed={s === status}
              onClick={() => setFilters({ status: s === 'open' ? '' : s })}
              data-testid={`sportsbook-filter-${s}`}
            >
              {t(`games.sportsbook.filter.${s}`)}
            </button>
          ))}
        </div>
        <label>
          {t('games.sportsbook.sport')}{' '}
          <select
            className="input input-small"
            value={sport}
            onChange={(e) => setFilters({ sport: e.target.value })}
            data-testid="sportsbook-sport"
          >
            <option value="">{t('table.any')}</option>
            {sportCodes.map((code) => (
              <option key={code} value={code}>
                {t(`games.sportsbook.sports.${code}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {problem && (
        <p className="form-error" role="alert" data-testid="sportsbook-problem">
          {problem}
        </p>
      )}
      {notice && (
        <p className="banner banner-good" role="status" data-testid="sportsbook-notice">
          {notice}
        </p>
      )}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.fixtures.length === 0 ? (
        <EmptyState text={t('games.sportsbook.empty')} />
      ) : (
        list.data.fixtures.map((fixture) => (
          <FixtureCard
            key={fixture.id}
            fixture={fixture}
            onAct={act}
            onAddMarket={() => setMarketFor(fixture)}
            onResult={() => setResultFor(fixture)}
            onScore={() => setScoreFor(fixture)}
            onCancel={() => setVoiding({ kind: 'fixture', fixture })}
            onVoidMarket={(market: OpsMarket) => setVoiding({ kind: 'market', fixture, market })}
          />
        ))
      )}
      <FixtureDialog
        open={creating}
        leagues={list.data?.leagues ?? []}
        onClose={() => setCreating(false)}
        onSaved={refresh}
      />
      <MarketDialog fixture={marketFor} onClose={() => setMarketFor(null)} onSaved={refresh} />
      <ResultDialog fixture={resultFor} onClose={() => setResultFor(null)} onDone={settled} />
      <ScoreDialog fixture={scoreFor} onClose={() => setScoreFor(null)} onSaved={refresh} />
      <SportsVoidDialog
        target={voiding}
        onClose={() => setVoiding(null)}
        onConfirm={(target, reason) =>
          target.kind === 'market'
            ? voidMarket(target.market.id, reason)
            : cancelFixture(target.fixture.id, reason)
        }
        onDone={settled}
      />
    </div>
  );
}
