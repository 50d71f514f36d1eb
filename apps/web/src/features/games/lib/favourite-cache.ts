import type { QueryClient } from '@tanstack/react-query';
import { gameKeys } from './query-keys';
import type { GameCard } from './types';

/** What the caches held before an optimistic change, to put back if the server refuses it. */
export interface FavouriteSnapshot {
  ids: string[] | undefined;
  lists: [readonly unknown[], GameCard[] | undefined][];
}

/**
 * SPEC §4: the heart changes at once, then the call goes out. Updates the id list (the hearts)
 * and every cached favourites list (the Favorites section and /favorite).
 */
export async function applyFavourite(
  queryClient: QueryClient,
  token: string | null,
  card: GameCard,
  favourite: boolean,
): Promise<FavouriteSnapshot> {
  const idsKey = gameKeys.favouriteIds(token);
  const listsKey = gameKeys.favourites(token);
  // An answer already on its way must not overwrite the change.
  await Promise.all([
    queryClient.cancelQueries({ queryKey: idsKey }),
    queryClient.cancelQueries({ queryKey: listsKey }),
  ]);
  const snapshot: FavouriteSnapshot = {
    ids: queryClient.getQueryData<string[]>(idsKey),
    lists: queryClient.getQueriesData<GameCard[]>({ queryKey: listsKey }),
  };
  queryClient.setQueryData<string[]>(idsKey, (ids = []) => {
    const rest = ids.filter((id) => id !== card.nodeId);
    return favourite ? [card.nodeId, ...rest] : rest;
  });
  for (const [key, list] of snapshot.lists) {
    if (!list) continue;
    const rest = list.filter((game) => game.nodeId !== card.nodeId);
    queryClient.setQueryData<GameCard[]>(key, favourite ? [card, ...rest] : rest);
  }
  return snapshot;
}

export function restoreFavourites(
  queryClient: QueryClient,
  token: string | null,
  snapshot: FavouriteSnapshot | undefined,
): void {
  if (!snapshot) return;
  queryClient.setQueryData(gameKeys.favouriteIds(token), snapshot.ids);
  for (const [key, list] of snapshot.lists) queryClient.setQueryData(key, list);
}

/** After the call, whatever its outcome, the server's lists are the truth. */
export function refreshFavourites(queryClient: QueryClient, token: string | null): void {
  void queryClient.invalidateQueries({ queryKey: gameKeys.favouriteIds(token) });
  void queryClient.invalidateQueries({ queryKey: gameKeys.favourites(token) });
}
