import { queryOptions, useQuery } from '@tanstack/react-query';
import { recallSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { usePlayer } from '../lib/player';
import { gameKeys } from '../lib/query-keys';
import type { RecalledGame } from '../lib/recall';

export const recallPath = '/play/recall';

export function getRecall(signal?: AbortSignal): Promise<{ list: RecalledGame[] }> {
  return apiGet(recallPath, {
    schema: import.meta.env.DEV && recallSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * The member's last ten games (GLI-19 recall), newest first, with the seeds that replay them.
 * Keyed under the bets, so whatever refreshes the betting record refreshes this too.
 */
export function useRecall() {
  const { token, kind } = usePlayer();
  return useQuery(
    queryOptions({
      queryKey: [...gameKeys.bets(token), 'recall'],
      queryFn: ({ signal }) => getRecall(signal),
      enabled: kind === 'member',
      staleTime: 15_000,
    }),
  );
}
