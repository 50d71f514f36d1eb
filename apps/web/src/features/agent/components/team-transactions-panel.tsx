import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import {
  TransactionTypeFilter,
  useTransactionTypeName,
  type TransactionType,
} from '../../../components/record-filters';
import { QueryPager } from '../../../components/record-pager';
import { Section } from '../../../components/section';
import { SignedAmount } from '../../../components/signed-amount';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useTeamTransactions, type TeamTransactionFilter } from '../api/get-team-transactions';
import { periodRange } from '../lib/periods';
import { usePagedFilter } from '../lib/use-paged-filter';
import type { TeamTransaction } from '../lib/types';
import { LoadError } from './load-state';
import { PeriodFilter } from './period-filter';
import { UsernameFilter } from './username-filter';

const pageSize = 20;

/** The ledger entry types a team member's money moves by (the server's names). */
export const teamTransactionTypes = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_return',
  'agent_transfer',
  'vendor_transfer',
  'vendor_transfer_reversal',
  'bet',
  'win',
  'bet_rollback',
  'jackpot_win',
  'promotion_bonus',
  'promotion_rebate',
  'mission_reward',
  'bonus_release',
  'points_reward',
  'points_convert',
  'agent_commission',
] as const satisfies readonly TransactionType[];

/** agentDownlineTransactionDetailsCopy: money movements of my team's members. */
export function TeamTransactionsPanel({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const { filter, refine, setPage } = usePagedFilter<TeamTransactionFilter>(() => ({
    ...periodRange('today', timeZone),
    username: '',
    type: '',
    page: 1,
    size: pageSize,
  }));
  const transactions = useTeamTransactions(filter);
  const typeName = useTransactionTypeName();

  let body;
  if (transactions.isPending) body = <PageLoader />;
  else if (transactions.isError)
    body = <LoadError error={transactions.error} onRetry={() => void transactions.refetch()} />;
  else if (transactions.data.list.length === 0) {
    body = (
      <p className="muted" data-testid="team-transactions-empty">
        {t('agent.transactions.none')}
      </p>
    );
  } else {
    body = (
      <ul
        className="record-list"
        data-testid="team-transaction-list"
        aria-busy={transactions.isPlaceholderData}
      >
        {transactions.data.list.map((row, index) => (
          <TransactionRow
            key={`${row.txTimeInTimestamp}-${index}`}
            row={row}
            typeName={typeName(row.txTypeId)}
            timeZone={timeZone}
          />
        ))}
      </ul>
    );
  }

  return (
    <Section block="agent-section" title={t('agent.transactions.title')} testId="team-transactions">
      <div className="record-filters">
        <UsernameFilter
          label={t('agent.bets.username')}
          onSearch={(username) => refine({ username })}
        />
        <TransactionTypeFilter
          types={teamTransactionTypes}
          value={filter.type}
          onChange={(type) => refine({ type })}
        />
        <PeriodFilter initial="today" timeZone={timeZone} onPeriod={refine} />
      </div>
      {body}
      <QueryPager query={transactions} page={filter.page} onPage={setPage} />
    </Section>
  );
}

function TransactionRow({
  row,
  typeName,
  timeZone,
}: {
  row: TeamTransaction;
  typeName: string;
  timeZone: string;
}) {
  const formatTime = useDateTimeFormat(timeZone);
  const at = new Date(row.txTimeInTimestamp).toISOString();
  return (
    <li className="record" data-testid="team-transaction-row">
      <div className="record-main">
        <span className="record-type">
          {row.username} · {typeName}
        </span>
        <SignedAmount value={row.amount} />
      </div>
      <div className="record-meta">
        <time dateTime={at}>{formatTime(at)}</time>
        {row.remark ? <span className="record-reference">{row.remark}</span> : null}
      </div>
    </li>
  );
}
