import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

const maxRetries = 2;

/**
 * A 4xx answer will not change by asking again; a dropped link or a 5xx might. Retrying those a
 * couple of times hides short blips on mobile networks.
 */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (failureCount >= maxRetries) return false;
  if (!(error instanceof ApiError)) return false;
  return error.errorCode === 'network' || error.status >= 500;
}

export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 60_000,
        // Players switch tabs constantly (game windows); refetching everything each time is noise.
        refetchOnWindowFocus: false,
        ...queries,
      },
      mutations: { retry: false },
    },
  });
}
