import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slotSpinSchema } from '@taya/contracts';
import { ApiError, clientErrorCodes } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import type { SlotSpin } from '../lib/types';
import { slotPost } from './slot-client';

export const slotSpinPath = '/taya-games/slot/spin';
export const demoSpinPath = '/taya-games/slot/demo/spin';

/** Free play's sessions say so: the vendor names the player "demo" and the money "DEMO". */
export const demoPlayerId = 'demo';

export interface SpinBody {
  session: string;
  playerId: string;
  gameCode: string;
  /** The total bet, one of the game's `betOptions`. */
  bet: string;
  /** The interface language, for names in the answer (a jackpot's). */
  language?: string;
  /** This press of Spin: a retry with the same id is answered with the same spin. */
  requestId?: string;
}

/** A new id for a press of Spin (random; `getRandomValues` works on plain http too). */
export function newSpinId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `spin-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A failure a retry may mend: no answer came, or the server behind the balancer was away. */
function retryable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.errorCode === clientErrorCodes.network || error.status === 502 || error.status === 503)
  );
}

export function spinSlot(body: SpinBody): Promise<SlotSpin> {
  if (body.playerId === demoPlayerId) {
    const { playerId: _demo, ...demo } = body;
    return slotPost(demoSpinPath, demo, slotSpinSchema);
  }
  return slotPost(slotSpinPath, body, slotSpinSchema);
}

/**
 * Every spin moves money, so the header's balance is asked again afterwards. A spin whose answer
 * was lost is asked again (twice at most) under the same `requestId`, which the server answers
 * with the spin it made, never a second one.
 */
export function useSpinSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: spinSlot,
    retry: (failures, error) => failures < 2 && retryable(error),
    retryDelay: 600,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: walletBalanceKey }),
  });
}
