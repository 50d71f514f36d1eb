import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentChannelSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { PaymentChannel } from '../lib/types';

export const paymentChannelsPath = '/wps/cashier/channels';

const channelListParser = paymentChannelSchema.array();

export function getPaymentChannels(signal?: AbortSignal): Promise<PaymentChannel[]> {
  return apiGet(paymentChannelsPath, { schema: channelListParser, ...(signal ? { signal } : {}) });
}

export function usePaymentChannels() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: cashierKeys.channels(token),
      queryFn: ({ signal }) => getPaymentChannels(signal),
      enabled: token !== null,
      staleTime: 5 * 60_000,
    }),
  );
}
