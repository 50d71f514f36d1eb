import { useMutation, useQueryClient } from '@tanstack/react-query';
import { convertPointResultSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { pointsKeys } from '../lib/query-keys';
import type { ConvertPointResult } from '../lib/types';

export const convertPointsPath = '/wps/relay/passwordCheck/MCS2_convertPoint';

export interface ConvertPointsBody {
  /** Points to convert. */
  amount: number;
  password: string;
  /** Reused on a retry after an unknown outcome, so the conversion happens once. */
  requestId: string;
}

/** Carries the payment password, so the body travels sealed (SPEC §7 "E"). */
export function convertPoints(body: ConvertPointsBody): Promise<ConvertPointResult> {
  return apiPost(convertPointsPath, {
    body,
    schema: import.meta.env.DEV && convertPointResultSchema,
    sealed: true,
  });
}

export function useConvertPoints() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: convertPoints,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pointsKeys.all(token) });
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    },
  });
}
