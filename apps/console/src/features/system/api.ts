import { z } from 'zod';
import {
  opsMaintenanceStateSchema,
  opsModuleRowSchema,
  regionRestrictionSchema,
  type AddRegionRestrictionBody,
  type OpsMaintenanceState,
  type OpsModuleRow,
  type RegionRestriction,
  type SetMaintenanceBody,
} from '@taya/contracts';
import { get, post, request } from '../../lib/api-client';

const done = z.object({ done: z.literal(true) });

export const fetchMaintenance = (merchantCode: string, signal?: AbortSignal) =>
  get<OpsMaintenanceState>('/ops/system/maintenance', {
    query: { merchantCode },
    schema: import.meta.env.DEV && opsMaintenanceStateSchema,
    signal,
  });

export const setMaintenance = (body: SetMaintenanceBody) =>
  request<{ done: true }>('PUT', '/ops/system/maintenance', {
    body,
    schema: import.meta.env.DEV && done,
  });

export const fetchModules = (merchantCode: string, signal?: AbortSignal) =>
  get<OpsModuleRow[]>('/ops/system/modules', {
    query: { merchantCode },
    schema: import.meta.env.DEV && z.array(opsModuleRowSchema),
    signal,
  });

export const setModule = (
  modId: string,
  body: { merchantCode: string; enabled: boolean; reason: string },
) =>
  request<{ done: true }>('PUT', `/ops/system/modules/${encodeURIComponent(modId)}`, {
    body,
    schema: import.meta.env.DEV && done,
  });

export const fetchRestrictions = (merchantCode: string, signal?: AbortSignal) =>
  get<RegionRestriction[]>('/ops/system/region-restrictions', {
    query: { merchantCode },
    schema: import.meta.env.DEV && z.array(regionRestrictionSchema),
    signal,
  });

export const addRestriction = (body: AddRegionRestrictionBody) =>
  post<RegionRestriction>('/ops/system/region-restrictions', body, {
    schema: import.meta.env.DEV && regionRestrictionSchema,
  });

export const removeRestriction = (id: string, reason: string) =>
  request<{ done: true }>('DELETE', `/ops/system/region-restrictions/${encodeURIComponent(id)}`, {
    body: { reason },
    schema: import.meta.env.DEV && done,
  });

/** The modules in tree order, each with its depth (a parent before its children). */
export function moduleTree(rows: OpsModuleRow[]): (OpsModuleRow & { depth: number })[] {
  const out: (OpsModuleRow & { depth: number })[] = [];
  const known = new Set(rows.map((r) => r.modId));
  const visit = (parent: string | null, depth: number) => {
    for (const row of rows.filter((r) =>
      parent === null
        ? r.parentModId === null || !known.has(r.parentModId)
        : r.parentModId === parent,
    )) {
      out.push({ ...row, depth });
      visit(row.modId, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}
