import { useMutation } from '@tanstack/react-query';
import { loginValueSchema, type LoginBody, type LoginValue } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { loginDeviceId } from '../../../lib/device-id';

export const loginPath = '/wps/session/login';

/** A failed log-in may carry `{captcha: true}`: show the captcha from now on (SPEC §4). */
export function failureWantsCaptcha(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && (value as { captcha?: unknown }).captcha === true
  );
}

export function login(body: LoginBody): Promise<LoginValue> {
  return apiPost(loginPath, {
    body: { ...body, loginDeviceId: loginDeviceId() },
    schema: loginValueSchema,
    sealed: true,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
