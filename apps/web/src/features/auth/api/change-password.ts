import { useMutation } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { doneParser } from '../../../lib/parsers';

export const changePasswordPath = '/wps/member/password';

export interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

export function changePassword(body: ChangePasswordBody): Promise<{ done: true }> {
  return apiPut(changePasswordPath, {
    body,
    schema: doneParser,
    sealed: true,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
