import { useMutation } from '@tanstack/react-query';
import { loginValueSchema, type LoginValue } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import type { VerificationMethod } from '../lib/parsers';

export const verifyLoginPath = '/wps/session/login/verification';

export interface VerifyLoginBody {
  challengeId: string;
  method: VerificationMethod;
  verificationCode: string;
}

/** SPEC §4 and §7: the code that proves a log-in from a new address (E call); answers a log-in. */
export function verifyLogin(body: VerifyLoginBody): Promise<LoginValue> {
  return apiPost(verifyLoginPath, {
    body,
    schema: import.meta.env.DEV && loginValueSchema,
    sealed: true,
  });
}

export function useVerifyLogin() {
  return useMutation({ mutationFn: verifyLogin });
}
