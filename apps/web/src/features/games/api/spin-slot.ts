import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slotSpinSchema } from '@taya/contracts';
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
}

export function spinSlot(body: SpinBody): Promise<SlotSpin> {
  if (body.playerId === demoPlayerId) {
    const { playerId: _demo, ...demo } = body;
    return slotPost(demoSpinPath, demo, slotSpinSchema);
  }
  return slotPost(slotSpinPath, body, slotSpinSchema);
}

/** Every spin moves money, so the header's balance is asked again afterwards. */
export function useSpinSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: spinSlot,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: walletBalanceKey }),
  });
}
