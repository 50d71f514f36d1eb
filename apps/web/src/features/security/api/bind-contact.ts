import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { memberInfoKey } from '../../../lib/member-info';
import { doneParser } from '../../../lib/parsers';
import { securityKeys } from '../lib/query-keys';

export const bindEmailPath = '/wps/member/security/email';
export const bindMobilePath = '/wps/member/security/mobile';

interface Proof {
  verificationCode: string;
  /** The current log-in password: only when replacing a bound one. */
  password?: string;
}

export type BindContactRequest =
  | ({ channel: 'email'; email: string } & Proof)
  | ({ channel: 'mobile'; mobileNum: string; countryDialingCode?: string } & Proof);

export function bindContact({ channel, ...body }: BindContactRequest): Promise<{ done: true }> {
  return apiPut(channel === 'email' ? bindEmailPath : bindMobilePath, {
    body,
    schema: doneParser,
  });
}

export function useBindContact() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: bindContact,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.all(token) });
      void queryClient.invalidateQueries({ queryKey: memberInfoKey });
    },
  });
}
