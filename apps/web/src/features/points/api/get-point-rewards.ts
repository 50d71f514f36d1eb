import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointRewardListSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';
import { pointsKeys } from '../lib/query-keys';
import type { PointReward } from '../lib/types';

export const pointRewardsPath = '/wps/relay/MCS2_getPointReward';

/** The merchant's rewards, named in `language` (the catalogue's lower-case code, e.g. `my`). */
export async function getPointRewards(
  language: string,
  signal?: AbortSignal,
): Promise<PointReward[]> {
  const value = await apiGet(pointRewardsPath, {
    query: { language },
    schema: import.meta.env.DEV && pointRewardListSchema,
    ...(signal ? { signal } : {}),
  });
  return value.list;
}

/** Visitors see the rewards too (with a log-in prompt instead of Redeem). */
export function usePointRewards() {
  const token = useSessionToken();
  const language = useCurrentLanguage().toLowerCase();
  return useQuery(
    queryOptions({
      queryKey: pointsKeys.rewards(token, language),
      queryFn: ({ signal }) => getPointRewards(language, signal),
      staleTime: 30_000,
    }),
  );
}
