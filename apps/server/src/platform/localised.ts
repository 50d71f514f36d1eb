/**
 * The value under a client-given key, only if the record holds it itself: a plain object's
 * lookup by `__proto__` or `constructor` would find its prototype's members instead of nothing.
 */
export function ownEntry<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A localised text in `language`, else English, else any. */
export function pickText(text: Record<string, string>, language: string): string {
  return ownEntry(text, language) ?? text.en ?? Object.values(text)[0] ?? '';
}
