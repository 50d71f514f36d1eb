import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberBonusListSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { bonusBalanceQueryKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';

/** The bonus page's source: the member's bonuses, and what the bonus balance holds now. */
export const memberBonusesPath = '/wps/member/bonuses';

/** Only the bonus balance: the header shows it beside the cash. */
export async function getBonusBalance(signal?: AbortSignal): Promise<string> {
  const bonuses = await apiGet(memberBonusesPath, {
    schema: import.meta.env.DEV && memberBonusListSchema,
    ...(signal ? { signal } : {}),
  });
  return bonuses.bonusBalance;
}

export function useBonusBalance() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: bonusBalanceQueryKey(token),
      queryFn: ({ signal }) => getBonusBalance(signal),
      enabled: token !== null,
      staleTime: 30_000,
    }),
  );
}
