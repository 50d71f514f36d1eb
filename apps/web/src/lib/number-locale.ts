/**
 * The locale Intl.NumberFormat is given for a language. Where the browser carries the language's
 * data, that is the language itself. Chromium's reduced ICU lacks some of ours (Burmese, Nepali,
 * Khmer, Lao) and would write them as American English; for the two whose own digits differ from
 * ASCII, a locale it has is asked for the same digits and grouping instead (Burmese writes
 * "၁,၂၃၄.၅၀" like English with Myanmar digits; Nepali groups like Hindi, in Devanagari digits).
 */
const fallbackNumberLocales: Record<string, string> = {
  my: 'en-u-nu-mymr',
  ne: 'hi-u-nu-deva',
};

function languageOf(tag: string): string {
  return tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
}

const coverage = new Map<string, boolean>();

/** Whether this browser's Intl has number data for `locale` (not just a fallback to another). */
export function intlHasNumberData(locale: string): boolean {
  let known = coverage.get(locale);
  if (known === undefined) {
    try {
      known = Intl.NumberFormat.supportedLocalesOf([locale]).length > 0;
    } catch {
      known = false;
    }
    coverage.set(locale, known);
  }
  return known;
}

/** The tag to format `locale`'s numbers with (see above); a malformed tag gives English. */
export function numberLocale(
  locale: string,
  supports: (locale: string) => boolean = intlHasNumberData,
): string {
  if (supports(locale)) return locale;
  return fallbackNumberLocales[languageOf(locale)] ?? 'en';
}
