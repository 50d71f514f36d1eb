/* global self, caches */
/*
 * Taya's offline worker. The app shell (index.html) is kept so the site opens without a
 * network; hashed bundles under /assets/ never change, so they are served from the cache once
 * fetched. Pages are fetched fresh first and fall back to the kept shell when offline. API,
 * socket, operator, wallet, game and development calls are never cached: balances, sessions
 * and bets must always be live.
 */
const version = 'taya-v1';
const shellCache = `${version}-shell`;
const assetCache = `${version}-assets`;
const shellUrl = '/index.html';

const neverCached = ['/wps', '/lgw', '/lotto', '/ops', '/ws', '/wallet-api', '/taya-games', '/dev'];

function isNeverCached(pathname) {
  return neverCached.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(shellCache)
      .then((cache) => cache.add(new Request(shellUrl, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name !== shellCache && name !== assetCache)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirstPage(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
      const cache = await caches.open(shellCache);
      await cache.put(shellUrl, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(shellUrl, { cacheName: shellCache });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(assetCache);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNeverCached(url.pathname)) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request));
  }
});
