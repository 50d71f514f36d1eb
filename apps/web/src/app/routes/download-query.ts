import type { QueryClient } from '@tanstack/react-query';
import { isLanguageCode } from '@taya/contracts';
import { memberInfoQueryOptions } from '../../lib/member-info';
import { changeLanguage, currentLanguage } from '../../lib/i18n';
import { getCustomerType, getToken, startSession, storageKeys } from '../../lib/session';
import { writeStored } from '../../lib/storage';

/** The query parameters the app download link carries (SPEC §2). */
export const downloadQuery = { language: 'language', token: 'token' } as const;

/** Takes the token out of the address bar (and so out of history and shared links). */
function forgetQueryToken(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(downloadQuery.token)) return;
  url.searchParams.delete(downloadQuery.token);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Signs the visitor in with a token from the address (the QR code of a logged-in player): the
 * server is asked whose it is first, so a session starts only for a token it still honours, and
 * with the account's real type. A refused token leaves any earlier session as it was.
 */
export async function adoptQueryToken(token: string, queryClient: QueryClient): Promise<boolean> {
  const previous = { token: getToken(), type: getCustomerType() };
  if (previous.token === token) return true;
  // The API client sends whatever token the session holds; hold this one just for the question.
  writeStored('session', storageKeys.token, token);
  try {
    const info = await queryClient.fetchQuery(memberInfoQueryOptions(token));
    startSession(token, info.type);
    return true;
  } catch {
    if (previous.token !== null && previous.type !== null) {
      startSession(previous.token, previous.type);
    } else {
      writeStored('session', storageKeys.token, null);
    }
    return false;
  }
}

/** Applies the download link's language and token, once, when a guide page opens. */
export async function applyDownloadQuery(search: string, queryClient: QueryClient): Promise<void> {
  const query = new URLSearchParams(search);
  const language = query.get(downloadQuery.language)?.toUpperCase() ?? null;
  const token = query.get(downloadQuery.token);
  if (token) forgetQueryToken();
  if (isLanguageCode(language) && language !== currentLanguage()) {
    await changeLanguage(language).catch(() => undefined);
  }
  if (token) await adoptQueryToken(token, queryClient);
}
