import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { smsSentParser } from '../../../lib/parsers';
import type { SmsRequest } from './send-register-sms';

export const loginSmsPath = '/wps/verification/sms/noLogin';

/** The code for SMS log-in and for resetting a password by phone. */
export function sendLoginSms({
  mobileNum,
  countryDialingCode,
}: SmsRequest): Promise<{ expiredMinutes: number }> {
  return apiPost(loginSmsPath, {
    body: { mobileNum, ...(countryDialingCode ? { countryDialingCode } : {}) },
    schema: smsSentParser,
  });
}

export function useSendLoginSms() {
  return useMutation({ mutationFn: sendLoginSms });
}
