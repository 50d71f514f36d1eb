/** Interface language codes of SPEC §1, as the site names them. */
export const languageCodes = [
  'EN',
  'TY',
  'MY',
  'CN',
  'TW',
  'JA',
  'KO',
  'TH',
  'VI',
  'ID',
  'MS',
  'KM',
  'LO',
  'HI',
  'BN',
  'TA',
  'TE',
  'NE',
  'UR',
  'AR',
  'FA',
  'TR',
  'RU',
  'KK',
  'UZ',
  'ES',
  'PT',
  'PT-BR',
  'FR',
  'SW',
] as const;
export type LanguageCode = (typeof languageCodes)[number];

export const rightToLeftLanguages: readonly LanguageCode[] = ['AR', 'FA', 'UR'];

export function isLanguageCode(code: unknown): code is LanguageCode {
  return typeof code === 'string' && (languageCodes as readonly string[]).includes(code);
}
