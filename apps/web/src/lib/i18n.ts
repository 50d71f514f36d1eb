import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  isLanguageCode,
  languageCodes,
  rightToLeftLanguages,
  type LanguageCode,
} from '@taya/contracts';
import en from '../locales/en.json';
import { readStored, writeStored } from './storage';

export type Catalogue = typeof en;
export type ErrorMessageKey = keyof Catalogue['errors'];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

export const languageStorageKey = 'taya.language';
export const fallbackLanguage: LanguageCode = 'EN';

/**
 * Site language codes (SPEC §1) to BCP-47, for `<html lang>`, Intl formatting and i18next. The
 * Record type makes the compiler insist on an entry for every code the contracts know.
 */
const bcp47: Record<LanguageCode, string> = {
  EN: 'en',
  TY: 'tl',
  MY: 'my',
  CN: 'zh-CN',
  TW: 'zh-TW',
  JA: 'ja',
  KO: 'ko',
  TH: 'th',
  VI: 'vi',
  ID: 'id',
  MS: 'ms',
  KM: 'km',
  LO: 'lo',
  HI: 'hi',
  BN: 'bn',
  TA: 'ta',
  TE: 'te',
  NE: 'ne',
  UR: 'ur',
  AR: 'ar',
  FA: 'fa',
  TR: 'tr',
  RU: 'ru',
  KK: 'kk',
  UZ: 'uz',
  ES: 'es',
  PT: 'pt',
  'PT-BR': 'pt-BR',
  FR: 'fr',
  SW: 'sw',
};

/**
 * Catalogues other than English load on demand so a player downloads only their own language.
 * Every `locales/<code>.json` is one (`pt-br.json` for PT-BR); `locales.test.ts` checks each
 * against English.
 */
const catalogueFiles = import.meta.glob<{ default: Catalogue }>([
  '../locales/*.json',
  '!**/en.json',
]);
const catalogueLoaders: Partial<Record<LanguageCode, () => Promise<{ default: Catalogue }>>> =
  Object.fromEntries(
    Object.entries(catalogueFiles).flatMap(([file, load]) => {
      const code = /([a-z-]+)\.json$/.exec(file)?.[1]?.toUpperCase();
      return isLanguageCode(code) ? [[code, load]] : [];
    }),
  );

export function toBcp47(code: LanguageCode): string {
  return bcp47[code];
}

export function hasCatalogue(code: LanguageCode): boolean {
  return code === fallbackLanguage || code in catalogueLoaders;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { [bcp47.EN]: { translation: en } },
  lng: bcp47.EN,
  fallbackLng: bcp47.EN,
  // English is bundled, so initialising synchronously means the first render already has text.
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

let current: LanguageCode = fallbackLanguage;

/** The site code of the language in use; this is what the `Language` request header carries. */
export function currentLanguage(): LanguageCode {
  return current;
}

/**
 * `<html lang>` and `dir` describe the text actually on screen: a language the merchant offers
 * but we have no catalogue for yet shows English, so it must not be announced as, say, Arabic.
 */
function applyDocumentLanguage(code: LanguageCode): void {
  const shown = hasCatalogue(code) ? code : fallbackLanguage;
  document.documentElement.lang = bcp47[shown];
  document.documentElement.dir = rightToLeftLanguages.includes(shown) ? 'rtl' : 'ltr';
}

export async function changeLanguage(
  code: LanguageCode,
  { persist = true }: { persist?: boolean } = {},
): Promise<void> {
  const lng = bcp47[code];
  const load = catalogueLoaders[code];
  if (load && !i18n.hasResourceBundle(lng, 'translation')) {
    const catalogue = await load();
    i18n.addResourceBundle(lng, 'translation', catalogue.default);
  }
  current = code;
  if (persist) writeStored('local', languageStorageKey, code);
  await i18n.changeLanguage(lng);
  applyDocumentLanguage(code);
}

export function storedLanguage(): LanguageCode | null {
  const stored = readStored('local', languageStorageKey);
  return isLanguageCode(stored) ? stored : null;
}

/** At start: the player's saved choice, loaded before first paint to avoid a flash of English. */
export async function restoreLanguage(): Promise<void> {
  const stored = storedLanguage();
  await changeLanguage(stored ?? fallbackLanguage, { persist: false }).catch(() =>
    // The chunk failed to download (offline, new deploy): English is always there.
    changeLanguage(fallbackLanguage, { persist: false }),
  );
}

/**
 * Error codes may contain dots (`user.or.token.invalid`), which i18next reads as nesting, so the
 * catalogue spells them with underscores.
 */
export function errorMessageKey(code: string): `errors.${ErrorMessageKey}` {
  const key = code.replaceAll('.', '_');
  return Object.hasOwn(en.errors, key)
    ? `errors.${key as ErrorMessageKey}`
    : 'errors.unknown_error';
}

/** Re-renders on language change and returns the site code in use. */
export function useCurrentLanguage(): LanguageCode {
  useTranslation();
  return current;
}

/** A language's own name for itself, e.g. "Tagalog", "မြန်မာ", for the language select. */
export function languageName(code: LanguageCode): string {
  const tag = bcp47[code];
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? code;
  } catch {
    return code;
  }
}

/**
 * The merchant's languages first (English always among them), then every other interface
 * language that has a catalogue, in the order of SPEC §1's list; no duplicates or unknowns.
 */
export function selectableLanguages(merchantLanguages: readonly string[]): LanguageCode[] {
  const offered = [fallbackLanguage, ...merchantLanguages].filter(isLanguageCode);
  const others = languageCodes.filter((code) => hasCatalogue(code));
  return [...new Set([...offered, ...others])];
}
