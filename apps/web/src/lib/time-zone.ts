/**
 * Wall-clock time in a merchant's IANA time zone. The offset comes from the browser's own zone
 * data (Intl's `longOffset`), never from a table of ours, so a zone with daylight saving shows the
 * offset in force at the moment shown.
 */

export interface ZonedTime {
  /** "2026-03-02" */
  date: string;
  /** "12:05:06", 24-hour */
  time: string;
  /** "GMT+08:00"; "GMT+00:00" for UTC itself. */
  offset: string;
}

/**
 * A formatter for `timeZone`, or null when this browser does not know the zone (a bad merchant
 * setting must not take the page down). Digits are always Latin: it is a clock, read at a glance.
 */
export function zonedClock(timeZone: string): ((at: Date) => ZonedTime) | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
      numberingSystem: 'latn',
    });
  } catch {
    return null;
  }
  return (at) => {
    const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const part of format.formatToParts(at)) parts[part.type] = part.value;
    const offset = parts.timeZoneName ?? 'GMT';
    return {
      date: `${parts.year}-${parts.month}-${parts.day}`,
      time: `${parts.hour}:${parts.minute}:${parts.second}`,
      // Intl writes the zero offset as a bare "GMT".
      offset: offset === 'GMT' ? 'GMT+00:00' : offset,
    };
  };
}
