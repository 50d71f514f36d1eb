import { queryOptions, useQuery } from '@tanstack/react-query';
import { promotionSummarySchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { trialCustomerType, useCustomerType, useSessionToken } from '../../../lib/session';
import { promotionKeys } from '../lib/query-keys';
import type { PromotionSummary } from '../lib/types';

export const promotionSummaryPath = '/wps/member/promotions/summary';

/** A new deposit should light the reward badge within a minute without a reload. */
export const summaryPollInterval = 60_000;

export function getPromotionSummary(signal?: AbortSignal): Promise<PromotionSummary> {
  return apiGet(promotionSummaryPath, {
    schema: import.meta.env.DEV && promotionSummarySchema,
    ...(signal ? { signal } : {}),
  });
}

/** The member's public-state counts; only members and agents have any (trial players do not). */
export function usePromotionSummary() {
  const token = useSessionToken();
  const customerType = useCustomerType();
  const enabled = token !== null && customerType !== null && customerType !== trialCustomerType;
  return useQuery(
    queryOptions({
      queryKey: promotionKeys.summary(token),
      queryFn: ({ signal }) => getPromotionSummary(signal),
      enabled,
      refetchInterval: summaryPollInterval,
      staleTime: 30_000,
    }),
  );
}
