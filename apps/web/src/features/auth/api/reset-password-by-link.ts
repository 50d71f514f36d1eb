import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { doneParser } from '../../../lib/parsers';

export const resetByLinkPath = '/wps/member/password/reset';

export interface ResetByLinkBody {
  /** The token of the e-mailed link (`/reset-password?token=…`). */
  token: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** Sets a new password with the e-mailed link; the link works once, for a limited time. */
export function resetPasswordByLink(body: ResetByLinkBody): Promise<{ done: true }> {
  return apiPost(resetByLinkPath, { body, schema: doneParser, sealed: true });
}

export function useResetPasswordByLink() {
  return useMutation({ mutationFn: resetPasswordByLink });
}
