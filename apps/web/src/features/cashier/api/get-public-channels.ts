import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicPaymentChannelSchema, type PublicPaymentChannel } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';

export const publicChannelsPath = '/wps/cashier/channels/public';

/**
 * The merchant's enabled ways to pay in, by name, for anyone (the site footer). Keyed by the
 * merchant the site serves, so a region change shows the other market's channels.
 */
export function usePublicPaymentChannels(merchantCode: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['cashier', 'public-channels', merchantCode ?? null] as const,
      queryFn: ({ signal }): Promise<PublicPaymentChannel[]> =>
        apiGet(publicChannelsPath, {
          schema: import.meta.env.DEV && publicPaymentChannelSchema.array(),
          signal,
        }),
      enabled: merchantCode !== undefined,
      staleTime: 10 * 60_000,
    }),
  );
}
