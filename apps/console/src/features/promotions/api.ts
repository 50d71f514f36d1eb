import type { opsApplicationSchema, PromotionUpsert } from '@taya/contracts';
import { opsApplicationListSchema, opsPromotionListSchema } from '@taya/contracts';
import type { z } from 'zod';
import { get, post } from '../../lib/api-client';
import { getToken } from '../../lib/session';

export type OpsPromotion = z.infer<typeof opsPromotionListSchema>['list'][number];
export type OpsApplication = z.infer<typeof opsApplicationSchema>;
export type ApplicationStatus = OpsApplication['status'];

export const fetchPromotions = (merchantCode: string, signal?: AbortSignal) =>
  get<{ list: OpsPromotion[] }>('/ops/promotions', {
    query: { merchantCode },
    schema: import.meta.env.DEV && opsPromotionListSchema,
    signal,
  });

export const savePromotion = (body: PromotionUpsert) =>
  post<{ id: string; created: boolean }>('/ops/promotions', body);

export const fetchApplications = (
  merchantCode: string,
  status: ApplicationStatus | '',
  signal?: AbortSignal,
) =>
  get<{ list: OpsApplication[] }>('/ops/promotions/applications', {
    query: { merchantCode, status },
    schema: import.meta.env.DEV && opsApplicationListSchema,
    signal,
  });

export const approveApplication = (id: string, reason: string) =>
  post<OpsApplication>(`/ops/promotions/applications/${id}/approve`, { reason });

export const rejectApplication = (id: string, reason: string) =>
  post<OpsApplication>(`/ops/promotions/applications/${id}/reject`, { reason });

/** An uploaded image: the route wants the bearer header, so it comes as a blob URL. */
export async function fetchUploadUrl(id: string, signal?: AbortSignal): Promise<string> {
  const token = getToken();
  const response = await fetch(`/ops/uploads/${id}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) throw new Error(`upload ${id}: ${response.status}`);
  return URL.createObjectURL(await response.blob());
}
