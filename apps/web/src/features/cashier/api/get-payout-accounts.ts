import { queryOptions, useQuery } from '@tanstack/react-query';
import { payoutAccountSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { PayoutAccount } from '../lib/types';

export const payoutAccountsPath = '/wps/cashier/payout-accounts';

const payoutAccountListParser = payoutAccountSchema.array();

export function getPayoutAccounts(signal?: AbortSignal): Promise<PayoutAccount[]> {
  return apiGet(payoutAccountsPath, {
    schema: payoutAccountListParser,
    ...(signal ? { signal } : {}),
  });
}

export function usePayoutAccounts() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: cashierKeys.payoutAccounts(token),
      queryFn: ({ signal }) => getPayoutAccounts(signal),
      enabled: token !== null,
    }),
  );
}
