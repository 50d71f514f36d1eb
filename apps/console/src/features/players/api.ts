import {
  opsAdjustmentValue,
  opsBetPage,
  opsBonusGrantValue,
  opsBonusPage,
  opsCashierPage,
  opsChangePage,
  opsLedgerPage,
  opsLoginPage,
  opsPlayerNote,
  opsPlayerNotePage,
  opsPlayerPage,
  opsPlayerStatusValue,
  opsPlayerSummary,
  opsPlayerTagsValue,
  opsPromotionExclusionValue,
  opsResetLinkValue,
  opsUnlockValue,
  type OpsAdjustmentBody,
  type OpsAdjustmentValue,
  type OpsBonusGrantBody,
  type OpsPlayerNote,
  type OpsPlayerPage,
  type OpsPlayerStatusValue,
  type OpsPlayerSummary,
} from '@taya/contracts';
import type { z } from 'zod';
import { get, post, request } from '../../lib/api-client';

export interface PlayerFilters {
  q: string;
  status: string;
  [key: string]: string;
}

/** The table's `field` / `-field` sort as the search's `sort` and `order`. */
export function sortQuery(sort: string): { sort?: string; order?: 'asc' | 'desc' } {
  if (!sort) return {};
  return { sort: sort.replace(/^-/, ''), order: sort.startsWith('-') ? 'desc' : 'asc' };
}

export const searchPlayers = (
  filters: Partial<PlayerFilters>,
  sort: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) =>
  get<OpsPlayerPage>('/ops/players', {
    query: { ...filters, ...sortQuery(sort), page, pageSize },
    schema: import.meta.env.DEV && opsPlayerPage,
    signal,
  });

export const fetchPlayer = (id: string, signal?: AbortSignal) =>
  get<OpsPlayerSummary>(`/ops/players/${encodeURIComponent(id)}`, {
    schema: import.meta.env.DEV && opsPlayerSummary,
    signal,
  });

/** The player's paged lists, by tab. */
export const playerLists = {
  ledger: opsLedgerPage,
  bets: opsBetPage,
  cashier: opsCashierPage,
  bonuses: opsBonusPage,
  logins: opsLoginPage,
  notes: opsPlayerNotePage,
  changes: opsChangePage,
} as const;
export type PlayerListName = keyof typeof playerLists;
export type PlayerListRow<N extends PlayerListName> = z.infer<
  (typeof playerLists)[N]
>['rows'][number];

export const fetchPlayerList = <N extends PlayerListName>(
  id: string,
  name: N,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) =>
  get<z.infer<(typeof playerLists)[N]>>(`/ops/players/${encodeURIComponent(id)}/${name}`, {
    query: { page, pageSize },
    schema: import.meta.env.DEV && (playerLists[name] as never),
    signal,
  });

const base = (id: string) => `/ops/players/${encodeURIComponent(id)}`;

export const setPlayerStatus = (id: string, verb: 'disable' | 'enable', reason: string) =>
  post<OpsPlayerStatusValue>(
    `${base(id)}/${verb}`,
    { reason },
    {
      schema: import.meta.env.DEV && opsPlayerStatusValue,
    },
  );

export const unlockPlayer = (id: string, reason: string) =>
  post<{ cleared: number }>(
    `${base(id)}/unlock`,
    { reason },
    {
      schema: import.meta.env.DEV && opsUnlockValue,
    },
  );

export const sendResetLink = (id: string, reason: string) =>
  post<{ channel: 'email'; destination: string }>(
    `${base(id)}/reset-password-link`,
    { reason },
    {
      schema: import.meta.env.DEV && opsResetLinkValue,
    },
  );

export const setPlayerTags = (id: string, tags: string[]) =>
  request<{ tags: string[] }>('PUT', `${base(id)}/tags`, {
    body: { tags },
    schema: import.meta.env.DEV && opsPlayerTagsValue,
  });

export const setPromotionExclusion = (id: string, verb: 'exclude' | 'include', reason: string) =>
  post<{ excluded: boolean }>(
    `${base(id)}/promotions/${verb}`,
    { reason },
    {
      schema: import.meta.env.DEV && opsPromotionExclusionValue,
    },
  );

export const addNote = (id: string, body: string) =>
  post<OpsPlayerNote>(
    `${base(id)}/notes`,
    { body },
    {
      schema: import.meta.env.DEV && opsPlayerNote,
    },
  );

export const adjustPlayer = (id: string, body: OpsAdjustmentBody) =>
  post<OpsAdjustmentValue>(`${base(id)}/adjustments`, body, {
    schema: import.meta.env.DEV && opsAdjustmentValue,
  });

export const grantBonus = (id: string, body: OpsBonusGrantBody) =>
  post<z.infer<typeof opsBonusGrantValue>>(`${base(id)}/bonuses`, body, {
    schema: import.meta.env.DEV && opsBonusGrantValue,
  });

export const fetchRound = (id: string, signal?: AbortSignal) =>
  get<unknown>(`/ops/rounds/${encodeURIComponent(id)}`, { signal });

/** A fresh idempotency key for one write (the same key again moves nothing). */
export const newRequestId = () => crypto.randomUUID();
