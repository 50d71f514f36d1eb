import { opsVipLevelListSchema, type OpsVipLevel, type OpsVipLevelBody } from '@taya/contracts';
import { get, request } from '../../lib/api-client';

export type { OpsVipLevel };

export const fetchVipLevels = (merchantCode: string, signal?: AbortSignal) =>
  get<{ currency: string; list: OpsVipLevel[] }>('/ops/vip/levels', {
    query: { merchantCode },
    schema: import.meta.env.DEV && opsVipLevelListSchema,
    signal,
  });

export const saveVipLevel = (rankLevel: number, body: OpsVipLevelBody) =>
  request<OpsVipLevel>('PUT', `/ops/vip/levels/${rankLevel}`, { body });
