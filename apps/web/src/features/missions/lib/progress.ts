import { missionAmountTasks, type MissionTask } from '@taya/contracts';
import { toMinor } from '../../../lib/money';

const isAmount = (task: MissionTask) => missionAmountTasks.includes(task);

/** A target or progress as an integer: minor units for amount tasks, the count otherwise. */
function units(task: MissionTask, value: string): bigint {
  if (isAmount(task)) return toMinor(value) ?? 0n;
  return /^\d+$/.test(value) ? BigInt(value) : 0n;
}

/** How far a member is, in whole percent from 0 to 100 (integers only: no rounding up to done). */
export function progressPercent(task: MissionTask, progress: string, target: string): number {
  const goal = units(task, target);
  if (goal <= 0n) return 0;
  const done = units(task, progress);
  return Number(((done >= goal ? goal : done) * 100n) / goal);
}

/** The time left until `end`, in whole days, hours and minutes (never below zero). */
export function timeLeft(end: Date, now: Date) {
  const minutes = Math.max(0, Math.floor((end.getTime() - now.getTime()) / 60_000));
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}

export { isAmount as isAmountTask };
