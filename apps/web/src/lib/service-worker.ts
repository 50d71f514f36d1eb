/**
 * Registers the offline worker (public/sw.js) in production builds only: in development Vite
 * serves unhashed modules that a cache would pin to stale copies.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without the worker the site still works online; nothing to tell the player.
    });
  });
}
