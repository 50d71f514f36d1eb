import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redEnvelopeGrabSchema, type RedEnvelopeGrab } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { redEnvelopeKeys } from '../lib/query-keys';

export interface GrabInput {
  promotionId: string;
  /** One id per window: a retry after a lost answer opens the same envelope. */
  requestId: string;
}

export function grabEnvelope({ promotionId, requestId }: GrabInput): Promise<RedEnvelopeGrab> {
  return apiPost(`/wps/red-envelopes/${encodeURIComponent(promotionId)}/grab`, {
    body: { requestId },
    schema: import.meta.env.DEV && redEnvelopeGrabSchema,
  });
}

/** Opens an envelope; the bonus balance, the current envelope and my grabs change with it. */
export function useGrabEnvelope() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: grabEnvelope,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['red-envelopes', 'current', token] }),
        queryClient.invalidateQueries({ queryKey: redEnvelopeKeys.grabs(token) }),
        queryClient.invalidateQueries({ queryKey: walletBalanceKey }),
      ]);
    },
  });
}
