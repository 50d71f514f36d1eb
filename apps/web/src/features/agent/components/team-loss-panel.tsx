import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { QueryPager } from '../../../components/record-pager';
import { Section } from '../../../components/section';
import { SignedAmount } from '../../../components/signed-amount';
import { useTeamLoss, type TeamLossFilter } from '../api/get-team-loss';
import { formatCount } from '../lib/format';
import { periodRange } from '../lib/periods';
import { usePagedFilter } from '../lib/use-paged-filter';
import { LoadError } from './load-state';
import { MemberRowMain } from './member-type-chip';
import { PeriodFilter } from './period-filter';
import { TeamBreadcrumb, type Crumb } from './team-breadcrumb';
import { useMoney } from '../../../hooks/use-money';

const pageSize = 20;

/**
 * User loss (palStatementsAgentCopy): each of my direct subordinates with what its line (it and
 * everyone under it) bet and lost over a period; an agent's line opens to its own subordinates.
 */
export function TeamLossPanel({ timeZone }: { timeZone: string }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const [trail, setTrail] = useState<Crumb[]>([]);
  const { filter, refine, setPage } = usePagedFilter<TeamLossFilter>(() => ({
    ...periodRange('last7', timeZone),
    parentId: null,
    page: 1,
    size: pageSize,
  }));
  const loss = useTeamLoss(filter);

  const goTo = (next: Crumb[]) => {
    setTrail(next);
    refine({ parentId: next.at(-1)?.id ?? null });
  };

  let body;
  if (loss.isPending) body = <PageLoader />;
  else if (loss.isError)
    body = <LoadError error={loss.error} onRetry={() => void loss.refetch()} />;
  else if (loss.data.list.length === 0) {
    body = (
      <p className="muted" data-testid="team-loss-empty">
        {t('agent.loss.none')}
      </p>
    );
  } else {
    body = (
      <ul className="record-list" data-testid="team-loss-list" aria-busy={loss.isPlaceholderData}>
        {loss.data.list.map((row) => (
          <li
            key={row.id}
            className="record"
            data-testid="team-loss-row"
            data-username={row.username}
          >
            <MemberRowMain username={row.username} isAgent={row.isAgent} />
            <dl className="bet-figures">
              <div>
                <dt>{t('agent.downline.team_size')}</dt>
                <dd>{formatCount(row.teamSize)}</dd>
              </div>
              <div>
                <dt>{t('bets.count')}</dt>
                <dd>{formatCount(row.bets)}</dd>
              </div>
              <div>
                <dt>{t('bets.valid_bet')}</dt>
                <dd>{fmt.money(row.validBet)}</dd>
              </div>
              <div>
                <dt>{t('bets.payout')}</dt>
                <dd>{fmt.money(row.payout)}</dd>
              </div>
              <div>
                <dt>{t('agent.loss.loss')}</dt>
                <dd data-testid="team-loss-loss">
                  <SignedAmount value={row.loss} />
                </dd>
              </div>
            </dl>
            {row.isAgent && row.teamSize > 0 ? (
              <div className="agent-actions">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  data-testid="team-loss-open"
                  onClick={() => goTo([...trail, { id: row.id, username: row.username }])}
                >
                  {t('agent.downline.open', { name: row.username })}
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Section block="agent-section" title={t('agent.loss.title')} testId="team-loss">
      <p className="agent-note">{t('agent.loss.note')}</p>
      <div className="record-filters">
        <PeriodFilter initial="last7" timeZone={timeZone} onPeriod={refine} />
      </div>
      <TeamBreadcrumb trail={trail} onGo={goTo} testId="team-loss-breadcrumb" />
      {body}
      <QueryPager query={loss} page={filter.page} onPage={setPage} />
    </Section>
  );
}
