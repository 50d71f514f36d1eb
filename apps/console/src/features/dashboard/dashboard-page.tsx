import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  dashboardRanges,
  minorToDecimal,
  opsDashboardSchema,
  type DashboardRange,
  type OpsDashboard,
} from '@taya/contracts';
import { useOperator } from '../../auth/operator-context';
import { Chart } from '../../components/chart';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Money } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { StatCard, StatGrid } from '../../components/stat-card';
import { ErrorState, LoadingState } from '../../components/states';
import { get } from '../../lib/api-client';
import { formatCount, formatDateTime } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-filters';

type GameTypeRow = OpsDashboard['byGameType'][number];

const fetchDashboard = (range: DashboardRange, signal?: AbortSignal) =>
  get<OpsDashboard>('/ops/dashboard', {
    query: { range },
    schema: import.meta.env.DEV && opsDashboardSchema,
    signal,
  });

const isRange = (value: string): value is DashboardRange =>
  (dashboardRanges as readonly string[]).includes(value);

/** `/console/dashboard`: the merchant's money and players over a range, and its work queues. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { may } = useOperator();
  const state = useUrlFilters({ range: 'today' });
  const range: DashboardRange = isRange(state.filters.range) ? state.filters.range : 'today';

  const dashboard = useQuery({
    queryKey: ['ops', 'dashboard', range],
    queryFn: ({ signal }) => fetchDashboard(range, signal),
    placeholderData: keepPreviousData,
  });
  const data = dashboard.data;
  const scale = data?.currencyScale ?? 2;
  const money = (minor: string) => <Money minor={minor} scale={scale} />;

  const columns = useMemo<ColumnDef<GameTypeRow, never>[]>(
    () => [
      {
        id: 'gameType',
        header: t('dashboard.gameType'),
        cell: ({ row }) => <code>{row.original.gameType}</code>,
      },
      {
        id: 'betCount',
        header: t('dashboard.bets'),
        cell: ({ row }) => formatCount(row.original.betCount),
        meta: { className: 'num' },
      },
      {
        id: 'players',
        header: t('dashboard.players'),
        cell: ({ row }) => formatCount(row.original.players),
        meta: { className: 'num' },
      },
      {
        id: 'stake',
        header: t('dashboard.stake'),
        cell: ({ row }) => <Money minor={row.original.stake} scale={scale} />,
        meta: { className: 'num' },
      },
      {
        id: 'payout',
        header: t('dashboard.payout'),
        cell: ({ row }) => <Money minor={row.original.payout} scale={scale} />,
        meta: { className: 'num' },
      },
      {
        id: 'ggr',
        header: t('dashboard.ggr'),
        cell: ({ row }) => <Money minor={row.original.ggr} scale={scale} />,
        meta: { className: 'num' },
      },
    ],
    [t, scale],
  );

  // The chart plots major units; the figures themselves stay exact in the cards and tables.
  const chartData = (data?.series ?? []).map((day) => ({
    date: day.date.slice(5),
    deposits: Number(minorToDecimal(BigInt(day.deposits), scale)),
    withdrawals: Number(minorToDecimal(BigInt(day.withdrawals), scale)),
    ggr: Number(minorToDecimal(BigInt(day.ggr), scale)),
    ngr: Number(minorToDecimal(BigInt(day.ngr), scale)),
  }));

  const totals = data?.totals;
  const queues = data?.queues;
  return (
    <div className="page">
      <PageHeader
        title={t('dashboard.title')}
        description={
          data
            ? t('dashboard.description', {
                merchant: data.merchantCode,
                currency: data.currency,
                from: formatDateTime(data.start, data.timeZone),
                to: formatDateTime(data.end, data.timeZone),
                timeZone: data.timeZone,
              })
            : undefined
        }
        actions={
          <div style={{ display: 'flex', gap: 4 }} role="group" aria-label={t('dashboard.range')}>
            {dashboardRanges.map((r) => (
              <button
                key={r}
                type="button"
                className={r === range ? 'btn btn-small btn-primary' : 'btn btn-small'}
                aria-pressed={r === range}
                onClick={() => state.setFilters({ range: r === 'today' ? '' : r })}
              >
                {t(`dashboard.ranges.${r}`)}
              </button>
            ))}
          </div>
        }
      />
      {dashboard.isPending && <LoadingState />}
      {dashboard.error && !data && (
        <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      )}
      {totals && queues && (
        <>
          <StatGrid>
            <StatCard
              label={t('dashboard.deposits')}
              value={money(totals.deposits)}
              sub={t('dashboard.count', {
                count: totals.depositCount,
                n: formatCount(totals.depositCount),
              })}
            />
            <StatCard
              label={t('dashboard.withdrawals')}
              value={money(totals.withdrawals)}
              sub={t('dashboard.count', {
                count: totals.withdrawalCount,
                n: formatCount(totals.withdrawalCount),
              })}
            />
            <StatCard
              label={t('dashboard.stake')}
              value={money(totals.stake)}
              sub={t('dashboard.betCount', {
                count: totals.betCount,
                n: formatCount(totals.betCount),
              })}
            />
            <StatCard label={t('dashboard.payout')} value={money(totals.payout)} />
            <StatCard
              label={t('dashboard.ggr')}
              value={money(totals.ggr)}
              tone={totals.ggr.startsWith('-') ? 'bad' : 'neutral'}
            />
            <StatCard label={t('dashboard.bonusCost')} value={money(totals.bonusCost)} />
            <StatCard
              label={t('dashboard.ngr')}
              value={money(totals.ngr)}
              tone={totals.ngr.startsWith('-') ? 'bad' : 'neutral'}
            />
            <StatCard label={t('dashboard.active')} value={formatCount(totals.activePlayers)} />
            <StatCard label={t('dashboard.newPlayers')} value={formatCount(totals.newPlayers)} />
          </StatGrid>

          <section className="card">
            <h2>{t('dashboard.queues')}</h2>
            <ul className="link-list" data-testid="dashboard-queues">
              <li>
                {may('cashier.deposits.read') ? (
                  <Link to="/cashier/deposits?status=pending">
                    {t('dashboard.pendingDeposits', { n: formatCount(queues.pendingDeposits) })}
                  </Link>
                ) : (
                  t('dashboard.pendingDeposits', { n: formatCount(queues.pendingDeposits) })
                )}
              </li>
              <li>
                {may('cashier.withdrawals.read') ? (
                  <Link to="/cashier/withdrawals?status=pending">
                    {t('dashboard.pendingWithdrawals', {
                      n: formatCount(queues.pendingWithdrawals),
                    })}
                  </Link>
                ) : (
                  t('dashboard.pendingWithdrawals', { n: formatCount(queues.pendingWithdrawals) })
                )}
              </li>
              <li>
                {may('cashier.withdrawals.read') ? (
                  <Link to="/cashier/withdrawals?status=disputed">
                    {t('dashboard.disputedWithdrawals', {
                      n: formatCount(queues.disputedWithdrawals),
                    })}
                  </Link>
                ) : (
                  t('dashboard.disputedWithdrawals', { n: formatCount(queues.disputedWithdrawals) })
                )}
              </li>
              <li>
                {t('dashboard.pendingApplications', { n: formatCount(queues.pendingApplications) })}
              </li>
              <li>
                {t('dashboard.pendingRedemptions', { n: formatCount(queues.pendingRedemptions) })}
              </li>
              <li>{t('dashboard.openChats', { n: formatCount(queues.openChats) })}</li>
              <li data-testid="dashboard-approvals">
                {may('approvals.read') ? (
                  <Link to="/approvals">
                    {t('dashboard.pendingApprovals', { n: formatCount(queues.pendingApprovals) })}
                  </Link>
                ) : (
                  t('dashboard.pendingApprovals', { n: formatCount(queues.pendingApprovals) })
                )}
              </li>
            </ul>
          </section>

          <section className="card">
            <h2>{t('dashboard.perDay', { currency: data.currency })}</h2>
            <div style={{ height: 260 }}>
              <Chart
                data={chartData}
                xKey="date"
                kind={chartData.length > 1 ? 'line' : 'bar'}
                series={[
                  { key: 'deposits', label: t('dashboard.deposits') },
                  { key: 'withdrawals', label: t('dashboard.withdrawals') },
                  { key: 'ggr', label: t('dashboard.ggr') },
                  { key: 'ngr', label: t('dashboard.ngr') },
                ]}
              />
            </div>
          </section>

          <h2>{t('dashboard.byGameType')}</h2>
          <DataTable
            label={t('dashboard.byGameType')}
            testId="dashboard-game-types"
            columns={columns}
            rows={data.byGameType}
            isLoading={false}
            error={null}
            rowKey={(row) => row.gameType}
            emptyText={t('dashboard.noBets')}
            csv={{
              filename: `game-types-${range}.csv`,
              fetchAll: () => Promise.resolve(data.byGameType),
              columns: [
                { header: 'gameType', value: (r) => r.gameType },
                { header: 'bets', value: (r) => r.betCount },
                { header: 'players', value: (r) => r.players },
                { header: 'stakeMinor', value: (r) => r.stake },
                { header: 'payoutMinor', value: (r) => r.payout },
                { header: 'ggrMinor', value: (r) => r.ggr },
              ],
            }}
          />
        </>
      )}
    </div>
  );
}
