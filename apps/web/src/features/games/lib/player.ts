import { trialCustomerType, useCustomerType, useSessionToken } from '../../../lib/session';

/** Who is looking at the lobby: guests browse, trial players may not play for real (SPEC §4). */
export type PlayerKind = 'guest' | 'trial' | 'member';

export function usePlayer(): { token: string | null; kind: PlayerKind } {
  const token = useSessionToken();
  const customerType = useCustomerType();
  if (!token) return { token, kind: 'guest' };
  return { token, kind: customerType === trialCustomerType ? 'trial' : 'member' };
}

/** The catalogue changes rarely: reuse it for the whole visit (SPEC §4 caching), refetch on demand. */
export const catalogStaleTime = 5 * 60_000;
