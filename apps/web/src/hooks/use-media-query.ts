import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches; follows it when it changes. Without matchMedia (old
 * engines, tests) the answer is `fallback`, the reading that is safe for the caller.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const media = window.matchMedia(query);
      // Some stand-ins for matchMedia (tests, very old engines) cannot tell of changes.
      if (typeof media.addEventListener !== 'function') return () => undefined;
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    [query],
  );
  const read = () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback;
  return useSyncExternalStore(subscribe, read, () => fallback);
}
