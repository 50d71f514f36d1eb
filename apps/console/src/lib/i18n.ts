import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

export type Catalogue = typeof en;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

/**
 * The console's catalogues, one JSON file per language under `locales/`. English is bundled;
 * another language is one more file and one more entry here (loaded with `import()` when it
 * grows large). Keys are grouped by screen (`audit.*`, `sessions.*`) plus shared groups
 * (`common.*`, `nav.*`, `errors.*`).
 */
export const consoleLanguages = { en: 'English' } as const;
export type ConsoleLanguage = keyof typeof consoleLanguages;

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The current language as BCP-47, for Intl formatting. */
export const currentLocale = (): string => i18n.language || 'en';

/** The catalogue's text for an API error code, or the server's own English message. */
export function errorText(errorCode: string, fallback: string): string {
  // Codes such as `login.failed` hold dots, which i18next reads as nesting: `login_failed`.
  const key = `errors.${errorCode.replaceAll('.', '_')}`;
  return i18n.exists(key) ? String(i18n.t(key as 'errors.network')) : fallback;
}
