import type { z } from 'zod';
import {
  opsGamingSwitchListSchema,
  opsGamingSwitchStateSchema,
  opsRoundDetailSchema,
  opsRoundPageSchema,
  opsRoundVoidResultSchema,
  type OpsRoundDetail,
  type OpsRoundPage,
} from '@taya/contracts';
import { get, post, request } from '../../lib/api-client';

export interface RoundFilters {
  playerId: string;
  gameCode: string;
  status: string;
  from: string;
  to: string;
  [key: string]: string;
}

export const fetchRounds = (
  filters: Partial<RoundFilters>,
  page: number,
  size: number,
  signal?: AbortSignal,
) =>
  get<OpsRoundPage>('/ops/rounds', {
    query: { ...filters, page, size },
    schema: import.meta.env.DEV && opsRoundPageSchema,
    signal,
  });

/** Every round of a filter, for the CSV export (the list pages by `hasMore`). */
export async function fetchAllRounds(filters: Partial<RoundFilters>, maxRows = 50_000) {
  const rows: OpsRoundPage['list'] = [];
  for (let page = 1; ; page++) {
    const result = await fetchRounds(filters, page, 200);
    rows.push(...result.list);
    if (!result.hasMore || rows.length >= maxRows) return rows.slice(0, maxRows);
  }
}

export const fetchRound = (id: string, signal?: AbortSignal) =>
  get<OpsRoundDetail>(`/ops/rounds/${encodeURIComponent(id)}`, {
    schema: import.meta.env.DEV && opsRoundDetailSchema,
    signal,
  });

export const voidRound = (id: string, reason: string) =>
  post<{ returned: number }>(
    `/ops/rounds/${encodeURIComponent(id)}/void`,
    { reason },
    { schema: import.meta.env.DEV && opsRoundVoidResultSchema },
  );

export type GamingSwitches = z.infer<typeof opsGamingSwitchListSchema>;

export const fetchGamingSwitches = (signal?: AbortSignal) =>
  get<GamingSwitches>('/ops/gaming/switches', {
    schema: import.meta.env.DEV && opsGamingSwitchListSchema,
    signal,
  });

/** Turns gaming on or off for the whole merchant (no `playerId`) or one player. */
export const setGamingSwitch = (body: { playerId?: string; enabled: boolean; reason: string }) =>
  request<z.infer<typeof opsGamingSwitchStateSchema>>('PUT', '/ops/gaming/switch', {
    body,
    schema: import.meta.env.DEV && opsGamingSwitchStateSchema,
  });
