import { DateTime } from 'luxon';

/** A daily window as configured: local times of day, HH:mm. */
export interface DailyWindow {
  start: string;
  end: string;
}

/** One day's occurrence of a window: when it opens and closes, and its key (local date + start). */
export interface WindowOccurrence {
  /** `yyyy-MM-ddTHH:mm` in the merchant's time zone: a member grabs once per key. */
  key: string;
  start: string;
  end: string;
  opensAt: Date;
  closesAt: Date;
}

/** Why a list of windows cannot be used, or null when it can: in order and not overlapping. */
export function windowsProblem(windows: readonly DailyWindow[]): string | null {
  for (let i = 0; i < windows.length; i++) {
    const w = windows[i]!;
    if (w.end <= w.start) return `windows.${i}.end must be after start`;
    const before = windows[i - 1];
    if (before && w.start < before.end) return `windows.${i} must start after the one before ends`;
  }
  return null;
}

function occurrence(day: DateTime, w: DailyWindow, zone: string): WindowOccurrence {
  const date = day.toISODate()!;
  return {
    key: `${date}T${w.start}`,
    start: w.start,
    end: w.end,
    opensAt: DateTime.fromISO(`${date}T${w.start}`, { zone }).toJSDate(),
    closesAt: DateTime.fromISO(`${date}T${w.end}`, { zone }).toJSDate(),
  };
}

/**
 * The window open at `now` (null between windows) and the next one to open after `now`, today's
 * or tomorrow's, in the time zone `zone`.
 */
export function windowsAt(windows: readonly DailyWindow[], zone: string, now: Date) {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  let open: WindowOccurrence | null = null;
  let next: WindowOccurrence | null = null;
  for (const day of [today, today.plus({ days: 1 })]) {
    for (const w of windows) {
      const o = occurrence(day, w, zone);
      if (!open && o.opensAt <= now && now < o.closesAt) open = o;
      if (!next && o.opensAt > now) next = o;
    }
  }
  return { open, next };
}
