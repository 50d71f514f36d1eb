import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { QueryPager } from '../../../components/record-pager';
import { Section } from '../../../components/section';
import { SignedAmount } from '../../../components/signed-amount';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useSettlements, type SettlementFilter } from '../api/get-settlements';
import { formatCount } from '../lib/format';
import { periodRange } from '../lib/periods';
import { usePagedFilter } from '../lib/use-paged-filter';
import { formatRate } from '../lib/rates';
import type { ContractKind, Settlement } from '../lib/types';
import { LoadError } from './load-state';
import { PeriodFilter } from './period-filter';
import { useMoney } from '../../../hooks/use-money';

const pageSize = 20;

/**
 * The salary and dividend records (agentDailyWages2, agentHourSalary, agentRealtimeSalary,
 * agentDividendRecordCopy2): each settled window of my contracts of one kind, a page at a time,
 * with the total paid over the period. Each window opens to show why it paid what it did: the
 * team's figures, the tier reached, its rate, the gross, and what went to my subordinates first.
 */
export function SettlementRecordsPanel({
  kind,
  timeZone,
}: {
  kind: ContractKind;
  timeZone: string;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const { filter, refine, setPage } = usePagedFilter<SettlementFilter>(() => ({
    kind,
    ...periodRange('last7', timeZone),
    page: 1,
    size: pageSize,
  }));
  const settlements = useSettlements(filter);

  let body;
  if (settlements.isPending) body = <PageLoader />;
  else if (settlements.isError)
    body = <LoadError error={settlements.error} onRetry={() => void settlements.refetch()} />;
  else {
    body = (
      <>
        <dl className="bet-totals" data-testid="settlement-totals">
          <div>
            <dt>{t('agent.settlement.total_payout')}</dt>
            <dd data-testid="settlement-total">{fmt.money(settlements.data.totalPayout)}</dd>
          </div>
        </dl>
        {settlements.data.list.length === 0 ? (
          <p className="muted" data-testid="settlements-empty">
            {t('agent.settlement.none')}
          </p>
        ) : (
          <ul
            className="record-list"
            data-testid="settlement-list"
            aria-busy={settlements.isPlaceholderData}
          >
            {settlements.data.list.map((row) => (
              <SettlementRow key={row.id} row={row} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <Section
      block="agent-section"
      title={t(`agent.settlement_title.${kind}`)}
      testId={`settlements-${kind}`}
    >
      <p className="agent-note">{t(`agent.settlement_note.${kind}`)}</p>
      <div className="record-filters">
        <PeriodFilter initial="last7" timeZone={timeZone} onPeriod={refine} />
      </div>
      {body}
      <QueryPager query={settlements} page={filter.page} onPage={setPage} />
    </Section>
  );
}

function SettlementRow({ row, timeZone }: { row: Settlement; timeZone: string }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat(timeZone);
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const base = row.kind === 'dividend' ? 'net_loss' : 'valid_bet';

  return (
    <li className="record settlement-row" data-testid="settlement-row" data-id={row.id}>
      <div className="record-main">
        <span className="record-type">
          <time dateTime={row.windowStart}>{formatTime(row.windowStart)}</time>
          {' – '}
          <time dateTime={row.windowEnd}>{formatTime(row.windowEnd)}</time>
        </span>
        <span className="record-amount is-credit" data-testid="settlement-payout">
          {fmt.money(row.payout)}
        </span>
      </div>
      <div className="record-meta">
        <span>
          {t('agent.settlement.rate_line', {
            rate: formatRate(row.rate),
            tier:
              row.tier === null
                ? t('agent.settlement.no_tier')
                : t('agent.settlement.tier_n', { n: row.tier + 1 }),
          })}
        </span>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={detailsId}
          data-testid="settlement-toggle"
          onClick={() => setOpen((current) => !current)}
        >
          {open ? t('agent.settlement.hide') : t('agent.settlement.why')}
        </button>
      </div>
      <div id={detailsId} hidden={!open}>
        {open ? (
          <div className="settlement-details" data-testid="settlement-details">
            <dl className="info-grid">
              <div>
                <dt>{t('agent.settlement.team_valid_bet')}</dt>
                <dd data-testid="settlement-valid-bet">{fmt.money(row.teamValidBet)}</dd>
              </div>
              <div>
                <dt>{t('agent.settlement.team_net_loss')}</dt>
                <dd data-testid="settlement-net-loss">
                  <SignedAmount value={row.teamNetLoss} />
                </dd>
              </div>
              <div>
                <dt>{t('agent.settlement.active_members')}</dt>
                <dd data-testid="settlement-active">{formatCount(row.activeMembers)}</dd>
              </div>
              <div>
                <dt>{t('agent.settlement.tier')}</dt>
                <dd data-testid="settlement-tier">
                  {row.tier === null ? t('agent.settlement.no_tier') : row.tier + 1}
                </dd>
              </div>
              <div>
                <dt>{t('agent.settlement.rate')}</dt>
                <dd data-testid="settlement-rate">{formatRate(row.rate)}</dd>
              </div>
              <div>
                <dt>{t('agent.settlement.gross')}</dt>
                <dd data-testid="settlement-gross">{fmt.money(row.gross)}</dd>
              </div>
              <div>
                <dt>{t('agent.settlement.subordinates_paid')}</dt>
                <dd data-testid="settlement-below">{fmt.money(row.subordinatesPaid)}</dd>
              </div>
              <div>
                <dt>{t('agent.settlement.payout')}</dt>
                <dd>{fmt.money(row.payout)}</dd>
              </div>
            </dl>
            <p className="agent-note" data-testid="settlement-explain">
              {t(`agent.settlement.explain_${base}`, {
                rate: formatRate(row.rate),
                gross: fmt.money(row.gross),
                paid: fmt.money(row.subordinatesPaid),
                payout: fmt.money(row.payout),
              })}
            </p>
            {row.below.length > 0 ? (
              <p className="muted">{t('agent.settlement.below_count', { n: row.below.length })}</p>
            ) : null}
            <p className="muted">
              {t('agent.settlement.settled_at', { time: formatTime(row.settledAt) })}
            </p>
          </div>
        ) : null}
      </div>
    </li>
  );
}
