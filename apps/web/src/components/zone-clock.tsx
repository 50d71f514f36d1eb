import { useMemo } from 'react';
import { useNow } from '../hooks/use-now';
import { zonedClock } from '../lib/time-zone';

/**
 * A live clock in `timeZone` with its GMT offset, ticking every second (SPEC §2 and §9, agent
 * centre). `label` names it for assistive tech; it is not a live region, or a screen reader would
 * read it out every second. Renders nothing for a zone the browser does not know.
 */
export function ZoneClock({
  timeZone,
  label,
  labelVisible = false,
  className,
}: {
  timeZone: string;
  label: string;
  /** Show the label above the time; otherwise only assistive tech hears it. */
  labelVisible?: boolean;
  className?: string;
}) {
  const now = useNow();
  const clock = useMemo(() => zonedClock(timeZone), [timeZone]);
  if (!clock) return null;
  const { date, time, offset } = clock(now);
  return (
    <p className={className ? `zone-clock ${className}` : 'zone-clock'} data-testid="zone-clock">
      <span className={labelVisible ? 'zone-clock-label' : 'visually-hidden'}>{label} </span>
      <span className="zone-clock-offset" title={timeZone} data-testid="zone-clock-offset">
        {offset}
      </span>{' '}
      <time className="zone-clock-time" dateTime={now.toISOString()} data-testid="zone-clock-time">
        {date} {time}
      </time>
    </p>
  );
}
