import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { doneParser } from '../../../lib/parsers';

export const resetByEmailPath = '/wps/member/password/email';

export interface ResetByEmailBody {
  username: string;
  email: string;
}

/** The server answers the same whether or not the pair matches, so nobody learns who is a member. */
export function resetPasswordByEmail(body: ResetByEmailBody): Promise<{ done: true }> {
  return apiPost(resetByEmailPath, { body, schema: doneParser });
}

export function useResetPasswordByEmail() {
  return useMutation({ mutationFn: resetPasswordByEmail });
}
