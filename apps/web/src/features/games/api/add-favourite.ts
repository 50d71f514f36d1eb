import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { applyFavourite, refreshFavourites, restoreFavourites } from '../lib/favourite-cache';
import { usePlayer } from '../lib/player';
import type { GameCard } from '../lib/types';

export const addFavouritePath = '/wps/relay/MCSFE_addFavoriteGame';

export function addFavourite(card: GameCard): Promise<unknown> {
  return apiPost(addFavouritePath, {
    body: { nodeId: card.nodeId, vendor: card.vassalage, gameType: card.gameType },
  });
}

/** Optimistic: the heart fills at once and empties again if the server refuses. */
export function useAddFavourite() {
  const queryClient = useQueryClient();
  const { token } = usePlayer();
  return useMutation({
    mutationFn: addFavourite,
    onMutate: (card) => applyFavourite(queryClient, token, card, true),
    onError: (_error, _card, snapshot) => restoreFavourites(queryClient, token, snapshot),
    onSettled: () => refreshFavourites(queryClient, token),
  });
}
