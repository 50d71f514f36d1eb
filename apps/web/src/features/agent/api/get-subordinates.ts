import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { subordinatePageSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { agentKeys } from '../lib/query-keys';
import type { SubordinatePage } from '../lib/types';

export const subordinatesPath = '/wps/relay/ODSFE2_subordinateSimple';

/**
 * DIRECT: the direct subordinates of me, or of `parentId` (an agent inside my team). SELF: anyone
 * in my whole team whose username starts with `name`.
 */
export type SubordinateFilter =
  | { mode: 'DIRECT'; parentId: string | null; page: number; size: number }
  | { mode: 'SELF'; name: string; page: number; size: number };

export function getSubordinates(
  filter: SubordinateFilter,
  signal?: AbortSignal,
): Promise<SubordinatePage> {
  return apiGet(subordinatesPath, {
    query: {
      subordinateType: filter.mode,
      parentId: filter.mode === 'DIRECT' ? filter.parentId : undefined,
      subordinateName: filter.mode === 'SELF' ? filter.name : undefined,
      page: filter.page,
      size: filter.size,
    },
    schema: import.meta.env.DEV && subordinatePageSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useSubordinates(filter: SubordinateFilter) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: [...agentKeys.subordinates(token), filter],
      queryFn: ({ signal }) => getSubordinates(filter, signal),
      enabled: token !== null,
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  );
}
