import { useQueryClient } from '@tanstack/react-query';
import { cashierQueryKey, walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { promotionKeys } from '../lib/query-keys';

/**
 * After a claim (or an attempt whose outcome changed what the member has): the promotions' states,
 * the badge counts, the bonus balance and the turnover a withdrawal waits for are all stale.
 */
export function useRefreshAfterClaim() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return () => {
    void queryClient.invalidateQueries({ queryKey: promotionKeys.forSession(token) });
    void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    void queryClient.invalidateQueries({ queryKey: cashierQueryKey(token) });
  };
}
