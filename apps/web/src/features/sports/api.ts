import {
  fixtureSchema,
  myTicketsSchema,
  sportsLobbySchema,
  ticketAnswerSchema,
  type Fixture,
  type MyTickets,
  type OddsAccept,
  type SportCode,
  type SportsLobby,
  type TicketAnswer,
} from '@taya/contracts';
import { apiGet, apiPost } from '../../lib/api-client';

export type SportsFamily = 'sports' | 'esports';

/** The sportsbook's API (see the server's modules/sportsbook README). */
export const sportsApi = {
  lobby: '/sportsbook',
  fixture: (id: string) => `/sportsbook/fixtures/${encodeURIComponent(id)}`,
  tickets: '/sportsbook/tickets',
  socket: '/ws/sportsbook',
} as const;

export interface LobbyFilter {
  family: SportsFamily;
  sport?: SportCode | undefined;
  league?: string | undefined;
}

/** TanStack Query keys: the feed patches the lobby and match entries in place. */
export const sportsKeys = {
  all: ['sports'] as const,
  lobbies: ['sports', 'lobby'] as const,
  lobby: (f: LobbyFilter) => ['sports', 'lobby', f.family, f.sport ?? '', f.league ?? ''] as const,
  fixture: (id: string) => ['sports', 'fixture', id] as const,
  allTickets: ['sports', 'tickets'] as const,
  tickets: (token: string | null, status: 'open' | 'settled') =>
    ['sports', 'tickets', token, status] as const,
};

export const getSportsLobby = (f: LobbyFilter, signal?: AbortSignal) =>
  apiGet(sportsApi.lobby, {
    query: { family: f.family, sport: f.sport, league: f.league },
    schema: import.meta.env.DEV && sportsLobbySchema,
    signal,
  }) as Promise<SportsLobby>;

export const getFixture = (id: string, signal?: AbortSignal) =>
  apiGet(sportsApi.fixture(id), {
    schema: import.meta.env.DEV && fixtureSchema,
    signal,
  }) as Promise<Fixture>;

export const getMyTickets = (status: 'open' | 'settled', signal?: AbortSignal) =>
  apiGet(sportsApi.tickets, {
    query: { status },
    schema: import.meta.env.DEV && myTicketsSchema,
    signal,
  }) as Promise<MyTickets>;

export function placeTicket(input: {
  requestId: string;
  legs: { market: string; selection: string; odds: number }[];
  stake: string;
  accept: OddsAccept;
}): Promise<TicketAnswer> {
  return apiPost(sportsApi.tickets, {
    body: {
      requestId: input.requestId,
      legs: input.legs,
      stake: input.stake,
      accept: input.accept,
    },
    idempotencyKey: input.requestId,
    schema: import.meta.env.DEV && ticketAnswerSchema,
  }) as Promise<TicketAnswer>;
}
