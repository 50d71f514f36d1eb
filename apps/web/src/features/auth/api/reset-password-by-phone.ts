import { useMutation } from '@tanstack/react-query';
import { loginValueSchema, type LoginValue } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';

export const resetByPhonePath = '/wps/member/password/verification';

export interface ResetByPhoneBody {
  mobileNum: string;
  countryDialingCode?: string;
  verificationCode: string;
  newPassword: string;
}

/** SPEC §4: a successful reset by phone logs the player in. */
export function resetPasswordByPhone(body: ResetByPhoneBody): Promise<LoginValue> {
  return apiPost(resetByPhonePath, {
    body,
    schema: import.meta.env.DEV && loginValueSchema,
    sealed: true,
  });
}

export function useResetPasswordByPhone() {
  return useMutation({ mutationFn: resetPasswordByPhone });
}
