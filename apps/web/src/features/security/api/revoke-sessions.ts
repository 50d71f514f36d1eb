import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { doneParser } from '../../../lib/parsers';
import { revokedParser } from '../lib/parsers';
import { securityKeys } from '../lib/query-keys';

export const sessionsPath = '/wps/member/sessions';

/** Ends one other log-in of this account. */
export function revokeSession(id: string): Promise<{ done: true }> {
  return apiDelete(`${sessionsPath}/${encodeURIComponent(id)}`, { schema: doneParser });
}

/** Ends every log-in of this account but this one. */
export function revokeOtherSessions(): Promise<{ revoked: number }> {
  return apiDelete(sessionsPath, { schema: revokedParser });
}

function useRefreshLogins() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return () => {
    void queryClient.invalidateQueries({ queryKey: securityKeys.logins(token) });
    void queryClient.invalidateQueries({ queryKey: securityKeys.changes(token) });
  };
}

export function useRevokeSession() {
  const refresh = useRefreshLogins();
  return useMutation({ mutationFn: revokeSession, onSettled: refresh });
}

export function useRevokeOtherSessions() {
  const refresh = useRefreshLogins();
  return useMutation({ mutationFn: revokeOtherSessions, onSettled: refresh });
}
