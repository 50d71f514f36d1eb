import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const media = window.matchMedia(query);
  // Some stand-ins for matchMedia (tests, very old engines) cannot tell of changes.
  if (typeof media.addEventListener !== 'function') return () => undefined;
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

/** Without matchMedia (old browsers, tests) nothing moves: the safe reading. */
function read(): boolean {
  if (typeof window.matchMedia !== 'function') return true;
  return window.matchMedia(query).matches;
}

/** Whether the person asked for less motion; follows the setting when it changes. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}
