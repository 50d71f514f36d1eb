import { redemptionSchema, type RedemptionStatus } from '@taya/contracts';
import { z } from 'zod';
import { get, post } from '../../lib/api-client';

const opsRedemptionListSchema = z.array(redemptionSchema.extend({ accountId: z.string() }));
export type OpsRedemption = z.infer<typeof opsRedemptionListSchema>[number];

export const fetchRedemptions = (
  merchantCode: string,
  status: RedemptionStatus,
  signal?: AbortSignal,
) =>
  get<OpsRedemption[]>('/ops/points/redemptions', {
    query: { merchantCode, status },
    schema: import.meta.env.DEV && opsRedemptionListSchema,
    signal,
  });

/** The reason is the decision's note: the member reads it, and the audit log keeps it. */
export const decideRedemption = (id: string, decision: 'approve' | 'reject', reason: string) =>
  post<z.infer<typeof redemptionSchema>>(`/ops/points/redemptions/${id}/${decision}`, {
    note: reason,
  });
