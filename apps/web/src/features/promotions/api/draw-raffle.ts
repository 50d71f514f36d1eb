import { useMutation } from '@tanstack/react-query';
import { raffleClaimSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import type { RaffleDraw } from '../lib/types';
import { useRefreshAfterClaim } from './refresh';

export const drawRafflePath = '/wps/relay/MCS2_claimRafflePromotion';

export interface DrawVariables {
  promotionId: string;
  /** One per draw the member asks for, the same on a retry (the server answers the same draw). */
  requestId: string;
}

/** SPEC §7 `MCS2_claimRafflePromotion`: one draw of a lucky draw. */
export function drawRaffle(body: DrawVariables): Promise<RaffleDraw> {
  return apiPost(drawRafflePath, { body, schema: import.meta.env.DEV && raffleClaimSchema });
}

export function useDrawRaffle() {
  const refresh = useRefreshAfterClaim();
  return useMutation({ mutationFn: drawRaffle, onSettled: refresh });
}
