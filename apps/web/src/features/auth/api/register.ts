import { useMutation } from '@tanstack/react-query';
import { loginValueSchema, type LoginValue, type RegisterBody } from '@taya/contracts';
import { apiPut } from '../../../lib/api-client';
import { loginDeviceId } from '../../../lib/device-id';

export const registerPaths = {
  username: '/wps/member/register',
  mobile: '/wps/member/register/mobile',
} as const;

export type RegisterMethod = keyof typeof registerPaths;

export interface RegisterInput {
  method: RegisterMethod;
  body: RegisterBody;
}

/** The new member is logged in straight away: the answer is a log-in value. */
export function register({ method, body }: RegisterInput): Promise<LoginValue> {
  return apiPut(registerPaths[method], {
    body: { ...body, registerMethod: 'WEB', loginDeviceId: loginDeviceId() },
    schema: import.meta.env.DEV && loginValueSchema,
    sealed: true,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
