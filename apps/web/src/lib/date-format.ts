import dayjs from 'dayjs';
import kk from 'dayjs/locale/kk';
import km from 'dayjs/locale/km';
import lo from 'dayjs/locale/lo';
import my from 'dayjs/locale/my';
import ne from 'dayjs/locale/ne';
import uzLatn from 'dayjs/locale/uz-latn';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import utc from 'dayjs/plugin/utc';

/**
 * Dates and times in the player's language. Intl does it wherever the browser carries the
 * language's data; Chromium's reduced ICU lacks some of our languages (Burmese, Khmer, Lao,
 * Nepali) and has only root data for others (Kazakh, Uzbek: "2026 M11 24"), so those are
 * written with dayjs and its own locale data instead of falling back to English.
 */

dayjs.extend(utc);
dayjs.extend(localizedFormat);

/**
 * - `dateTime`: medium date and short time ("Nov 24, 2026, 10:05 AM")
 * - `date`: medium date ("Nov 24, 2026")
 * - `monthDay`: short month and day ("Nov 24")
 * - `time`: hours and minutes ("10:05 AM")
 * - `dateTimeZone`: medium date, time and the zone's short name ("Nov 24, 2026, 6:05 PM GMT+8")
 */
export type DateFormatStyle = 'dateTime' | 'date' | 'monthDay' | 'time' | 'dateTimeZone';

export interface DateFormatOptions {
  /** IANA zone to show the time in; the browser's own when absent or unknown. */
  timeZone?: string;
  /** Whether Intl has real date data for a locale (tests stand in for a browser without). */
  supports?: (locale: string) => boolean;
}

const intlOptions: Record<DateFormatStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  monthDay: { month: 'short', day: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit' },
  dateTimeZone: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
};

type DayjsLocale = ILocale & { meridiem?: (hour: number, minute: number) => string };

/**
 * Only the languages some browser is known to lack, keyed by language subtag. dayjs's Nepali has
 * no meridiem for its "Aको h:mm बजे" time, so it gets the one its source (moment) has.
 */
const fallbackLocales: Record<string, DayjsLocale> = {
  kk,
  km,
  lo,
  my,
  ne: {
    ...ne,
    meridiem: (hour) => {
      if (hour < 3) return 'राति';
      if (hour < 12) return 'बिहान';
      if (hour < 16) return 'दिउँसो';
      if (hour < 20) return 'साँझ';
      return 'राति';
    },
  },
  // Our Uzbek catalogue is in Latin script; dayjs's plain `uz` is Cyrillic.
  uz: uzLatn,
};

function languageOf(tag: string): string {
  const language = tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
  // ICU resolves Tagalog to Filipino, whose data it has.
  return language === 'fil' ? 'tl' : language;
}

const probeDate = new Date(Date.UTC(2000, 10, 15));
const intlCoverage = new Map<string, boolean>();

/** Whether this browser's Intl formats dates in `locale` with that language's own data. */
export function intlHasDateData(locale: string): boolean {
  let known = intlCoverage.get(locale);
  if (known === undefined) {
    known = probeIntl(locale);
    intlCoverage.set(locale, known);
  }
  return known;
}

function probeIntl(locale: string): boolean {
  try {
    if (Intl.DateTimeFormat.supportedLocalesOf([locale]).length === 0) return false;
    const resolved = new Intl.DateTimeFormat(locale).resolvedOptions().locale;
    if (languageOf(resolved) !== languageOf(locale)) return false;
    // Root data names the months "M01".."M12".
    const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
      probeDate,
    );
    return !/^M\d+$/.test(month);
  } catch {
    return false;
  }
}

const intlFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale, style and zone: building one costs far more than using it. */
function intlFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = intlFormats.get(key);
  if (!format) {
    format = buildIntlFormat(locale, options, timeZone);
    intlFormats.set(key, format);
  }
  return format;
}

function buildIntlFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const attempts: Array<[string, Intl.DateTimeFormatOptions]> = [
    ...(timeZone
      ? [[locale, { ...options, timeZone }] as [string, Intl.DateTimeFormatOptions]]
      : []),
    [locale, options],
    ['en', options],
  ];
  for (const [tag, opts] of attempts) {
    try {
      return new Intl.DateTimeFormat(tag, opts);
    } catch {
      // An unknown zone or a malformed tag: try the next, plainer one.
    }
  }
  return new Intl.DateTimeFormat('en', options);
}

/**
 * The wall clock of `timeZone` (the browser's without one) as a UTC date, for dayjs's UTC mode:
 * Intl supplies the zone's rules, dayjs only writes the names.
 */
function wallClock(timeZone: string | undefined): (date: Date) => Date {
  const parts = intlFormat(
    'en-US',
    {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    },
    timeZone,
  );
  return (date) => {
    const found: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
    for (const part of parts.formatToParts(date)) found[part.type] = Number(part.value);
    const wall = new Date(0);
    wall.setUTCFullYear(found.year ?? 1970, (found.month ?? 1) - 1, found.day ?? 1);
    wall.setUTCHours(found.hour ?? 0, found.minute ?? 0, found.second ?? 0);
    return wall;
  };
}

/** The locale's medium date pattern without the year: "D MMM YYYY" → "D MMM". */
function monthDayPattern(locale: DayjsLocale): string {
  const medium = (locale.formats.LL ?? 'D MMMM YYYY').replace('MMMM', 'MMM');
  return medium.replace(/[\s,.]*Y+[^\sDM]*/, '').trim();
}

function dayjsFormat(
  locale: DayjsLocale,
  style: DateFormatStyle,
  timeZone: string | undefined,
): (date: Date) => string {
  const toWall = wallClock(timeZone);
  const pattern = {
    dateTime: 'lll',
    date: 'll',
    monthDay: monthDayPattern(locale),
    time: 'LT',
    dateTimeZone: 'lll',
  }[style];
  const zoneName =
    style === 'dateTimeZone' ? intlFormat('en', { timeZoneName: 'short' }, timeZone) : null;
  return (date) => {
    const text = dayjs.utc(toWall(date)).locale(locale).format(pattern);
    if (!zoneName) return text;
    const zone = zoneName.formatToParts(date).find((part) => part.type === 'timeZoneName');
    return zone ? `${text} ${zone.value}` : text;
  };
}

/**
 * A formatter for `locale` (BCP-47) in one of our styles. Callers check the date is valid.
 */
export function createDateFormat(
  locale: string,
  style: DateFormatStyle,
  { timeZone, supports = intlHasDateData }: DateFormatOptions = {},
): (date: Date) => string {
  const fallback = fallbackLocales[languageOf(locale)];
  if (fallback && !supports(locale)) return dayjsFormat(fallback, style, timeZone);
  const format = intlFormat(locale, intlOptions[style], timeZone);
  return (date) => format.format(date);
}
