import { useMutation } from '@tanstack/react-query';
import { codeSentSchema, type CodeSent } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';

export const emailCodePath = '/wps/member/security/email/code';
export const mobileCodePath = '/wps/member/security/mobile/code';

export type ContactCodeRequest =
  | { channel: 'email'; email: string }
  | { channel: 'mobile'; mobileNum: string; countryDialingCode?: string };

/** A code to the new address or number, which the bind call then proves. */
export function sendContactCode(request: ContactCodeRequest): Promise<CodeSent> {
  if (request.channel === 'email') {
    return apiPost(emailCodePath, {
      body: { email: request.email },
      schema: import.meta.env.DEV && codeSentSchema,
    });
  }
  const { channel: _channel, ...body } = request;
  return apiPost(mobileCodePath, { body, schema: import.meta.env.DEV && codeSentSchema });
}

export function useSendContactCode() {
  return useMutation({ mutationFn: sendContactCode });
}
