import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  open = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function openRegionPopup(): void {
  set(true);
}

export function closeRegionPopup(): void {
  set(false);
}

/**
 * The region-select popup is not a route: any button (side menu, footer) opens it through this
 * hook, and the site's popup host shows it.
 */
export function useRegionPopup() {
  const isOpen = useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
  return { isOpen, open: openRegionPopup, close: closeRegionPopup };
}
