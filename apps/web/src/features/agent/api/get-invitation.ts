import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { agentKeys } from '../lib/query-keys';
import type { Invitation } from '../lib/types';

export const invitationPath = '/wps/agent/invitation';

export function getInvitation(signal?: AbortSignal): Promise<Invitation> {
  return apiGet(invitationPath, {
    schema: import.meta.env.DEV && invitationSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The agent's invitation code: links and QR codes with it register players under the agent. */
export function useInvitation() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: agentKeys.invitation(token),
      queryFn: ({ signal }) => getInvitation(signal),
      enabled: token !== null,
      staleTime: 10 * 60_000,
    }),
  );
}
