import { opsMissionListSchema, type MissionUpsert } from '@taya/contracts';
import type { z } from 'zod';
import { get, post } from '../../lib/api-client';

export type OpsMission = z.infer<typeof opsMissionListSchema>['list'][number];

export const fetchMissions = (merchantCode: string, signal?: AbortSignal) =>
  get<{ list: OpsMission[] }>('/ops/missions', {
    query: { merchantCode },
    schema: import.meta.env.DEV && opsMissionListSchema,
    signal,
  });

export const saveMission = (body: MissionUpsert) =>
  post<{ id: string; created: boolean }>('/ops/missions', body);
