import { queryOptions, useQuery } from '@tanstack/react-query';
import { lotteryMenuSchema, type LotteryMenu } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { lotteryKeys } from '../lib/query-keys';

export const lotteryMenuPath = '/lgw/vn/games/game_menu';

/** The merchant's lottery games with their open issues (all prize modes when none is given). */
export function getLotteryMenu(
  prizeMode: string | null,
  language: string,
  signal?: AbortSignal,
): Promise<LotteryMenu> {
  return apiGet(lotteryMenuPath, {
    query: { prizeMode: prizeMode ?? undefined, device: 'WEB', language },
    schema: import.meta.env.DEV && lotteryMenuSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useLotteryMenu(prizeMode: string | null = null) {
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.menu(prizeMode, language),
      queryFn: ({ signal }) => getLotteryMenu(prizeMode, language, signal),
      staleTime: 30_000,
    }),
  );
}
