/**
 * The operator's bearer token, kept for this tab only (sessionStorage): closing the tab ends the
 * console's hold on it, and another tab logs in on its own. Listeners hear every change, so the
 * operator context and the API client agree on who is logged in.
 */
const tokenKey = 'taya.console.token';
const noticeKey = 'taya.console.notice';

/** Why the log-in page is shown again: the operator logged out, or the server ended the session. */
export type SessionNotice = 'session_ended' | 'logged_out';

type Listener = () => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  try {
    return sessionStorage.getItem(tokenKey);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  sessionStorage.setItem(tokenKey, token);
  sessionStorage.removeItem(noticeKey);
  for (const listener of listeners) listener();
}

/** Forgets the token; with a notice, the log-in page says why. */
export function clearToken(notice?: SessionNotice): void {
  const had = getToken() !== null;
  sessionStorage.removeItem(tokenKey);
  if (notice) sessionStorage.setItem(noticeKey, notice);
  if (had) for (const listener of listeners) listener();
}

/** The reason the last session ended, read once. */
export function takeNotice(): SessionNotice | null {
  const notice = sessionStorage.getItem(noticeKey);
  sessionStorage.removeItem(noticeKey);
  return notice === 'session_ended' || notice === 'logged_out' ? notice : null;
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
