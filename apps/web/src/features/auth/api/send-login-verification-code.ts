import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { verificationSentParser, type VerificationMethod } from '../lib/parsers';

export const loginVerificationCodePath = '/wps/session/login/verification/code';

export interface LoginVerificationCodeRequest {
  challengeId: string;
  method: VerificationMethod;
}

/**
 * SPEC §4: sends a code for a log-in from a new address to one of the account's bound channels.
 * A dead challenge (expired, used up) fails with `verification_code_invalid`.
 */
export function sendLoginVerificationCode(
  body: LoginVerificationCodeRequest,
): Promise<{ expiredMinutes: number; destination: string }> {
  return apiPost(loginVerificationCodePath, { body, schema: verificationSentParser });
}

export function useSendLoginVerificationCode() {
  return useMutation({ mutationFn: sendLoginVerificationCode });
}
