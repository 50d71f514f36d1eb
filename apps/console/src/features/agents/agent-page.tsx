import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Can } from '../../auth/can';
import { DataTable } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, DateTime, Money } from '../../components/display';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { StatCard, StatGrid } from '../../components/stat-card';
import { ErrorState, LoadingState } from '../../components/states';
import { formatCount } from '../../lib/format';
import { activeFilters, useUrlFilters } from '../../lib/url-filters';
import { fetchAgent, fetchSettlements, setSettlementPaused } from './api';
import { ContractsCard } from './contracts-card';
import { GrantContractDialog } from './grant-dialog';
import { settlementColumns } from './settlement-columns';
import { decimalToMinor } from './tree';

const recentSize = 10;
/** The page's cards, one under the other with room between. */
const stack = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '16px' } as const;

/**
 * `/console/agents/:id`: an agent's profile, its team's figures over a period (the last 7 days
 * unless the URL says), its contracts with "Grant contract" and "End contract", its settlement's
 * pause, and its latest settlements.
 */
export default function AgentPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const queryClient = useQueryClient();
  const state = useUrlFilters({ from: '', to: '' });
  const period = activeFilters(state.filters);
  const [granting, setGranting] = useState(false);
  const [pausing, setPausing] = useState(false);

  const profile = useQuery({
    queryKey: ['ops', 'agents', 'agent', id, period],
    queryFn: ({ signal }) => fetchAgent(id, period, signal),
    placeholderData: keepPreviousData,
  });
  const recent = useQuery({
    queryKey: ['ops', 'agents', 'settlements', { agentId: id }, 1, recentSize],
    queryFn: ({ signal }) => fetchSettlements({ agentId: id }, 1, recentSize, signal),
  });
  const columns = useMemo(() => settlementColumns(t, { withAgent: false, compact: true }), [t]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'agents'] });

  if (profile.isPending) return <LoadingState />;
  if (profile.error)
    return (
      <div className="page">
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      </div>
    );
  const p = profile.data;
  const { agent, team } = p;
  const paused = p.pause !== null;
  const isTop = agent.parentId === null;

  return (
    <div className="page">
      <PageHeader
        title={agent.username}
        description={agent.nickname ?? agent.id}
        actions={
          <Can action="agents.write">
            <button type="button" className="btn" onClick={() => setPausing(true)}>
              {paused ? t('agents.agent.resume') : t('agents.agent.pause')}
            </button>
            {isTop && (
              <button type="button" className="btn btn-primary" onClick={() => setGranting(true)}>
                {t('agents.grant.open')}
              </button>
            )}
          </Can>
        }
      />
      <p>
        <Badge tone={agent.isAgent ? 'info' : 'neutral'}>
          {t(agent.isAgent ? 'agents.types.agent' : 'agents.types.member')}
        </Badge>{' '}
        <span data-testid="agent-settlement-state">
          {paused ? (
            <Badge tone="warn">{t('agents.paused')}</Badge>
          ) : (
            <Badge tone="good">{t('agents.running')}</Badge>
          )}
        </span>
      </p>
      {p.pause && (
        <div className="notice" role="status" data-testid="agent-pause">
          {t('agents.agent.pausedBy', { by: p.pause.pausedBy, reason: p.pause.reason })}{' '}
          <DateTime iso={p.pause.pausedAt} />
        </div>
      )}
      <div style={stack}>
        <section className="card">
          <dl className="details">
            <dt>{t('agents.agent.id')}</dt>
            <dd>
              <code>{agent.id}</code>
            </dd>
            <dt>{t('agents.agent.merchant')}</dt>
            <dd>{agent.merchantCode}</dd>
            <dt>{t('agents.agent.upline')}</dt>
            <dd>
              {agent.parentId ? (
                <Link to={`/agents/${encodeURIComponent(agent.parentId)}`}>
                  <code>{agent.parentId}</code>
                </Link>
              ) : (
                t('agents.agent.top')
              )}
            </dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="agent-team">
          <h2 id="agent-team">{t('agents.agent.team')}</h2>
          <FilterBar
            fields={[
              { name: 'from', label: t('agents.settlements.from'), type: 'datetime' },
              { name: 'to', label: t('agents.settlements.to'), type: 'datetime' },
            ]}
            values={state.filters}
            onApply={(next) => state.setFilters(next)}
            onReset={state.reset}
          />
          <p className="muted">
            <DateTime iso={p.period.from} /> – <DateTime iso={p.period.to} />
          </p>
          <StatGrid>
            <StatCard
              label={t('agents.team.members')}
              value={formatCount(team.members)}
              sub={t('agents.team.agentsSub', { count: team.agents })}
            />
            <StatCard label={t('agents.team.newMembers')} value={formatCount(team.newMembers)} />
            <StatCard
              label={t('agents.team.activeMembers')}
              value={formatCount(team.activeMembers)}
            />
            <StatCard
              label={t('agents.team.deposits')}
              value={<Money minor={decimalToMinor(team.deposits)} />}
            />
            <StatCard
              label={t('agents.team.withdrawals')}
              value={<Money minor={decimalToMinor(team.withdrawals)} />}
            />
            <StatCard
              label={t('agents.team.validBet')}
              value={<Money minor={decimalToMinor(team.validBet)} />}
            />
            <StatCard
              label={t('agents.team.ggr')}
              value={<Money minor={decimalToMinor(team.profit)} />}
              sub={t('agents.team.ggrSub')}
            />
          </StatGrid>
        </section>
        <ContractsCard profile={p} onChanged={refresh} />
        <section className="card" aria-labelledby="agent-settlements">
          <h2 id="agent-settlements">{t('agents.agent.recent')}</h2>
          <DataTable
            label={t('agents.agent.recent')}
            testId="agent-settlements"
            columns={columns}
            rows={recent.data?.list}
            isLoading={recent.isPending}
            error={recent.error}
            onRetry={() => void recent.refetch()}
            rowKey={(row) => row.id}
            emptyText={t('agents.settlements.empty')}
          />
          <p>
            <Link to={`/agents/settlements?agentId=${encodeURIComponent(agent.id)}`}>
              {t('agents.agent.allSettlements')}
            </Link>
          </p>
        </section>
      </div>
      <p>
        <Link to="/agents">{t('agents.agent.back')}</Link>
      </p>
      <GrantContractDialog
        open={granting}
        merchantCode={agent.merchantCode}
        agentId={agent.id}
        username={agent.username}
        kind="daily"
        onClose={() => setGranting(false)}
        onGranted={refresh}
      />
      <ConfirmDialog
        open={pausing}
        onOpenChange={setPausing}
        title={t(paused ? 'agents.agent.resumeTitle' : 'agents.agent.pauseTitle')}
        description={t(paused ? 'agents.agent.resumeText' : 'agents.agent.pauseText', {
          username: agent.username,
        })}
        confirmLabel={paused ? t('agents.agent.resume') : t('agents.agent.pause')}
        tone={paused ? 'primary' : 'danger'}
        reason={{ minLength: 3 }}
        onConfirm={async (reason) => {
          await setSettlementPaused(agent.id, !paused, reason);
          await refresh();
        }}
      />
    </div>
  );
}
