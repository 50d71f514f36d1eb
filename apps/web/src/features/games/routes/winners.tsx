import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { winnersPeriods, type WinnersPeriod } from '@taya/contracts';
import { PageLoader } from '../../../components/page-loader';
import { Tabs } from '../../../components/tabs';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { searchParams } from '../../../lib/paths';
import { useLeaderboard } from '../api/get-leaderboard';
import { EmptyState } from '../../../components/empty-state';
import { LoadProblem } from '../../../components/load-problem';
import { useMoney } from '../../../hooks/use-money';

const isPeriod = (value: string | null): value is WinnersPeriod =>
  (winnersPeriods as readonly (string | null)[]).includes(value);

/**
 * The winners leaderboard (/winners): the biggest real wins of the merchant's current day, week
 * (from Monday) or month, from the settled bet records, names masked by the server.
 */
export function WinnersRoute() {
  const { t } = useTranslation();
  const titleId = useId();
  const [params, setParams] = useSearchParams();
  const requested = params.get(searchParams.tab);
  const period: WinnersPeriod = isPeriod(requested) ? requested : 'day';
  const board = useLeaderboard(period);
  const { money } = useMoney();
  const formatTime = useDateTimeFormat(board.data?.timeZone);
  useDocumentTitle(t('winners.title'));

  let panel;
  if (board.isPending) panel = <PageLoader />;
  else if (board.isError) {
    panel = <LoadProblem message={t('winners.failed')} onRetry={() => void board.refetch()} />;
  } else if (board.data.list.length === 0) {
    panel = (
      <EmptyState
        icon="trophy"
        title={t(`winners.empty_${period}`)}
        body={t('winners.empty_body')}
        testId="winners-page-empty"
      />
    );
  } else {
    panel = (
      <ol className="winner-list" data-testid="winners-page-list">
        {board.data.list.map((winner) => (
          <li key={winner.rank} className="winner-row" data-testid="winners-page-row">
            <span className="winner-number">
              <span className="visually-hidden">{t('winners.rank')} </span>
              {winner.rank}
            </span>
            <span className="winner-name">{winner.name}</span>
            <span className="winner-game">{winner.gameName}</span>
            <time className="winner-time" dateTime={winner.time}>
              {formatTime(winner.time)}
            </time>
            <span className="winner-amount">{money(winner.amount, winner.currency)}</span>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section className="winners-page" aria-labelledby={titleId} data-testid="winners-page">
      <h1 id={titleId} className="member-title">
        {t('winners.title')}
      </h1>
      <p className="muted">{t('winners.intro')}</p>
      <Tabs
        label={t('winners.periods')}
        items={winnersPeriods.map((key) => ({ key, label: t(`winners.period_${key}`) }))}
        selected={period}
        onSelect={(next) => setParams(next === 'day' ? {} : { [searchParams.tab]: next })}
      >
        {panel}
      </Tabs>
    </section>
  );
}
