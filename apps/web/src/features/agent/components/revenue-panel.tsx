import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { useRevenue } from '../api/get-revenue';
import { contractKindOrder } from '../lib/contracts';
import { periodRange } from '../lib/periods';
import { LoadError } from './load-state';
import { PeriodFilter } from './period-filter';
import { useMoney } from '../../../hooks/use-money';

/** My income (agentRevenueReport): what my contracts paid me over a period, by kind and in all. */
export function RevenuePanel({ timeZone }: { timeZone: string }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() => periodRange('last30', timeZone));
  const revenue = useRevenue(period);

  let body;
  if (revenue.isPending) body = <PageLoader />;
  else if (revenue.isError)
    body = <LoadError error={revenue.error} onRetry={() => void revenue.refetch()} />;
  else {
    const byKind = new Map(revenue.data.byKind.map((row) => [row.kind, row]));
    body = (
      <div className="table-scroll" tabIndex={0} aria-label={t('agent.revenue.title')}>
        <table
          className="profit-table agent-table"
          data-testid="revenue-table"
          aria-busy={revenue.isPlaceholderData}
        >
          <caption className="visually-hidden">{t('agent.revenue.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agent.revenue.kind')}</th>
              <th scope="col">{t('agent.revenue.windows')}</th>
              <th scope="col">{t('agent.revenue.income')}</th>
            </tr>
          </thead>
          <tbody>
            {contractKindOrder.map((kind) => {
              const row = byKind.get(kind);
              return (
                <tr key={kind} data-testid="revenue-row" data-kind={kind}>
                  <th scope="row">{t(`agent.contract_kind.${kind}`)}</th>
                  <td>{row?.windows ?? 0}</td>
                  <td>{fmt.amount(row?.payout ?? '0')}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('agent.total')}</th>
              <td>{revenue.data.byKind.reduce((sum, row) => sum + row.windows, 0)}</td>
              <td data-testid="revenue-total">{fmt.amount(revenue.data.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    );
  }

  return (
    <Section block="agent-section" title={t('agent.revenue.title')} testId="revenue">
      <p className="agent-note">{t('agent.revenue.note')}</p>
      <div className="record-filters">
        <PeriodFilter initial="last30" timeZone={timeZone} onPeriod={setPeriod} />
      </div>
      {body}
    </Section>
  );
}
