import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LotteryGame, LotteryIssue } from '@taya/contracts';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../lib/paths';
import { useLotteryHistory } from '../api/get-lottery-history';
import { trendOf } from '../lib/trend';
import { ResultView } from './result-view';

/** How many recent draws the results tab lists and the trend counts. */
export const recentDraws = 20;

/** The game's latest results, and hot and cold numbers counted over them. */
export function RecentResults({ game }: { game: LotteryGame }) {
  const { t } = useTranslation();
  const history = useLotteryHistory(game.gameCode, 1, recentDraws);
  if (history.isPending) return <PageLoader />;
  if (history.isError) {
    return (
      <LoadError
        error={history.error}
        onRetry={() => void history.refetch()}
        retryLabel={t('lottery.retry')}
      />
    );
  }
  const issues = history.data.list;
  return (
    <div className="lottery-recent">
      <TrendView issues={issues} />
      <ResultList game={game} issues={issues} />
      <Link className="button button-secondary" to={paths.lotteryResults.href(game.gameCode)}>
        {t('lottery.results.all')}
      </Link>
    </div>
  );
}

export function ResultList({ game, issues }: { game: LotteryGame; issues: LotteryIssue[] }) {
  const { t } = useTranslation();
  if (issues.length === 0) return <p className="muted">{t('lottery.no_results')}</p>;
  return (
    <ol className="lottery-result-list" data-testid="result-list">
      {issues.map((issue) => (
        <li key={issue.id} className="lottery-result-row">
          <span className="lottery-result-issue">{issue.issueId}</span>
          {issue.result ? <ResultView result={issue.result} compact /> : null}
          {game.houseDrawn || issue.resultSource === 'house_demo' ? (
            <Link
              className="link-button"
              to={paths.lotteryVerify.href(game.gameCode, issue.issueId)}
            >
              {t('lottery.verify.link')}
            </Link>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function TrendView({ issues }: { issues: LotteryIssue[] }) {
  const { t } = useTranslation();
  const trend = trendOf(issues);
  if (!trend) return null;
  const row = (kind: 'hot' | 'cold', list: { number: string; count: number }[]) => (
    <div className={`lottery-trend-row is-${kind}`} data-testid={`trend-${kind}`}>
      <span className="lottery-trend-label">{t(`lottery.trend.${kind}`)}</span>
      <ul>
        {list.map(({ number, count }) => (
          <li key={number}>
            <span className="lottery-trend-number">{number}</span>
            <span className="lottery-trend-count">
              {t('lottery.trend.times', { times: count })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
  const max = Math.max(1, ...trend.counts.map((c) => c.count));
  return (
    <section className="lottery-trend" aria-label={t('lottery.trend.title')}>
      <h3>{t('lottery.trend.title')}</h3>
      <p className="muted">{t('lottery.trend.over', { draws: trend.draws })}</p>
      {row('hot', trend.hot)}
      {row('cold', trend.cold)}
      {trend.counts.length <= 10 ? (
        <ul className="lottery-trend-bars" aria-hidden="true">
          {[...trend.counts]
            .sort((a, b) => a.number.localeCompare(b.number))
            .map(({ number, count }) => (
              <li key={number}>
                <span
                  className="lottery-trend-bar"
                  style={{ blockSize: `${Math.round((count / max) * 100)}%` }}
                />
                <span>{number}</span>
              </li>
            ))}
        </ul>
      ) : null}
    </section>
  );
}
