import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { gameVendorSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { catalogStaleTime } from '../lib/player';
import { gameKeys } from '../lib/query-keys';
import type { VendorLane } from '../lib/types';

export const gameVendorPath = '/wps/relay/GCSGAME_gameVendor';

/** The vendor lanes: one per game type that has games, each with its vendors' cards. */
export async function getGameVendors(
  language: string,
  signal?: AbortSignal,
): Promise<VendorLane[]> {
  const value = await apiGet(gameVendorPath, {
    query: { language },
    schema: import.meta.env.DEV && gameVendorSchema,
    ...(signal ? { signal } : {}),
  });
  return value.data.lanes;
}

/** Cached for the visit (SPEC §4: vendor lanes are reused). */
export function useGameVendors() {
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: gameKeys.vendors(language),
      queryFn: ({ signal }) => getGameVendors(language, signal),
      staleTime: catalogStaleTime,
    }),
  );
}

/** A vendor code's display name from the cached lanes (the code itself until they arrive). */
export function useVendorName(): (code: string) => string {
  const { data: lanes } = useGameVendors();
  return useCallback(
    (code: string) => {
      for (const lane of lanes ?? []) {
        const card = lane.cards.find((item) => item.vassalage === code);
        if (card) return card.displayName;
      }
      return code;
    },
    [lanes],
  );
}
