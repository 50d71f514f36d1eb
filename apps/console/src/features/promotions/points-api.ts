import {
  opsPointRewardListSchema,
  redemptionSchema,
  type OpsPointReward,
  type OpsPointRewardBody,
  type RedemptionStatus,
} from '@taya/contracts';

export type { OpsPointReward };
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

export const fetchRewards = (merchantCode: string, signal?: AbortSignal) =>
  get<{ list: OpsPointReward[] }>('/ops/points/rewards', {
    query: { merchantCode },
    schema: import.meta.env.DEV && opsPointRewardListSchema,
    signal,
  });

export const saveReward = (body: OpsPointRewardBody) =>
  post<{ id: string; created: boolean }>('/ops/points/rewards', body);
