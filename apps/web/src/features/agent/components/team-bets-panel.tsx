import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@taya/contracts';
import { BetFigures } from '../../../components/bet-figures';
import { PageLoader } from '../../../components/page-loader';
import { GameTypeFilter } from '../../../components/record-filters';
import { RecordPager } from '../../../components/record-pager';
import { Section } from '../../../components/section';
import { SignedAmount } from '../../../components/signed-amount';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { isMenuCategory } from '../../../lib/game-categories';
import { useTeamBets, type TeamBetFilter } from '../api/get-team-bets';
import { formatCount } from '../lib/format';
import { periodRange } from '../lib/periods';
import type { TeamBet, TeamBetPage } from '../lib/types';
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
  const [filter, setFilter] = useState<TeamBetFilter>(() => ({
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
        <Totals totals={bets.data.totals} />
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
          onSearch={(username) => setFilter((current) => ({ ...current, username, page: 1 }))}
        />
        <GameTypeFilter
          value={filter.gameType}
          onChange={(gameType) => setFilter((current) => ({ ...current, gameType, page: 1 }))}
        />
        <PeriodFilter
          initial="today"
          timeZone={timeZone}
          onPeriod={(period) => setFilter((current) => ({ ...current, ...period, page: 1 }))}
        />
      </div>
      {body}
      <RecordPager
        page={bets.data?.page ?? filter.page}
        hasMore={bets.data?.hasMore ?? false}
        busy={bets.isFetching}
        onPage={(page) => setFilter((current) => ({ ...current, page }))}
      />
    </Section>
  );
}

function Totals({ totals }: { totals: TeamBetPage['totals'] }) {
  const { t } = useTranslation();
  return (
    <dl className="bet-totals" data-testid="team-bet-totals">
      <div className="bet-totals-title">
        <dt>{t('bets.totals')}</dt>
        <dd>{t('bets.totals_scope')}</dd>
      </div>
      <div>
        <dt>{t('bets.count')}</dt>
        <dd data-testid="team-bet-totals-count">{formatCount(totals.count)}</dd>
      </div>
      <div>
        <dt>{t('bets.valid_bet')}</dt>
        <dd>{formatAmount(totals.validBet)}</dd>
      </div>
      <div>
        <dt>{t('bets.payout')}</dt>
        <dd>{formatAmount(totals.payout)}</dd>
      </div>
      <div>
        <dt>{t('bets.win_loss')}</dt>
        <dd>
          <SignedAmount value={totals.winLoss} testId="team-bet-totals-win-loss" />
        </dd>
      </div>
    </dl>
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
