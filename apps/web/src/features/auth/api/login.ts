import { useMutation } from '@tanstack/react-query';
import { loginValueSchema, type LoginBody, type LoginValue } from '@taya/contracts';
import { ApiError, apiPost } from '../../../lib/api-client';
import { loginDeviceId } from '../../../lib/device-id';
import { loginChallengeParser, type LoginChallenge } from '../lib/parsers';

export const loginPath = '/wps/session/login';

/** A failed log-in may carry `{captcha: true}`: show the captcha from now on (SPEC §4). */
export function failureWantsCaptcha(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && (value as { captcha?: unknown }).captcha === true
  );
}

/**
 * SPEC §4: a log-in from an address the account has not used fails with `login_verify_required`
 * and a challenge to answer with a code. Null for any other failure (or a malformed challenge).
 */
export function failureChallenge(error: unknown): LoginChallenge | null {
  if (!(error instanceof ApiError) || error.errorCode !== 'login_verify_required') return null;
  try {
    return loginChallengeParser.parse(error.value);
  } catch {
    return null;
  }
}

export function login(body: LoginBody): Promise<LoginValue> {
  return apiPost(loginPath, {
    body: { ...body, loginDeviceId: loginDeviceId() },
    schema: import.meta.env.DEV && loginValueSchema,
    sealed: true,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
