import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { CsvExport, ColumnDef } from '../../components/data-table';
import { Badge, DateTime, Money } from '../../components/display';
import { formatCount } from '../../lib/format';
import type { SettlementRow } from './api';
import { decimalToMinor, showRate } from './tree';

const money = (decimal: string) => <Money minor={decimalToMinor(decimal)} />;

/**
 * A settled window's columns: the window, whose it is, its inputs, the rate and the pay;
 * `compact` leaves out active members, the pay below and the settling time (a narrow card).
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
          <DateTime iso={row.original.windowStart} /> – <DateTime iso={row.original.windowEnd} />
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
      cell: ({ row }) => <Badge tone="info">{t(`agents.kinds.${row.original.kind}`)}</Badge>,
    },
    {
      id: 'validBet',
      header: t('agents.settlements.validBet'),
      cell: ({ row }) => money(row.original.teamValidBet),
      meta: { className: 'num' },
    },
    {
      id: 'netLoss',
      header: t('agents.settlements.netLoss'),
      cell: ({ row }) => money(row.original.teamNetLoss),
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
            <span className="muted">
              {' '}
              · {t('agents.settlements.tierN', { n: row.original.tier + 1 })}
            </span>
          )}
        </span>
      ),
      meta: { className: 'num' },
    },
    {
      id: 'gross',
      header: t('agents.settlements.gross'),
      cell: ({ row }) => money(row.original.gross),
      meta: { className: 'num' },
    },
    !options.compact && {
      id: 'below',
      header: t('agents.settlements.below'),
      cell: ({ row }) => money(row.original.subordinatesPaid),
      meta: { className: 'num' },
    },
    {
      id: 'payout',
      header: t('agents.settlements.payout'),
      cell: ({ row }) => (
        <strong data-testid="settlement-payout">{money(row.original.payout)}</strong>
      ),
      meta: { className: 'num' },
    },
    !options.compact && {
      id: 'settledAt',
      header: t('agents.settlements.settledAt'),
      cell: ({ row }) => <DateTime iso={row.original.settledAt} />,
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
