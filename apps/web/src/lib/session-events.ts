import { useEffect } from 'react';
import { watchSession } from '@taya/contracts';
import { clearSession, getToken, useSessionToken } from './session';

export { parseEvents, watchSession, type WatchOptions } from '@taya/contracts';

/**
 * While a session lasts, listens for its end: an operator disabling the player logs the open
 * page out at once instead of on its next call.
 */
export function useSessionEvents(): void {
  const token = useSessionToken();
  useEffect(() => {
    if (!token || typeof TextDecoderStream === 'undefined') return;
    return watchSession(token, {
      onEnded: () => {
        if (getToken() === token) clearSession();
      },
    });
  }, [token]);
}
