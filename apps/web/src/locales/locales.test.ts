import { describe, expect, it } from 'vitest';
import { errorCodes } from '@taya/contracts';
import { errorMessageKey } from '../lib/i18n';
import en from './en.json';
import my from './my.json';
import ty from './ty.json';

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

const english = flatten(en);
const others = { ty: flatten(ty), my: flatten(my) };

/** Keys whose text is rightly the same in every language (brand name, copyright line). */
const sameInEveryLanguage = new Set(['app.name', 'footer.copyright']);

describe('locale catalogues', () => {
  for (const [code, catalogue] of Object.entries(others)) {
    describe(code, () => {
      it('has every key English has', () => {
        const missing = [...english.keys()].filter((key) => !catalogue.has(key));
        expect(missing).toEqual([]);
      });

      it('has no key English lacks', () => {
        const extra = [...catalogue.keys()].filter((key) => !english.has(key));
        expect(extra).toEqual([]);
      });

      it('has no empty text', () => {
        const empty = [...catalogue].filter(([, text]) => text.trim() === '').map(([key]) => key);
        expect(empty).toEqual([]);
      });

      it('keeps the same {{placeholders}} as English', () => {
        const mismatched = [...english].filter(
          ([key, text]) =>
            placeholders(text).join() !== placeholders(catalogue.get(key) ?? '').join(),
        );
        expect(mismatched.map(([key]) => key)).toEqual([]);
      });

      it('is translated, not copied from English', () => {
        const copied = [...english]
          .filter(([key, text]) => !sameInEveryLanguage.has(key) && catalogue.get(key) === text)
          .map(([key]) => key);
        // A few loanwords are legitimately identical (e.g. "Home", "E-sports" in Tagalog).
        expect(copied.length / english.size).toBeLessThan(0.1);
      });
    });
  }

  it('writes Burmese in Myanmar script', () => {
    expect(my.not_built.body).toMatch(/^[\u1000-\u109F\s။၊]+$/u);
  });

  it('has a message for every error code in the contracts', () => {
    const missing = errorCodes.filter((code) => errorMessageKey(code) === 'errors.unknown_error');
    expect(missing).toEqual([]);
  });
});
