import { useMemo } from 'react';
import { createDateFormat } from '../lib/date-format';
import { toBcp47, useCurrentLanguage } from '../lib/i18n';

/**
 * Formats server timestamps in the player's language, in the browser's time zone unless
 * `timeZone` names another (the agent centre shows the merchant's, like its header clock). An
 * unknown zone falls back to the browser's.
 */
export function useDateTimeFormat(timeZone?: string): (iso: string | null) => string {
  const locale = toBcp47(useCurrentLanguage());
  const format = useMemo(
    () => createDateFormat(locale, 'dateTime', { timeZone }),
    [locale, timeZone],
  );
  return (iso) => {
    if (!iso) return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format(date);
  };
}
