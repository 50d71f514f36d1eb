import { useMemo } from 'react';
import { createDateFormat } from '../../../lib/date-format';
import { toBcp47, useCurrentLanguage } from '../../../lib/i18n';
import { crestHue, initials } from '../lib/labels';

/** A team's crest: its initials in a circle of a colour drawn from its name. */
export function Crest({ name, size = 'small' }: { name: string; size?: 'small' | 'large' }) {
  const hue = crestHue(name);
  return (
    <span
      className={`sb-crest is-${size}`}
      style={{
        background: `linear-gradient(135deg, hsl(${hue} 62% 46%), hsl(${(hue + 40) % 360} 58% 30%))`,
      }}
      aria-hidden="true"
    >
      {initials(name)}
    </span>
  );
}

/** Kick-off in the player's language and time zone: "Nov 24 · 19:30" (the time alone today). */
export function useKickoff(): (iso: string) => string {
  const locale = toBcp47(useCurrentLanguage());
  const [day, time] = useMemo(
    () => [createDateFormat(locale, 'monthDay'), createDateFormat(locale, 'time')],
    [locale],
  );
  return (iso) => {
    const at = new Date(iso);
    if (Number.isNaN(at.getTime())) return iso;
    const today = new Date().toDateString() === at.toDateString();
    return today ? time(at) : `${day(at)} · ${time(at)}`;
  };
}

/** The red pulsing dot of a match in play. */
export function LiveDot() {
  return <span className="sb-live-dot" aria-hidden="true" />;
}
