import { useMutation, useQueryClient } from '@tanstack/react-query';
import { missionClaimSchema, type MissionClaim } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { missionKeys } from '../lib/query-keys';
import { missionsPath } from './get-missions';

export interface ClaimVariables {
  missionId: string;
  /** One per intent to claim, the same on a retry (the server answers the same claim). */
  requestId: string;
}

export function claimMission({ missionId, requestId }: ClaimVariables): Promise<MissionClaim> {
  return apiPost(`${missionsPath}/${encodeURIComponent(missionId)}/claim`, {
    body: { requestId },
    schema: import.meta.env.DEV && missionClaimSchema,
  });
}

/**
 * Claims a finished mission's reward. Afterwards the missions' states, the badge and the bonus
 * balance are stale, whatever the answer was (a refusal may mean the state moved on).
 */
export function useClaimMission() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: claimMission,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: missionKeys.forSession(token) }),
        queryClient.invalidateQueries({ queryKey: walletBalanceKey }),
      ]);
    },
  });
}
