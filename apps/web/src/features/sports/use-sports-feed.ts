import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Fixture, SportCode, SportsEvent, SportsLobby } from '@taya/contracts';
import { sportsKeys, type SportsFamily } from './api';
import { patchLobby } from './lib/feed';
import { slipFixture } from './lib/store';
import { useSportsSocket } from './use-sports-socket';

/**
 * The feed applied to what the pages show: each fixture that changed replaces its entry in the
 * cached lobbies (main markets) and its match page (every market), and moves the slip's prices; a
 * fixture moving to another list has its lobby fetched again. Answers whether the feed is up.
 */
export function useSportsFeed(): boolean {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: SportsEvent) => {
      if (event.type !== 'fixture') return;
      const fixture = event.fixture;
      queryClient.setQueryData<Fixture>(sportsKeys.fixture(fixture.id), (old) =>
        old ? fixture : old,
      );
      for (const [key, lobby] of queryClient.getQueriesData<SportsLobby>({
        queryKey: sportsKeys.lobbies,
      })) {
        if (!lobby) continue;
        const [, , family, sport, league] = key as readonly string[];
        const filter = {
          family: family as SportsFamily,
          sport: (sport || undefined) as SportCode | undefined,
          league: league || undefined,
        };
        const patched = patchLobby(lobby, filter, fixture);
        if (patched.lobby !== lobby) queryClient.setQueryData(key, patched.lobby);
        if (patched.moved) void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
      slipFixture(fixture);
    },
    [queryClient],
  );
  return useSportsSocket(onEvent);
}
