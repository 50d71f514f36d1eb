import { useMemo } from 'react';
import { createDateFormat } from '../../../lib/date-format';
import { toBcp47, useCurrentLanguage } from '../../../lib/i18n';

/**
 * Formats a calendar day of the merchant's zone ("2026-03-02"), as the server names team days:
 * it is a date, not an instant, so it is shown as it is, whatever the browser's zone.
 */
export function useDayFormat(style: 'medium' | 'short' = 'medium'): (day: string) => string {
  const locale = toBcp47(useCurrentLanguage());
  const format = useMemo(
    () => createDateFormat(locale, style === 'short' ? 'monthDay' : 'date', { timeZone: 'UTC' }),
    [locale, style],
  );
  return (day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? day : format(date);
  };
}
