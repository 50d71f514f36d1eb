import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { CsvExport, ColumnDef } from '../../components/data-table';
import { DateTime, Money } from '../../components/display';
import { formatCount } from '../../lib/format';
import type { SettlementRow } from './api';
import { decimalToMinor, showRate } from './tree';

const money = (decimal: string, testId: string) => (
  <span data-testid={testId}>
    <Money minor={decimalToMinor(decimal)} />
  </span>
);

/**
 * A settled window's columns: the window, whose it is, the payout first among the figures (it
 * stays in view on a small screen), then the inputs it was computed from; `compact` leaves out
 * active members and the pay below (a narrow card). The settling time is in the CSV.
 */
export function settlementColumns(
  t: TFunction,
  options: { withAgent: boolean; compact?: boolean },
): ColumnDef<SettlementRow, never>[] {
  const columns: (ColumnDef<SettlementRow, never> | false)[] = [
    {
      id: 'window',
      header: t('agents.settlements.window'),
      cell: ({ row }) => (
        <>
          <span className="nowrap">
            <DateTime iso={row.original.windowStart} /> –
          </span>
          <br />
          <DateTime iso={row.original.windowEnd} />
        </>
      ),
    },
    options.withAgent && {
      id: 'agent',
      header: t('agents.settlements.agent'),
      cell: ({ row }) => (
        <Link
          to={`/agents/${encodeURIComponent(row.original.agentId)}`}
          onClick={(e) => e.stopPropagation()}
        >
          {row.original.agentUsername}
        </Link>
      ),
    },
    {
      id: 'kind',
      header: t('agents.settlements.kind'),
      cell: ({ row }) => t(`agents.kinds.${row.original.kind}`),
    },
    {
      id: 'payout',
      header: t('agents.settlements.payout'),
      cell: ({ row }) => <strong>{money(row.original.payout, 'settlement-payout')}</strong>,
      meta: { className: 'num' },
    },
    {
      id: 'validBet',
      header: t('agents.settlements.validBet'),
      cell: ({ row }) => money(row.original.teamValidBet, 'settlement-valid-bet'),
      meta: { className: 'num' },
    },
    {
      id: 'netLoss',
      header: t('agents.settlements.netLoss'),
      cell: ({ row }) => money(row.original.teamNetLoss, 'settlement-net-loss'),
      meta: { className: 'num' },
    },
    !options.compact && {
      id: 'active',
      header: t('agents.settlements.activeMembers'),
      cell: ({ row }) => formatCount(row.original.activeMembers),
      meta: { className: 'num' },
    },
    {
      id: 'rate',
      header: t('agents.settlements.rate'),
      cell: ({ row }) => (
        <span className="nowrap">
          {t('agents.percent', { rate: showRate(row.original.rate) })}
          {row.original.tier !== null && (
            <>
              <br />
              <span className="muted">
                {t('agents.settlements.tierN', { n: row.original.tier + 1 })}
              </span>
            </>
          )}
        </span>
      ),
      meta: { className: 'num' },
    },
    {
      id: 'gross',
      header: t('agents.settlements.gross'),
      cell: ({ row }) => money(row.original.gross, 'settlement-gross'),
      meta: { className: 'num' },
    },
    !options.compact && {
      id: 'below',
      header: t('agents.settlements.below'),
      cell: ({ row }) => money(row.original.subordinatesPaid, 'settlement-below'),
      meta: { className: 'num' },
    },
  ];
  return columns.filter((c): c is ColumnDef<SettlementRow, never> => c !== false);
}

export const settlementCsvColumns: CsvExport<SettlementRow>['columns'] = [
  { header: 'id', value: (r) => r.id },
  { header: 'agentId', value: (r) => r.agentId },
  { header: 'agent', value: (r) => r.agentUsername },
  { header: 'contractId', value: (r) => r.contractId },
  { header: 'kind', value: (r) => r.kind },
  { header: 'windowStart', value: (r) => r.windowStart },
  { header: 'windowEnd', value: (r) => r.windowEnd },
  { header: 'teamValidBet', value: (r) => r.teamValidBet },
  { header: 'teamNetLoss', value: (r) => r.teamNetLoss },
  { header: 'activeMembers', value: (r) => r.activeMembers },
  { header: 'tier', value: (r) => (r.tier === null ? null : r.tier + 1) },
  { header: 'ratePercent', value: (r) => r.rate },
  { header: 'gross', value: (r) => r.gross },
  { header: 'subordinatesPaid', value: (r) => r.subordinatesPaid },
  { header: 'payout', value: (r) => r.payout },
  { header: 'settledAt', value: (r) => r.settledAt },
  { header: 'entryId', value: (r) => r.entryId },
];
