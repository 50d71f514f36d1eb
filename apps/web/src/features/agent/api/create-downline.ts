import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { createdDownlineParser, type CreatedDownline } from '../lib/parsers';
import { agentKeys } from '../lib/query-keys';

export const downlinesPath = '/wps/agent/downlines';

/** 0: a member, 1: an agent. */
export type DownlineType = 0 | 1;

export interface CreateDownlineBody {
  username: string;
  password: string;
  type: DownlineType;
  nickname?: string;
}

/** registerCenter: opens an account directly under the agent. */
export function createDownline(body: CreateDownlineBody): Promise<CreatedDownline> {
  return apiPost(downlinesPath, { body, schema: createdDownlineParser });
}

export function useCreateDownline() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: createDownline,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.subordinates(token) });
      void queryClient.invalidateQueries({ queryKey: agentKeys.overview(token) });
    },
  });
}
