import { zonedClock } from '../../../lib/time-zone';
import type { Period } from './types';

/**
 * The agent pages' period presets (SPEC §9's "last 7 and 30 days", plus today), in whole days of
 * the merchant's time zone: the server counts team days and settlement windows there, so a
 * browser in another zone still asks for the same days the merchant's clock shows.
 */
export const periodPresets = ['today', 'last7', 'last30'] as const;
export type PeriodPreset = (typeof periodPresets)[number];
const presetDays: Record<PeriodPreset, number> = { today: 1, last7: 7, last30: 30 };

export function isPeriodPreset(value: string): value is PeriodPreset {
  return (periodPresets as readonly string[]).includes(value);
}

const dayMs = 86_400_000;

/** "GMT+08:00" → 480, "GMT-03:30" → -210. */
function offsetMinutes(offset: string): number {
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** "2026-03-02" plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/**
 * The instant a calendar day starts in `timeZone`. The offset is read twice, the second time at
 * the first guess, so a day that starts inside a daylight-saving change still lands right. An
 * unknown zone counts as UTC.
 */
export function dayStart(day: string, timeZone: string): Date {
  const clock = zonedClock(timeZone) ?? zonedClock('UTC');
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  if (!clock) return new Date(midnightUtc);
  const first = midnightUtc - offsetMinutes(clock(new Date(midnightUtc)).offset) * 60_000;
  return new Date(midnightUtc - offsetMinutes(clock(new Date(first)).offset) * 60_000);
}

/** Today's date in `timeZone` ("2026-03-02"). */
export function zonedToday(timeZone: string, now = new Date()): string {
  const clock = zonedClock(timeZone) ?? zonedClock('UTC');
  return clock ? clock(now).date : now.toISOString().slice(0, 10);
}

/** A preset as a period: from the start of the first day to the start of tomorrow (exclusive). */
export function periodRange(preset: PeriodPreset, timeZone: string, now = new Date()): Period {
  const today = zonedToday(timeZone, now);
  const first = addDays(today, -(presetDays[preset] - 1));
  return {
    from: dayStart(first, timeZone).toISOString(),
    to: dayStart(addDays(today, 1), timeZone).toISOString(),
  };
}
