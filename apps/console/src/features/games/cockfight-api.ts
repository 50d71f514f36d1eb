import {
  arenaSchema,
  opsArenaListSchema,
  opsFightSchema,
  type Arena,
  type OpsArenaBody,
  type OpsArenaList,
  type OpsFight,
} from '@taya/contracts';
import { get, request } from '../../lib/api-client';

export type ArenaRow = OpsArenaList['arenas'][number];

const base = (arena: string) => `/ops/cockfight/arenas/${encodeURIComponent(arena)}`;

export const fetchArenas = (signal?: AbortSignal) =>
  get<OpsArenaList>('/ops/cockfight/arenas', {
    schema: import.meta.env.DEV && opsArenaListSchema,
    signal,
  });

export const patchArena = (arena: string, body: OpsArenaBody) =>
  request<Arena>('PATCH', base(arena), { body, schema: import.meta.env.DEV && arenaSchema });

export const createFight = (arena: string, meron: string, wala: string) =>
  request<OpsFight>('POST', `${base(arena)}/fights`, {
    body: { meron, wala },
    schema: import.meta.env.DEV && opsFightSchema,
  });

export const moveFight = (arena: string, fight: number, to: 'open' | 'last-call' | 'closed') =>
  request<OpsFight>('POST', `${base(arena)}/fights/${fight}/move`, {
    body: { to },
    schema: import.meta.env.DEV && opsFightSchema,
  });

export const declareFight = (
  arena: string,
  fight: number,
  result: 'meron' | 'wala' | 'draw' | 'cancelled',
  reason: string,
) =>
  request<OpsFight>('POST', `${base(arena)}/fights/${fight}/result`, {
    body: { result, reason },
    schema: import.meta.env.DEV && opsFightSchema,
  });
