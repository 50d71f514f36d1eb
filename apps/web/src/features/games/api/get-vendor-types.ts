import { queryOptions, useQuery } from '@tanstack/react-query';
import { vendorTypesSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { catalogStaleTime } from '../lib/player';
import { gameKeys } from '../lib/query-keys';

export const vendorTypesPath = '/wps/relay/GCSGAME_getVassGameType';

/** Vendor codes by game type, e.g. `{RNG: ['TAYA']}`: the list centres' vendor filter. */
export async function getVendorTypes(signal?: AbortSignal): Promise<Record<string, string[]>> {
  const value = await apiGet(vendorTypesPath, {
    schema: import.meta.env.DEV && vendorTypesSchema,
    ...(signal ? { signal } : {}),
  });
  return value.content;
}

export function useVendorTypes() {
  return useQuery(
    queryOptions({
      queryKey: gameKeys.vendorTypes(),
      queryFn: ({ signal }) => getVendorTypes(signal),
      staleTime: catalogStaleTime,
    }),
  );
}
