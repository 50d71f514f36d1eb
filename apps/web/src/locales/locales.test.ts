import { describe, expect, it } from 'vitest';
import { errorCodes, isLanguageCode, languageCodes, ledgerEntryTypes } from '@taya/contracts';
import { errorMessageKey, toBcp47 } from '../lib/i18n';
import en from './en.json';
import my from './my.json';

type Tree = { [key: string]: string | Tree };

/** Flattens a catalogue to `a.b.c → text`. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const english = flatten(en);
/** English keys that are plural forms, by their base (`games.game_count`). */
const pluralBases = new Set(
  [...english.keys()].filter((key) => key.endsWith('_other')).map((key) => key.slice(0, -6)),
);
const pluralBase = (key: string) => {
  const base = key.replace(pluralSuffix, '');
  return base !== key && pluralBases.has(base) ? base : null;
};

/**
 * The keys a catalogue must have: English's, except that a plural gets exactly its language's
 * CLDR categories (i18next picks the form with Intl.PluralRules).
 */
function expectedKeys(bcp47: string): Set<string> {
  const categories = new Intl.PluralRules(bcp47).resolvedOptions().pluralCategories;
  const keys = new Set([...english.keys()].filter((key) => pluralBase(key) === null));
  for (const base of pluralBases) for (const c of categories) keys.add(`${base}_${c}`);
  return keys;
}

/** English text a key is translated from (a plural form from English's `_other`). */
const source = (key: string) => english.get(key) ?? english.get(`${pluralBase(key)}_other`) ?? '';

const files = import.meta.glob<{ default: Tree }>(['./*.json', '!./en.json'], { eager: true });
const others = Object.entries(files).map(([file, module]) => {
  const code = /([a-z-]+)\.json$/.exec(file)![1]!.toUpperCase();
  return { code, catalogue: flatten(module.default) };
});

/** Keys whose text is rightly the same in every language (brand name, copyright line). */
const sameInEveryLanguage = new Set(['app.name', 'footer.copyright']);

describe('locale catalogues', () => {
  it('exist for every interface language of SPEC §1', () => {
    const missing = languageCodes.filter(
      (code) => code !== 'EN' && !others.some((other) => other.code === code),
    );
    expect(missing).toEqual([]);
    expect(others.map(({ code }) => code).filter((code) => !isLanguageCode(code))).toEqual([]);
  });

  for (const { code, catalogue } of others) {
    describe(code, () => {
      const expected = isLanguageCode(code) ? expectedKeys(toBcp47(code)) : new Set<string>();

      it('has every key English has', () => {
        const missing = [...expected].filter((key) => !catalogue.has(key));
        expect(missing).toEqual([]);
      });

      it('has no key English lacks', () => {
        const extra = [...catalogue.keys()].filter((key) => !expected.has(key));
        expect(extra).toEqual([]);
      });

      it('has no empty text', () => {
        const empty = [...catalogue].filter(([, text]) => text.trim() === '').map(([key]) => key);
        expect(empty).toEqual([]);
      });

      it('keeps the same {{placeholders}} as English', () => {
        const mismatched = [...catalogue].filter(([key, text]) => {
          const want = placeholders(source(key));
          const got = placeholders(text);
          // A plural form may leave out {{count}} where the form itself says it ("one game").
          return pluralBase(key) === null
            ? got.join() !== want.join()
            : got.some((name) => !want.includes(name));
        });
        expect(mismatched.map(([key]) => key)).toEqual([]);
      });

      it('is translated, not copied from English', () => {
        const copied = [...catalogue]
          .filter(([key, text]) => !sameInEveryLanguage.has(key) && english.get(key) === text)
          .map(([key]) => key);
        // A few loanwords are legitimately identical (e.g. "Home", "E-sports" in Tagalog).
        expect(copied.length / english.size).toBeLessThan(0.1);
      });
    });
  }

  it('writes Burmese in Myanmar script', () => {
    expect(my.not_built.body).toMatch(/^[\u1000-\u109F\s။၊]+$/u);
  });

  it('names every ledger entry type in every catalogue (the account record shows no raw type)', () => {
    const missing = [{ code: 'EN', catalogue: english }, ...others].flatMap(({ code, catalogue }) =>
      ledgerEntryTypes
        .filter((type) => !catalogue.has(`cashier.tx_type.${type}`))
        .map((type) => `${code}: ${type}`),
    );
    expect(missing).toEqual([]);
  });

  it('has a message for every error code in the contracts', () => {
    const missing = errorCodes.filter((code) => errorMessageKey(code) === 'errors.unknown_error');
    expect(missing).toEqual([]);
  });
});
