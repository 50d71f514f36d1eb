import { toBcp47, useCurrentLanguage } from '../lib/i18n';

/**
 * Formats server timestamps in the player's language, in the browser's time zone unless
 * `timeZone` names another (the agent centre shows the merchant's, like its header clock). An
 * unknown zone falls back to the browser's.
 */
export function useDateTimeFormat(timeZone?: string): (iso: string | null) => string {
  const language = useCurrentLanguage();
  const locale = toBcp47(language);
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
  } catch {
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat('en', options);
    }
  }
  return (iso) => {
    if (!iso) return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}
