import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { applyFavourite, refreshFavourites, restoreFavourites } from '../lib/favourite-cache';
import { usePlayer } from '../lib/player';
import type { GameCard } from '../lib/types';

export const removeFavouritePath = '/wps/relay/MCSFE_removeFavoriteGame';

export function removeFavourite(card: GameCard): Promise<unknown> {
  return apiDelete(removeFavouritePath, { query: { nodeId: card.nodeId } });
}

/** Optimistic: the heart empties at once and fills again if the server refuses. */
export function useRemoveFavourite() {
  const queryClient = useQueryClient();
  const { token } = usePlayer();
  return useMutation({
    mutationFn: removeFavourite,
    onMutate: (card) => applyFavourite(queryClient, token, card, false),
    onError: (_error, _card, snapshot) => restoreFavourites(queryClient, token, snapshot),
    onSettled: () => refreshFavourites(queryClient, token),
  });
}
