import { queryOptions, useQuery } from '@tanstack/react-query';
import { redEnvelopeGrabListSchema, type RedEnvelopeGrabList } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { redEnvelopeKeys } from '../lib/query-keys';
import { useEnvelopeAsker } from './envelope-asker';

export function getMyGrabs(language: string, signal?: AbortSignal): Promise<RedEnvelopeGrabList> {
  return apiGet('/wps/member/red-envelopes/grabs', {
    query: { language },
    schema: import.meta.env.DEV && redEnvelopeGrabListSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The envelopes this account opened, newest first; nothing is asked for visitors and trials. */
export function useMyGrabs() {
  const { token, language, enabled } = useEnvelopeAsker();
  return useQuery(
    queryOptions({
      queryKey: redEnvelopeKeys.grabs(token),
      queryFn: ({ signal }) => getMyGrabs(language, signal),
      enabled,
    }),
  );
}
