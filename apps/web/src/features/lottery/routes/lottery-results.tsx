import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { RecordPager } from '../../../components/record-pager';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { paths, searchParams } from '../../../lib/paths';
import { useLotteryHistory } from '../api/get-lottery-history';
import { useLotteryMenu } from '../api/get-lottery-menu';
import { useGameName } from '../components/game-name';
import { ResultView } from '../components/result-view';
import { gameHref } from '../lib/links';

const pageSize = 20;

/** A game's result history (/lotteryResults?gameCode=), page by page, each with its full prize table. */
export function LotteryResultsRoute() {
  const { t } = useTranslation();
  const titleId = useId();
  const [query, setQuery] = useSearchParams();
  const menu = useLotteryMenu();
  const games = menu.data?.games ?? [];
  const gameCode = query.get(searchParams.gameCode) ?? games[0]?.gameCode ?? null;
  const game = games.find((g) => g.gameCode === gameCode);
  const gameName = useGameName();
  const formatDateTime = useDateTimeFormat();
  const [page, setPage] = useState(1);
  const history = useLotteryHistory(gameCode, page, pageSize);
  const title = t('lottery.results.title');
  useDocumentTitle(title);

  let body;
  if (menu.isPending || (gameCode !== null && history.isPending)) body = <PageLoader />;
  else if (history.isError) {
    body = (
      <LoadError
        error={history.error}
        onRetry={() => void history.refetch()}
        retryLabel={t('lottery.retry')}
      />
    );
  } else if (!history.data || history.data.list.length === 0) {
    body = <p className="muted">{t('lottery.no_results')}</p>;
  } else {
    body = (
      <>
        <ol className="lottery-history" data-testid="result-history">
          {history.data.list.map((issue) => (
            <li key={issue.id} className="panel lottery-history-item">
              <div className="lottery-history-head">
                <strong>{t('lottery.issue', { issue: issue.issueId })}</strong>
                <span className="muted">{formatDateTime(issue.drawAt)}</span>
                {issue.resultSource ? (
                  <span className="chip">{t(`lottery.sources.${issue.resultSource}`)}</span>
                ) : null}
                {issue.resultSource === 'house' || issue.resultSource === 'house_demo' ? (
                  <Link
                    className="link-button"
                    to={paths.lotteryVerify.href(issue.gameCode, issue.issueId)}
                  >
                    {t('lottery.verify.link')}
                  </Link>
                ) : null}
              </div>
              {issue.result ? <ResultView result={issue.result} /> : null}
            </li>
          ))}
        </ol>
        <RecordPager
          page={page}
          hasMore={page < history.data.totalPages}
          busy={history.isFetching}
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <section
      className="lottery-results-page"
      aria-labelledby={titleId}
      data-testid="lottery-results"
    >
      <h1 id={titleId} className="member-title">
        {title}
      </h1>
      {games.length > 0 ? (
        <label className="field lottery-game-select">
          <span className="field-label">{t('lottery.results.game')}</span>
          <div className="field-control">
            <select
              className="field-input"
              value={gameCode ?? ''}
              onChange={(event) => {
                setPage(1);
                setQuery({ [searchParams.gameCode]: event.target.value });
              }}
            >
              {games.map((g) => (
                <option key={g.gameCode} value={g.gameCode}>
                  {gameName(g.gameCode, g.name)}
                </option>
              ))}
            </select>
          </div>
        </label>
      ) : null}
      {game ? (
        <Link className="button button-secondary" to={gameHref(game)}>
          {t('lottery.results.back_to_game')}
        </Link>
      ) : null}
      {body}
    </section>
  );
}
