import { DateTime } from 'luxon';

/** A local calendar period of a time zone: its first day (yyyy-MM-dd) and [start, end). */
export interface LocalPeriod {
  key: string;
  start: Date;
  end: Date;
}

/** The local day, or the local week from Monday 00:00, of `zone` that contains `at`. */
export function localPeriod(unit: 'day' | 'week', zone: string, at: Date): LocalPeriod {
  const start = DateTime.fromJSDate(at, { zone }).startOf(unit);
  return {
    key: start.toISODate()!,
    start: start.toJSDate(),
    end: start.plus(unit === 'day' ? { days: 1 } : { weeks: 1 }).toJSDate(),
  };
}
