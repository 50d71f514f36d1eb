/**
 * Sends the tab to a payment page (SPEC: online deposits pay on the provider's page in the same
 * tab, which redirects back to the member centre). Only http(s) addresses are followed, so a
 * bad `payUrl` can never run script. Its own module so tests can watch it.
 */
export function safePayUrl(payUrl: string): string | null {
  try {
    const url = new URL(payUrl, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function leavePageFor(url: string): void {
  window.location.assign(url);
}
