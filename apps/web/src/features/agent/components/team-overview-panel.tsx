import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { SignedAmount } from '../../../components/signed-amount';
import { useTeamOverview } from '../api/get-team-overview';
import { formatCount } from '../lib/format';
import { periodRange } from '../lib/periods';
import type { TeamOverview } from '../lib/types';
import { useDayFormat } from '../lib/use-day-format';
import { LoadError } from './load-state';
import { PeriodFilter } from './period-filter';
import { TeamChart } from './team-chart';
import { useMoney } from '../../../hooks/use-money';

/**
 * agentTeamOverview: the team's size and what it did over a period (new and active members,
 * deposits, withdrawals, valid bet, profit), then per day of the merchant's zone as a chart and
 * a table.
 */
export function TeamOverviewPanel({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() => periodRange('last7', timeZone));
  const overview = useTeamOverview(period);

  let body;
  if (overview.isPending) body = <PageLoader />;
  else if (overview.isError)
    body = <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;
  else {
    body = (
      <div className="agent-stack" aria-busy={overview.isPlaceholderData}>
        <Tiles overview={overview.data} />
        {overview.data.days.length > 0 ? (
          <>
            <TeamChart days={overview.data.days} />
            <DayTable overview={overview.data} />
          </>
        ) : (
          <p className="muted">{t('agent.overview.no_days')}</p>
        )}
      </div>
    );
  }

  return (
    <Section block="agent-section" title={t('agent.overview.title')} testId="team-overview">
      <div className="record-filters">
        <PeriodFilter initial="last7" timeZone={timeZone} onPeriod={setPeriod} />
      </div>
      {body}
    </Section>
  );
}

function Tiles({ overview }: { overview: TeamOverview }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const tiles = [
    { key: 'members', label: t('agent.overview.members'), value: formatCount(overview.members) },
    { key: 'agents', label: t('agent.overview.agents'), value: formatCount(overview.agents) },
    {
      key: 'new',
      label: t('agent.overview.new_members'),
      value: formatCount(overview.newMembers),
    },
    {
      key: 'active',
      label: t('agent.overview.active_members'),
      value: formatCount(overview.activeMembers),
    },
    {
      key: 'deposits',
      label: t('agent.overview.deposits'),
      value: fmt.money(overview.deposits),
    },
    {
      key: 'withdrawals',
      label: t('agent.overview.withdrawals'),
      value: fmt.money(overview.withdrawals),
    },
    {
      key: 'valid-bet',
      label: t('agent.overview.valid_bet'),
      value: fmt.money(overview.validBet),
    },
  ];
  return (
    <dl className="agent-tiles" data-testid="overview-tiles">
      {tiles.map((tile) => (
        <div key={tile.key} className="agent-tile" data-testid={`overview-${tile.key}`}>
          <dt>{tile.label}</dt>
          <dd>{tile.value}</dd>
        </div>
      ))}
      <div className="agent-tile" data-testid="overview-profit">
        <dt>{t('agent.overview.profit')}</dt>
        <dd>
          <SignedAmount value={overview.profit} />
        </dd>
      </div>
    </dl>
  );
}

function DayTable({ overview }: { overview: TeamOverview }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const dayText = useDayFormat();
  return (
    <div className="table-scroll" tabIndex={0} aria-label={t('agent.overview.table_title')}>
      <table className="profit-table agent-table" data-testid="overview-days">
        <caption className="visually-hidden">{t('agent.overview.table_title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agent.overview.day')}</th>
            <th scope="col">{t('agent.overview.new_members')}</th>
            <th scope="col">{t('agent.overview.active_members')}</th>
            <th scope="col">{t('agent.overview.deposits')}</th>
            <th scope="col">{t('agent.overview.withdrawals')}</th>
            <th scope="col">{t('agent.overview.valid_bet')}</th>
            <th scope="col">{t('agent.overview.profit')}</th>
          </tr>
        </thead>
        <tbody>
          {overview.days.map((day) => (
            <tr key={day.day} data-testid="overview-day-row">
              <th scope="row">{dayText(day.day)}</th>
              <td>{formatCount(day.newMembers)}</td>
              <td>{formatCount(day.activeMembers)}</td>
              <td>{fmt.amount(day.deposits)}</td>
              <td>{fmt.amount(day.withdrawals)}</td>
              <td>{fmt.amount(day.validBet)}</td>
              <td>
                <SignedAmount value={day.profit} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('agent.total')}</th>
            <td>{formatCount(overview.newMembers)}</td>
            <td>{formatCount(overview.activeMembers)}</td>
            <td>{fmt.amount(overview.deposits)}</td>
            <td>{fmt.amount(overview.withdrawals)}</td>
            <td>{fmt.amount(overview.validBet)}</td>
            <td>
              <SignedAmount value={overview.profit} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
