import { DateTime } from 'luxon';

/** A local calendar period of a time zone: its first day (yyyy-MM-dd) and [start, end). */
export interface LocalPeriod {
  key: string;
  start: Date;
  end: Date;
}

const lengths = { day: { days: 1 }, week: { weeks: 1 }, month: { months: 1 } } as const;

/** The local day, week from Monday 00:00, or month of `zone` that contains `at`. */
export function localPeriod(unit: 'day' | 'week' | 'month', zone: string, at: Date): LocalPeriod {
  const start = DateTime.fromJSDate(at, { zone }).startOf(unit);
  return {
    key: start.toISODate()!,
    start: start.toJSDate(),
    end: start.plus(lengths[unit]).toJSDate(),
  };
}
