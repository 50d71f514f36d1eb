import type { z } from 'zod';
import {
  gameMaintenanceSchema,
  opsGamePageSchema,
  opsGameSchema,
  opsGameVendorListSchema,
  opsJackpotPoolListSchema,
  opsJackpotPoolSchema,
  opsRoundResettleResultSchema,
  type OpsGame,
  type OpsGamePage,
  type OpsGamePatch,
  type OpsJackpotPoolPatch,
} from '@taya/contracts';
import { get, post, request } from '../../lib/api-client';

export interface GameFilters {
  vendor: string;
  gameType: string;
  enabled: string;
  search: string;
  [key: string]: string;
}

export type GameVendors = z.infer<typeof opsGameVendorListSchema>;
export type JackpotPool = z.infer<typeof opsJackpotPoolSchema>;

export const fetchGameVendors = (signal?: AbortSignal) =>
  get<GameVendors>('/ops/games/vendors', {
    schema: import.meta.env.DEV && opsGameVendorListSchema,
    signal,
  });

export const fetchGames = (
  filters: Partial<GameFilters>,
  page: number,
  size: number,
  signal?: AbortSignal,
) =>
  get<OpsGamePage>('/ops/games', {
    query: { ...filters, page, size },
    schema: import.meta.env.DEV && opsGamePageSchema,
    signal,
  });

/** Every game of a filter, for the CSV export (the list pages by `hasMore`). */
export async function fetchAllGames(filters: Partial<GameFilters>, maxRows = 20_000) {
  const rows: OpsGame[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchGames(filters, page, 200);
    rows.push(...result.list);
    if (!result.hasMore || rows.length >= maxRows) return rows.slice(0, maxRows);
  }
}

export const patchGame = (id: string, body: OpsGamePatch) =>
  request<OpsGame>('PATCH', `/ops/games/${encodeURIComponent(id)}`, {
    body,
    schema: import.meta.env.DEV && opsGameSchema,
  });

/** A vendor's maintenance on or off for the merchant: its games stay listed but cannot launch. */
export const setVendorMaintenance = (body: {
  merchantCode: string;
  vendor: string;
  maintenance: boolean;
  reason: string;
}) =>
  request<{ done: true }>('PUT', '/ops/games/maintenance', {
    body,
    schema: import.meta.env.DEV && gameMaintenanceSchema,
  });

export const fetchJackpotPools = (signal?: AbortSignal) =>
  get<z.infer<typeof opsJackpotPoolListSchema>>('/ops/jackpot/pools', {
    schema: import.meta.env.DEV && opsJackpotPoolListSchema,
    signal,
  });

export const patchJackpotPool = (id: string, body: OpsJackpotPoolPatch) =>
  request<JackpotPool>('PATCH', `/ops/jackpot/pools/${encodeURIComponent(id)}`, {
    body,
    schema: import.meta.env.DEV && opsJackpotPoolSchema,
  });

/** Corrected payouts (decimal amounts) of a settled round's bets. */
export const resettleRound = (
  id: string,
  body: { reason: string; results: { betId: string; payout: string }[] },
) =>
  post<{ resettled: number }>(`/ops/rounds/${encodeURIComponent(id)}/resettle`, body, {
    schema: import.meta.env.DEV && opsRoundResettleResultSchema,
  });
