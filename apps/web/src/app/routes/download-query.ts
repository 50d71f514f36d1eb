import { isLanguageCode } from '@taya/contracts';
import { changeLanguage, currentLanguage } from '../../lib/i18n';
import { startSession } from '../../lib/session';
import { exchangeTicket, ticketQueryParam } from '../../lib/sign-in-ticket';

/**
 * The query parameters the app download link carries (SPEC §2): the language and, from a
 * signed-in player's code, a one-time sign-in ticket. A session token in the address (`token`,
 * as older links had) is never adopted: anyone could send a link that signs a visitor into an
 * account of the sender's choosing.
 */
export const downloadQuery = { language: 'language', ticket: ticketQueryParam } as const;

/** Takes the ticket (and any token) out of the address bar, and so out of history and shares. */
function forgetQuerySecrets(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(downloadQuery.ticket) && !url.searchParams.has('token')) return;
  url.searchParams.delete(downloadQuery.ticket);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Signs this device in with the ticket of the QR code: the server spends it (once, within
 * minutes) for a session of this device's own. A refused ticket leaves any session as it was.
 */
export async function adoptQueryTicket(ticket: string): Promise<boolean> {
  try {
    const value = await exchangeTicket(ticket);
    startSession(value.token, value.customerType);
    return true;
  } catch {
    return false;
  }
}

/** Applies the download link's language and ticket, once, when a guide page opens. */
export async function applyDownloadQuery(search: string): Promise<void> {
  const query = new URLSearchParams(search);
  const language = query.get(downloadQuery.language)?.toUpperCase() ?? null;
  const ticket = query.get(downloadQuery.ticket);
  forgetQuerySecrets();
  if (isLanguageCode(language) && language !== currentLanguage()) {
    await changeLanguage(language).catch(() => undefined);
  }
  if (ticket) await adoptQueryTicket(ticket);
}
