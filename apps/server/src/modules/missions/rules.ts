import {
  missionAmountTasks,
  type MissionPeriod,
  type MissionState,
  type MissionTask,
} from '@taya/contracts';
import { localPeriod, type LocalPeriod } from '../../platform/periods';
import type { missionClaims, missions } from './schema';

export type MissionRow = typeof missions.$inferSelect;
export type ClaimRow = typeof missionClaims.$inferSelect;

/** How many members the leaderboard lists. */
export const leaderboardSize = 20;

/** A mission's period: its first local day (yyyy-MM-dd) and [start, end). */
export type PeriodWindow = LocalPeriod;

/**
 * The period of `zone` that contains `at`: the local calendar day, or the local week from
 * Monday 00:00 to the next Monday.
 */
export function periodWindow(period: MissionPeriod, zone: string, at: Date): PeriodWindow {
  return localPeriod(period === 'daily' ? 'day' : 'week', zone, at);
}

/** What one member did inside one window: settled bets by game type, credited deposits. */
export interface Activity {
  bets: Map<string, { count: bigint; validBet: bigint }>;
  deposits: { count: bigint; amount: bigint };
}

/** A mission's progress from a member's activity in the mission's period. */
export function progressOf(
  mission: { task: MissionTask; gameTypes: string[] },
  activity: Activity,
): bigint {
  if (mission.task === 'deposit_amount') return activity.deposits.amount;
  if (mission.task === 'deposit_count') return activity.deposits.count;
  let total = 0n;
  for (const [gameType, b] of activity.bets) {
    if (mission.gameTypes.length > 0 && !mission.gameTypes.includes(gameType)) continue;
    total += mission.task === 'bet_amount' ? b.validBet : b.count;
  }
  return total;
}

/** The state of a mission for a member who has made `progress` and may have claimed already. */
export function stateOf(mission: MissionRow, progress: bigint, claimed: boolean): MissionState {
  if (claimed) return 'claimed';
  if (mission.budget !== null && mission.spent + mission.reward > mission.budget) return 'closed';
  return progress >= mission.target ? 'claimable' : 'in_progress';
}

export const isAmountTask = (task: MissionTask) => missionAmountTasks.includes(task);
