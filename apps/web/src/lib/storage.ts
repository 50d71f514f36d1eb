/**
 * Web Storage can throw (private browsing, storage disabled by policy, quota). The site must keep
 * working without it, so every read and write goes through these wrappers and degrades to
 * "nothing stored".
 */
type Area = 'local' | 'session';

function area(kind: Area): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStored(kind: Area, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(kind: Area, key: string, value: string | null): void {
  try {
    const storage = area(kind);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value simply does not survive a reload.
  }
}

export function storedKeys(kind: Area): string[] {
  try {
    const storage = area(kind);
    if (!storage) return [];
    return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key !== null,
    );
  } catch {
    return [];
  }
}
