import type { ParamProblem } from './types';

/**
 * A two-decimal number the player typed ("49.5", "2.00") as an integer count of hundredths, or
 * null when it is not one. Strings only: a float never reaches a bet.
 */
export function hundredthsOf(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Hundredths as a two-decimal string (4950 → "49.50"). */
export function hundredthsText(v: number | bigint): string {
  const n = BigInt(v);
  return `${n / 100n}.${(n % 100n).toString().padStart(2, '0')}`;
}

/**
 * Reads a bet's parameters as an object of known string fields (the wire shapes in
 * `@taya/contracts` `originals.ts`: a strict object, each field matching its pattern). Problems
 * name their field as `params.<field>`.
 */
export function readParams<K extends string>(
  params: unknown,
  fields: Record<K, { pattern: RegExp; message: string }>,
): { ok: true; values: Record<K, string> } | { ok: false; problems: ParamProblem[] } {
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    return { ok: false, problems: [{ path: 'params', message: 'an object' }] };
  const problems: ParamProblem[] = [];
  const values = {} as Record<K, string>;
  const given = params as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(fields, key))
      problems.push({ path: `params.${key}`, message: 'not a parameter of this game' });
  }
  for (const key of Object.keys(fields) as K[]) {
    const v = Object.hasOwn(given, key) ? given[key] : undefined;
    if (typeof v !== 'string' || !fields[key].pattern.test(v))
      problems.push({ path: `params.${key}`, message: fields[key].message });
    else values[key] = v;
  }
  return problems.length ? { ok: false, problems } : { ok: true, values };
}
