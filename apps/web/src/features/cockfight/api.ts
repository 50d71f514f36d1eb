import {
  arenaStateSchema,
  cockfightLobbySchema,
  fightBetAnswerSchema,
  myFightBetsSchema,
  type ArenaState,
  type CockfightLobby,
  type FightBetAnswer,
  type MyFightBets,
} from '@taya/contracts';
import { apiGet, apiPost } from '../../lib/api-client';

/** The arenas' API (see the server's modules/cockfight README). */
export const cockfightApi = {
  lobby: '/cockfight-arenas',
  arena: (code: string) => `/cockfight-arenas/${encodeURIComponent(code)}`,
  bets: (code: string) => `/cockfight-arenas/${encodeURIComponent(code)}/bets`,
  mine: '/cockfight-arenas/mine',
  socket: '/ws/cockfight',
} as const;

export const getCockfightLobby = (signal?: AbortSignal) =>
  apiGet(cockfightApi.lobby, {
    schema: import.meta.env.DEV && cockfightLobbySchema,
    signal,
  }) as Promise<CockfightLobby>;

export const getArena = (code: string, signal?: AbortSignal) =>
  apiGet(cockfightApi.arena(code), {
    schema: import.meta.env.DEV && arenaStateSchema,
    signal,
  }) as Promise<ArenaState>;

export const getMyFightBets = (arena: string, signal?: AbortSignal) =>
  apiGet(`${cockfightApi.mine}?arena=${encodeURIComponent(arena)}`, {
    schema: import.meta.env.DEV && myFightBetsSchema,
    signal,
  }) as Promise<MyFightBets>;

export function placeFightBet(input: {
  arena: string;
  fight: number;
  side: 'meron' | 'wala' | 'draw';
  amount: string;
  requestId: string;
}): Promise<FightBetAnswer> {
  return apiPost(cockfightApi.bets(input.arena), {
    body: {
      requestId: input.requestId,
      fight: input.fight,
      side: input.side,
      amount: input.amount,
    },
    idempotencyKey: input.requestId,
    schema: import.meta.env.DEV && fightBetAnswerSchema,
  }) as Promise<FightBetAnswer>;
}
