import { DateTime } from 'luxon';
import type { ContractKind, DividendPeriod } from './schema';

/**
 * A settlement schedule: the salaries' (real-time every 5 minutes, hourly, daily) and the
 * dividends' per period. Windows are cut in the merchant's time zone: Manila's hours begin on the
 * hour, Yangon's (UTC+6:30) at half past, and a day is the merchant's calendar day.
 */
export type Schedule =
  'realtime' | 'hourly' | 'daily' | 'dividend:D' | 'dividend:W' | 'dividend:H' | 'dividend:M';

export const schedules: readonly Schedule[] = [
  'realtime',
  'hourly',
  'daily',
  'dividend:D',
  'dividend:W',
  'dividend:H',
  'dividend:M',
];

export interface Window {
  start: Date;
  end: Date;
}

export function scheduleOf(kind: ContractKind, period: DividendPeriod | null): Schedule {
  if (kind === 'dividend') return `dividend:${period ?? 'D'}`;
  return kind;
}

export function kindOf(schedule: Schedule): { kind: ContractKind; period: DividendPeriod | null } {
  if (schedule.startsWith('dividend:')) {
    return { kind: 'dividend', period: schedule.slice('dividend:'.length) as DividendPeriod };
  }
  return { kind: schedule as ContractKind, period: null };
}

/** The window of `schedule` that contains the instant `at`, in time zone `zone`. */
export function windowAt(schedule: Schedule, zone: string, at: Date): Window {
  const t = DateTime.fromJSDate(at, { zone });
  let start: DateTime;
  let end: DateTime;
  switch (schedule) {
    case 'realtime': {
      const minute = t.startOf('minute');
      start = minute.minus({ minutes: minute.minute % 5 });
      end = start.plus({ minutes: 5 });
      break;
    }
    case 'hourly':
      start = t.startOf('hour');
      end = start.plus({ hours: 1 });
      break;
    case 'daily':
    case 'dividend:D':
      start = t.startOf('day');
      end = start.plus({ days: 1 });
      break;
    case 'dividend:W':
      // ISO weeks: Monday to Monday.
      start = t.startOf('week');
      end = start.plus({ weeks: 1 });
      break;
    case 'dividend:H': {
      // Semi-monthly: the 1st to the 15th, then the 16th to the month's end.
      const month = t.startOf('month');
      if (t.day <= 15) {
        start = month;
        end = month.plus({ days: 15 });
      } else {
        start = month.plus({ days: 15 });
        end = month.plus({ months: 1 });
      }
      break;
    }
    case 'dividend:M':
      start = t.startOf('month');
      end = start.plus({ months: 1 });
      break;
  }
  return { start: start.toJSDate(), end: end.toJSDate() };
}

/**
 * The windows of `schedule` that have ended by `until`, starting with the one containing `from`,
 * at most `limit` of them.
 */
export function windowsBetween(
  schedule: Schedule,
  zone: string,
  from: Date,
  until: Date,
  limit = 500,
): Window[] {
  const out: Window[] = [];
  let w = windowAt(schedule, zone, from);
  while (w.end.getTime() <= until.getTime() && out.length < limit) {
    out.push(w);
    w = windowAt(schedule, zone, w.end);
  }
  return out;
}
