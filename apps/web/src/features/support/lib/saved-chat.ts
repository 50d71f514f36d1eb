import { readStored, writeStored } from '../../../lib/storage';
import type { ChatAccess } from '../api/chat-api';

const storageKey = 'taya.chat';

/**
 * Who a saved chat belongs to: a visitor, or the logged-in session (by the end of its token), so
 * that logging in or out does not carry a chat over to someone else.
 */
function ownerOf(token: string | null): string {
  return token ? `member:${token.slice(-10)}` : 'visitor';
}

/** The chat this tab last opened, so that reopening the chat continues it. */
export function savedChat(token: string | null): ChatAccess | null {
  const raw = readStored('session', storageKey);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ChatAccess> & { owner?: string };
    if (
      typeof value.session === 'string' &&
      typeof value.key === 'string' &&
      value.owner === ownerOf(token)
    ) {
      return { session: value.session, key: value.key };
    }
  } catch {
    // An unreadable entry is as good as none.
  }
  return null;
}

export function saveChat(access: ChatAccess, token: string | null): void {
  writeStored(
    'session',
    storageKey,
    JSON.stringify({ session: access.session, key: access.key, owner: ownerOf(token) }),
  );
}

export function forgetChat(): void {
  writeStored('session', storageKey, null);
}
