import { queryOptions, useQuery } from '@tanstack/react-query';
import { missionListSchema, type MissionList } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';
import { missionKeys, missionStaleTime } from '../lib/query-keys';

export const missionsPath = '/wps/missions';

/** The merchant's missions, with the caller's progress and state (a visitor: definitions only). */
export function getMissions(language: string, signal?: AbortSignal): Promise<MissionList> {
  return apiGet(missionsPath, {
    query: { language },
    schema: import.meta.env.DEV && missionListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useMissions() {
  const token = useSessionToken();
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: missionKeys.list(token, language),
      queryFn: ({ signal }) => getMissions(language, signal),
      staleTime: missionStaleTime,
      refetchInterval: 60_000,
    }),
  );
}
