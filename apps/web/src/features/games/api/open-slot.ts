import { useMutation } from '@tanstack/react-query';
import { slotOpenSchema } from '@taya/contracts';
import type { SlotOpen } from '../lib/types';
import { slotPost } from './slot-client';

export const slotOpenPath = '/taya-games/slot/open';
export const demoOpenPath = '/taya-games/slot/demo/open';

/** A real game (the one-time launch token) or free play of a game (play money). */
export type SlotTicket = { token: string } | { demoGame: string };

/**
 * Trades the one-time launch token for a game session, the balance and the game's rules; or
 * opens free play with the vendor's play money.
 */
export function openSlot(ticket: SlotTicket): Promise<SlotOpen> {
  return 'token' in ticket
    ? slotPost(slotOpenPath, { token: ticket.token }, slotOpenSchema)
    : slotPost(demoOpenPath, { gameCode: ticket.demoGame }, slotOpenSchema);
}

export function useOpenSlot() {
  return useMutation({ mutationFn: openSlot });
}
