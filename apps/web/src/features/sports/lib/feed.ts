import type { Fixture, SportsLobby } from '@taya/contracts';
import type { LobbyFilter } from '../api';
import { sportFamilyOf } from '@taya/contracts';

/** Which list of the lobby a fixture belongs on by its status. */
export function listOf(status: Fixture['status']): 'live' | 'upcoming' | 'results' | null {
  if (status === 'live') return 'live';
  if (status === 'scheduled' || status === 'postponed') return 'upcoming';
  if (status === 'finished') return 'results';
  return null;
}

/**
 * A fixture from the feed (every market) applied to a lobby (main markets only): replaced where
 * it stands, keeping the list's shape. Answers `moved: true` when its status takes it to another
 * list (or off the lobby), which the lobby then fetches again for its counts and order.
 */
export function patchLobby(
  lobby: SportsLobby,
  filter: LobbyFilter,
  fixture: Fixture,
): { lobby: SportsLobby; moved: boolean } {
  if (sportFamilyOf(fixture.sport) !== filter.family) return { lobby, moved: false };
  if (filter.sport && filter.sport !== fixture.sport) return { lobby, moved: false };
  if (filter.league && filter.league !== fixture.league.id) return { lobby, moved: false };
  const lists = ['live', 'upcoming', 'results'] as const;
  const where = lists.find((l) => lobby[l].some((f) => f.id === fixture.id));
  const target = listOf(fixture.status);
  if (!where) return { lobby, moved: target === 'live' };
  const slim: Fixture = { ...fixture, markets: fixture.markets.filter((m) => m.main) };
  const next = { ...lobby, [where]: lobby[where].map((f) => (f.id === fixture.id ? slim : f)) };
  return { lobby: next, moved: where !== target };
}
