import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en.json';
import enDashboard from '../locales/en/dashboard.json';
import enCashier from '../locales/en/cashier.json';
import enPlayers from '../locales/en/players.json';
import enApprovals from '../locales/en/approvals.json';
import enAgents from '../locales/en/agents.json';
import enGames from '../locales/en/games.json';
import enLottery from '../locales/en/lottery.json';
import enPromotions from '../locales/en/promotions.json';
import enContent from '../locales/en/content.json';
import enSupport from '../locales/en/support.json';
import enSystem from '../locales/en/system.json';
import enOperators from '../locales/en/operators.json';

/**
 * English: the shared groups (`locales/en.json`) and one file per screen group
 * (`locales/en/<group>.json`, which may also add its nav labels under `nav.pages`), merged.
 */
const enParts = [
  enCommon,
  enDashboard,
  enCashier,
  enPlayers,
  enApprovals,
  enAgents,
  enGames,
  enLottery,
  enPromotions,
  enContent,
  enSupport,
  enSystem,
  enOperators,
] as const;
type Merged<T extends readonly unknown[]> = T extends readonly [infer H, ...infer R]
  ? H & Merged<R>
  : unknown;
export type Catalogue = Merged<typeof enParts>;

function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>) {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === 'object' && existing && typeof existing === 'object') {
      deepMerge(existing as Record<string, unknown>, value as Record<string, unknown>);
    } else {
      target[key] = value;
    }
  }
  return target;
}

const en = enParts.reduce<Record<string, unknown>>(
  (all, part) => deepMerge(all, structuredClone(part) as Record<string, unknown>),
  {},
) as Catalogue;

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
