import { useTranslation } from 'react-i18next';
import { BetFigures } from '../../../components/bet-figures';
import { BetTotals } from '../../../components/bet-totals';
import { PageLoader } from '../../../components/page-loader';
import { GameTypeFilter } from '../../../components/record-filters';
import { QueryPager } from '../../../components/record-pager';
import { Section } from '../../../components/section';
import { SignedAmount } from '../../../components/signed-amount';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { isMenuCategory } from '../../../lib/game-categories';
import { useTeamBets, type TeamBetFilter } from '../api/get-team-bets';
import { formatCount } from '../lib/format';
import { periodRange } from '../lib/periods';
import { usePagedFilter } from '../lib/use-paged-filter';
import type { TeamBet } from '../lib/types';
import { LoadError } from './load-state';
import { PeriodFilter } from './period-filter';
import { UsernameFilter } from './username-filter';

const pageSize = 20;

/**
 * Team betting (personalHistoryCopy in the agent centre): the bets of anyone in my team, or of
 * one member by username, by game type and period, with the totals over the whole filter.
 */
export function TeamBetsPanel({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const { filter, refine, setPage } = usePagedFilter<TeamBetFilter>(() => ({
    ...periodRange('today', timeZone),
    username: '',
    gameType: '',
    page: 1,
    size: pageSize,
  }));
  const bets = useTeamBets(filter);
  const typeName = (type: string) => (isMenuCategory(type) ? t(`categories.${type}`) : type);

  let body;
  if (bets.isPending) body = <PageLoader />;
  else if (bets.isError)
    body = <LoadError error={bets.error} onRetry={() => void bets.refetch()} />;
  else {
    body = (
      <>
        <BetTotals totals={bets.data.totals} formatCount={formatCount} testId="team-bet-totals" />
        {bets.data.list.length === 0 ? (
          <p className="muted" data-testid="team-bets-empty">
            {t('agent.bets.none')}
          </p>
        ) : (
          <ul
            className="record-list"
            data-testid="team-bet-list"
            aria-busy={bets.isPlaceholderData}
          >
            {bets.data.list.map((bet) => (
              <BetRow
                key={bet.id}
                bet={bet}
                typeName={typeName(bet.gameType)}
                timeZone={timeZone}
              />
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <Section block="agent-section" title={t('agent.bets.title')} testId="team-bets">
      <div className="record-filters">
        <UsernameFilter
          label={t('agent.bets.username')}
          onSearch={(username) => refine({ username })}
        />
        <GameTypeFilter value={filter.gameType} onChange={(gameType) => refine({ gameType })} />
        <PeriodFilter initial="today" timeZone={timeZone} onPeriod={refine} />
      </div>
      {body}
      <QueryPager query={bets} page={filter.page} onPage={setPage} />
    </Section>
  );
}

function BetRow({ bet, typeName, timeZone }: { bet: TeamBet; typeName: string; timeZone: string }) {
  const formatTime = useDateTimeFormat(timeZone);
  return (
    <li className="record bet-record" data-testid="team-bet-row">
      <div className="record-main">
        <span className="record-type">
          {bet.username} · {bet.gameName}
        </span>
        <SignedAmount value={bet.winLoss} />
      </div>
      <div className="record-meta">
        <span className="record-wallet">
          {bet.vendor} · {typeName}
        </span>
        <time dateTime={bet.settledAt}>{formatTime(bet.settledAt)}</time>
      </div>
      <BetFigures bet={bet} />
    </li>
  );
}
