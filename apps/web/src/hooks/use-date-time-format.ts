import { toBcp47, useCurrentLanguage } from '../lib/i18n';

/** Formats server timestamps in the player's time zone and language. */
export function useDateTimeFormat(): (iso: string | null) => string {
  const language = useCurrentLanguage();
  const locale = toBcp47(language);
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    format = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
  }
  return (iso) => {
    if (!iso) return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}
