import {
  liveBetAnswerSchema,
  liveLobbySchema,
  liveMyBetsSchema,
  liveShoeRecordSchema,
  liveTableStateSchema,
  type LiveBetAnswer,
  type LiveLobby,
  type LiveMyBets,
  type LiveShoeRecord,
  type LiveTableState,
} from '@taya/contracts';
import { apiGet, apiPost } from '../../lib/api-client';

/** The live tables' API (see the server's modules/live README). */
export const liveApi = {
  lobby: '/live-tables',
  table: (code: string) => `/live-tables/${encodeURIComponent(code)}`,
  bets: (code: string) => `/live-tables/${encodeURIComponent(code)}/bets`,
  shoe: (code: string, shoe: number) => `/live-tables/${encodeURIComponent(code)}/shoes/${shoe}`,
  mine: '/live-tables/mine',
  socket: '/ws/live',
} as const;

export const getLiveLobby = (signal?: AbortSignal) =>
  apiGet(liveApi.lobby, {
    schema: import.meta.env.DEV && liveLobbySchema,
    signal,
  }) as Promise<LiveLobby>;

export const getLiveTable = (code: string, signal?: AbortSignal) =>
  apiGet(liveApi.table(code), {
    schema: import.meta.env.DEV && liveTableStateSchema,
    signal,
  }) as Promise<LiveTableState>;

export const getLiveShoe = (code: string, shoe: number, signal?: AbortSignal) =>
  apiGet(liveApi.shoe(code, shoe), {
    schema: import.meta.env.DEV && liveShoeRecordSchema,
    signal,
  }) as Promise<LiveShoeRecord>;

export const getMyLiveBets = (table: string, signal?: AbortSignal) =>
  apiGet(`${liveApi.mine}?table=${encodeURIComponent(table)}`, {
    schema: import.meta.env.DEV && liveMyBetsSchema,
    signal,
  }) as Promise<LiveMyBets>;

export function placeLiveBet(input: {
  table: string;
  round: number;
  requestId: string;
  stakes: { spot: string; amount: string }[];
}): Promise<LiveBetAnswer> {
  return apiPost(liveApi.bets(input.table), {
    body: { requestId: input.requestId, round: input.round, stakes: input.stakes },
    idempotencyKey: input.requestId,
    schema: import.meta.env.DEV && liveBetAnswerSchema,
  }) as Promise<LiveBetAnswer>;
}
