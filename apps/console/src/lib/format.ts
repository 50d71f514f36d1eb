import { currencySymbolOf, formatAmount, minorToDecimal } from '@taya/contracts';
import { currentLocale } from './i18n';

/**
 * Money on screen: integer minor units in (bigint, or a safe integer / integer string as the API
 * sends them), exact text out, through the contracts' helpers; never a float.
 */
export function formatMinor(
  minor: bigint | number | string,
  options: { scale?: number; currency?: string } = {},
): string {
  const scale = options.scale ?? 2;
  const units = typeof minor === 'bigint' ? minor : BigInt(minor);
  const text = formatAmount(minorToDecimal(units, scale), scale);
  return options.currency ? `${currencySymbolOf(options.currency)} ${text}` : text;
}

/** A decimal string as the API sends it ("1234.50") with thousands separators. */
export const formatDecimal = (decimal: string, scale = 2) => formatAmount(decimal, scale);

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${currentLocale()}|${timeZone ?? ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(currentLocale(), {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone,
      timeZoneName: 'short',
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** An ISO instant as a full date and time, in `timeZone` (default: the browser's). */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat(timeZone).format(date);
}

/** A whole number with the locale's grouping. */
export const formatCount = (n: number) => new Intl.NumberFormat(currentLocale()).format(n);

/** `<input type="datetime-local">` value (local time) → ISO instant with offset, or undefined. */
export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** ISO instant → `<input type="datetime-local">` value in local time. */
export function isoToLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
