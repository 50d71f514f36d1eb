import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  isLanguageCode,
  languageCodes,
  rightToLeftLanguages,
  type LanguageCode,
} from '@taya/contracts';
import type en from '../locales/en.json';
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
 * Every catalogue, English included, loads on demand as JSON, so the app's code carries none and a
 * player downloads English (the fallback) and their own language only. Every `locales/<code>.json`
 * is one (`pt-br.json` for PT-BR); `locales.test.ts` checks each against English. A build emits
 * them as hashed assets and fetches them; tests, whose `fetch` is the fake API, import them.
 */
type CatalogueLoader = () => Promise<Catalogue>;

function catalogueLoadersByFile(): Record<string, CatalogueLoader> {
  if (import.meta.env.MODE === 'test') {
    const modules = import.meta.glob<Catalogue>('../locales/*.json', { import: 'default' });
    return modules;
  }
  const urls = import.meta.glob<string>('../locales/*.json', {
    query: '?url',
    import: 'default',
    eager: true,
  });
  return Object.fromEntries(
    Object.entries(urls).map(([file, url]) => [
      file,
      async () => {
        const response = await fetch(url, { credentials: 'same-origin' });
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return (await response.json()) as Catalogue;
      },
    ]),
  );
}

const catalogueLoaders: Partial<Record<LanguageCode, CatalogueLoader>> = Object.fromEntries(
  Object.entries(catalogueLoadersByFile()).flatMap(([file, load]) => {
    const code = /([a-z-]+)\.json$/.exec(file)?.[1]?.toUpperCase();
    return isLanguageCode(code) ? [[code, load]] : [];
  }),
);

export function toBcp47(code: LanguageCode): string {
  return bcp47[code];
}

export function hasCatalogue(code: LanguageCode): boolean {
  return code in catalogueLoaders;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {},
  lng: bcp47.EN,
  fallbackLng: bcp47.EN,
  // Catalogues arrive through `changeLanguage`; the app renders once `restoreLanguage` is done.
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

const loading = new Map<LanguageCode, Promise<void>>();

/** Adds a language's catalogue to i18next once; a failed download may be tried again. */
function loadCatalogue(code: LanguageCode): Promise<void> {
  const lng = bcp47[code];
  const load = catalogueLoaders[code];
  if (!load || i18n.hasResourceBundle(lng, 'translation')) return Promise.resolve();
  let pending = loading.get(code);
  if (!pending) {
    pending = load()
      .then((catalogue) => {
        i18n.addResourceBundle(lng, 'translation', catalogue);
      })
      .finally(() => loading.delete(code));
    loading.set(code, pending);
  }
  return pending;
}

export async function changeLanguage(
  code: LanguageCode,
  { persist = true }: { persist?: boolean } = {},
): Promise<void> {
  const lng = bcp47[code];
  // English is the fallback for any key a catalogue lacks, so it comes along with every language.
  await Promise.all([loadCatalogue(fallbackLanguage), loadCatalogue(code)]);
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
    // The catalogue failed to download (offline, new deploy): English, once more.
    changeLanguage(fallbackLanguage, { persist: false }),
  );
}

/**
 * Error codes may contain dots (`user.or.token.invalid`), which i18next reads as nesting, so the
 * catalogue spells them with underscores.
 */
export function errorMessageKey(code: string): `errors.${ErrorMessageKey}` {
  const key = code.replaceAll('.', '_');
  const english = i18n.getResourceBundle(bcp47[fallbackLanguage], 'translation') as
    Catalogue | undefined;
  return english && Object.hasOwn(english.errors, key)
    ? `errors.${key as ErrorMessageKey}`
    : 'errors.unknown_error';
}

/** Re-renders on language change and returns the site code in use. */
export function useCurrentLanguage(): LanguageCode {
  useTranslation();
  return current;
}

/**
 * Each language's own name for itself, as the language select shows it. Written out rather than
 * asked of `Intl.DisplayNames`: building thirty of those costs a phone more than the rest of the
 * header, and browsers name some languages differently.
 */
const endonyms: Record<LanguageCode, string> = {
  EN: 'English',
  TY: 'Tagalog',
  MY: 'မြန်မာ',
  CN: '简体中文',
  TW: '繁體中文',
  JA: '日本語',
  KO: '한국어',
  TH: 'ไทย',
  VI: 'Tiếng Việt',
  ID: 'Bahasa Indonesia',
  MS: 'Bahasa Melayu',
  KM: 'ខ្មែរ',
  LO: 'ລາວ',
  HI: 'हिन्दी',
  BN: 'বাংলা',
  TA: 'தமிழ்',
  TE: 'తెలుగు',
  NE: 'नेपाली',
  UR: 'اردو',
  AR: 'العربية',
  FA: 'فارسی',
  TR: 'Türkçe',
  RU: 'Русский',
  KK: 'Қазақ тілі',
  UZ: 'Oʻzbekcha',
  ES: 'Español',
  PT: 'Português',
  'PT-BR': 'Português (Brasil)',
  FR: 'Français',
  SW: 'Kiswahili',
};

/** A language's own name for itself, e.g. "Tagalog", "မြန်မာ", for the language select. */
export function languageName(code: LanguageCode): string {
  return endonyms[code];
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
