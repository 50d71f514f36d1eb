import type { FieldIssue } from '@taya/contracts';

/**
 * Values no call takes, whatever its schema says: a NUL character (PostgreSQL text refuses it),
 * a lone UTF-16 surrogate (not valid Unicode, so not storable or sendable as UTF-8) and the
 * names of JavaScript's prototype machinery as keys or codes (a plain-object lookup by them
 * finds a function instead of nothing).
 */
const prototypeNames = new Set(['__proto__', 'constructor', 'prototype']);
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const maxDepth = 32;

function stringProblem(value: string): { code: string; message: string } | null {
  if (value.includes('\u0000'))
    return { code: 'nul_character', message: 'Contains a NUL character' };
  if (loneSurrogate.test(value)) {
    return { code: 'invalid_unicode', message: 'Contains a lone UTF-16 surrogate' };
  }
  if (prototypeNames.has(value)) return { code: 'reserved_value', message: 'Is a reserved name' };
  return null;
}

const pathOf = (path: readonly (string | number)[]) => path.map(String).join('.') || '(root)';

/**
 * The first hostile value or key in a request part (its body, query or path parameters), as a
 * field issue naming where it is; null when there is none.
 */
export function hostileInputIssue(input: unknown): FieldIssue | null {
  const walk = (value: unknown, path: (string | number)[]): FieldIssue | null => {
    if (typeof value === 'string') {
      const problem = stringProblem(value);
      return problem ? { path: pathOf(path), ...problem } : null;
    }
    if (value === null || typeof value !== 'object') return null;
    if (path.length >= maxDepth) {
      return { path: pathOf(path), code: 'too_deep', message: 'Nested too deeply' };
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const issue = walk(value[i], [...path, i]);
        if (issue) return issue;
      }
      return null;
    }
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key !== 'string') continue;
      const problem = stringProblem(key);
      if (problem) {
        const printable = problem.code === 'reserved_value' ? key : '(key)';
        return {
          path: pathOf([...path, printable]),
          code: problem.code,
          message: `Key ${problem.message.toLowerCase()}`,
        };
      }
      const issue = walk((value as Record<string, unknown>)[key], [...path, key]);
      if (issue) return issue;
    }
    return null;
  };
  return walk(input, []);
}
