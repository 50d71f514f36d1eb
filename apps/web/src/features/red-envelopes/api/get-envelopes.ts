import { queryOptions, useQuery } from '@tanstack/react-query';
import { redEnvelopeListSchema, type RedEnvelopeList } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { redEnvelopeKeys } from '../lib/query-keys';

export function getEnvelopes(language: string, signal?: AbortSignal): Promise<RedEnvelopeList> {
  return apiGet('/wps/red-envelopes', {
    query: { language },
    schema: import.meta.env.DEV && redEnvelopeListSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The running red envelopes with their daily windows (visitors see them too). */
export function useEnvelopes() {
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: redEnvelopeKeys.list(language),
      queryFn: ({ signal }) => getEnvelopes(language, signal),
      staleTime: 60_000,
      refetchInterval: 60_000,
    }),
  );
}
