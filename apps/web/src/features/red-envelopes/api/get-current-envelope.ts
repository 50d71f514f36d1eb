import { queryOptions, useQuery } from '@tanstack/react-query';
import { redEnvelopeCurrentSchema, type RedEnvelopeCurrent } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { redEnvelopeKeys } from '../lib/query-keys';
import { useEnvelopeAsker } from './envelope-asker';

export const currentEnvelopePath = '/wps/red-envelopes/current';

export type CurrentEnvelope = NonNullable<RedEnvelopeCurrent['envelope']>;

export function getCurrentEnvelope(
  language: string,
  signal?: AbortSignal,
): Promise<RedEnvelopeCurrent> {
  return apiGet(currentEnvelopePath, {
    query: { language },
    schema: import.meta.env.DEV && redEnvelopeCurrentSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Between windows, ask again when the next one opens, but at least every few minutes. */
const idlePollMs = 5 * 60_000;
/** During a window the pool and the member's envelope change: ask every so often. */
const openPollMs = 30_000;

/**
 * The envelope of the window open now (or the next one) for a logged-in member or agent; asked
 * again as its window opens or closes. Visitors and trial players cannot open envelopes, so for
 * them nothing is asked.
 */
export function useCurrentEnvelope() {
  const { token, language, enabled } = useEnvelopeAsker();
  return useQuery(
    queryOptions({
      queryKey: redEnvelopeKeys.current(token, language),
      queryFn: ({ signal }) => getCurrentEnvelope(language, signal),
      enabled,
      staleTime: 10_000,
      retry: false,
      refetchInterval: (query) => {
        const envelope = query.state.data?.envelope;
        if (!envelope) return idlePollMs;
        const edge = (envelope.open ? envelope.closesIn : envelope.opensIn) * 1000 + 500;
        return Math.min(envelope.open ? openPollMs : idlePollMs, Math.max(1000, edge));
      },
    }),
  );
}
