import {
  minorToDecimal,
  type LotteryBet,
  type LotteryChase,
  type LotteryIssue,
  type LotteryResultEntry,
} from '@taya/contracts';
import type { BetRow, ChaseRow, EntryRow, IssueRow } from './model';

export function issueWire(row: IssueRow): LotteryIssue {
  return {
    id: row.id,
    gameCode: row.gameCode,
    issueId: row.issueId,
    status: row.status,
    drawAt: row.drawAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    commitment: row.commitment,
    // The seed stays secret while bets are taken.
    seed: row.status === 'open' ? null : row.seed,
    result: row.status === 'open' ? null : (row.result ?? null),
    resultSource: row.status === 'open' ? null : (row.resultSource ?? null),
    drawnAt: row.drawnAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export function betWire(row: BetRow, drawAt: Date, scale: number): LotteryBet {
  return {
    id: row.id,
    gameCode: row.gameCode,
    issueId: row.issueId,
    drawAt: drawAt.toISOString(),
    type: row.betType,
    selection: row.selection,
    positions: row.positions ?? null,
    unitStake: minorToDecimal(row.unitStake, scale),
    units: row.units,
    cost: minorToDecimal(row.cost, scale),
    status: row.status,
    payout: row.payout === null ? null : minorToDecimal(row.payout, scale),
    chaseId: row.chaseId,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export function chaseWire(row: ChaseRow, scale: number): LotteryChase {
  return {
    id: row.id,
    gameCode: row.gameCode,
    stopOnWin: row.stopOnWin,
    status: row.status,
    issueIds: row.issueIds,
    totalCost: minorToDecimal(row.totalCost, scale),
  };
}

export function entryWire(row: EntryRow, issue: IssueRow): LotteryResultEntry {
  return {
    id: row.id,
    gameCode: issue.gameCode,
    issueId: issue.issueId,
    result: row.result,
    status: row.status,
    enteredBy: row.enteredBy,
    confirmedBy: row.confirmedBy,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}
