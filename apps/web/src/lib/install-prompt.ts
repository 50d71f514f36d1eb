import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not yet in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let listening = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function onBeforeInstallPrompt(event: Event): void {
  // Keep the browser's own mini-infobar away; the download guide offers the button instead.
  event.preventDefault();
  deferred = event as BeforeInstallPromptEvent;
  notify();
}

function onInstalled(): void {
  deferred = null;
  notify();
}

/**
 * The browser fires `beforeinstallprompt` once, often before the guide page is open, so the app
 * listens from the start and keeps the event until it is used.
 */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
  window.addEventListener('appinstalled', onInstalled);
}

function subscribe(listener: () => void): () => void {
  listenForInstallPrompt();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; false when the browser offered none or it was refused. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  // An event can prompt only once.
  deferred = null;
  notify();
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome === 'accepted';
}

/** Whether the browser has offered to install the site as an app. */
export function useInstallPromptAvailable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => deferred !== null,
    () => false,
  );
}
