import { queryOptions, useQuery } from '@tanstack/react-query';
import { lotteryVerifySchema, type LotteryVerify } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { lotteryKeys } from '../lib/query-keys';

export function lotteryVerifyPath(gameCode: string, issueId: string): string {
  return `/lotto/verify/${encodeURIComponent(gameCode)}/${encodeURIComponent(issueId)}`;
}

/** What anyone needs to recompute an issue's house-drawn result (public). */
export function getLotteryVerify(
  gameCode: string,
  issueId: string,
  signal?: AbortSignal,
): Promise<LotteryVerify> {
  return apiGet(lotteryVerifyPath(gameCode, issueId), {
    schema: import.meta.env.DEV && lotteryVerifySchema,
    ...(signal ? { signal } : {}),
  });
}

export function useLotteryVerify(gameCode: string | null, issueId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.verify(gameCode ?? '', issueId ?? ''),
      queryFn: ({ signal }) => getLotteryVerify(gameCode!, issueId!, signal),
      enabled: gameCode !== null && issueId !== null,
    }),
  );
}
