import type { OpsLotteryIssueRow } from '@taya/contracts';
import { resultShape } from './result-shape';

/**
 * An issue's status as the console shows it: the server's status, with an open issue whose
 * betting window has passed shown closed, and a closed one with an entered result shown as
 * waiting for the second operator.
 */
export const shownStatuses = [
  'open',
  'closed',
  'pending',
  'drawn',
  'settled',
  'cancelled',
] as const;
export type ShownStatus = (typeof shownStatuses)[number];

export const statusTone = {
  open: 'info',
  closed: 'neutral',
  pending: 'warn',
  drawn: 'info',
  settled: 'good',
  cancelled: 'bad',
} as const satisfies Record<ShownStatus, string>;

export function shownStatus(row: OpsLotteryIssueRow, now = Date.now()): ShownStatus {
  if (row.status === 'open' && Date.parse(row.closesAt) > now) return 'open';
  if (row.status === 'open' || row.status === 'closed')
    return row.pendingEntry ? 'pending' : 'closed';
  return row.status;
}

/** Whether an operator may enter (or re-enter) the issue's result now. */
export const awaitsResult = (row: OpsLotteryIssueRow, now = Date.now()) =>
  resultShape(row.gameCode) !== null &&
  row.result === null &&
  (row.status === 'closed' || (row.status === 'open' && Date.parse(row.closesAt) <= now));

/** Whether the issue may still be cancelled (not drawn yet). */
export const cancellable = (row: OpsLotteryIssueRow) =>
  row.status === 'open' || row.status === 'closed';
