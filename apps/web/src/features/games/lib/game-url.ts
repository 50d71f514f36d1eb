/**
 * Where a launch answer sends the player. Our own pages (the in-house slot's /seamless) open in
 * the app without a reload; another site's address replaces the page. Only http(s) is followed,
 * so a bad address can never run script.
 */
export type GameTarget = { kind: 'route'; to: string } | { kind: 'page'; href: string };

export function gameTarget(url: string): GameTarget | null {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.origin === window.location.origin) {
    return { kind: 'route', to: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  }
  return { kind: 'page', href: parsed.href };
}

/** Its own function so tests can watch it. */
export function openGamePage(href: string): void {
  window.location.assign(href);
}
