import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemStatusSchema, type SystemStatusValue } from '@taya/contracts';
import { apiGet } from './api-client';

export const systemStatusPath = '/wps/system/status';

export function getSystemStatus(signal?: AbortSignal): Promise<SystemStatusValue> {
  return apiGet(systemStatusPath, {
    schema: import.meta.env.DEV && systemStatusSchema,
    ...(signal ? { signal } : {}),
  });
}

export const systemStatusQueryOptions = queryOptions({
  queryKey: ['system', 'status'],
  queryFn: ({ signal }) => getSystemStatus(signal),
  // Maintenance can be switched on at any time; a long-open tab should notice within minutes.
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
});

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions);
}
