import { formatDateTime, formatMinor } from '../lib/format';

/** An amount in minor units, exact, right-aligned in tables by `.num`. */
export function Money({
  minor,
  currency,
  scale,
}: {
  minor: bigint | number | string;
  currency?: string;
  scale?: number;
}) {
  const negative = String(minor).startsWith('-');
  return (
    <span className={negative ? 'num negative' : 'num'}>
      {formatMinor(minor, {
        ...(currency ? { currency } : {}),
        ...(scale !== undefined ? { scale } : {}),
      })}
    </span>
  );
}

/** An instant as date and time, the exact ISO value in its tooltip. */
export function DateTime({ iso, timeZone }: { iso: string | null | undefined; timeZone?: string }) {
  if (!iso) return <span className="muted">—</span>;
  return (
    <time dateTime={iso} title={iso} className="nowrap">
      {formatDateTime(iso, timeZone)}
    </time>
  );
}

/** A small coloured label: a status, a role. */
export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'good' | 'bad' | 'warn' | 'info';
  children: React.ReactNode;
}) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

/** Any JSON value, pretty-printed in a scrolling block. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  const text = value === undefined || value === null ? '—' : JSON.stringify(value, null, 2);
  return (
    <pre className="json" aria-label={label} tabIndex={0}>
      {text}
    </pre>
  );
}
