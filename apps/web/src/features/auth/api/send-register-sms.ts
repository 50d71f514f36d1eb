import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { smsSentParser } from '../../../lib/parsers';

export const registerSmsPath = '/wps/verification/sms/register';

export interface SmsRequest {
  mobileNum: string;
  countryDialingCode: string | undefined;
}

/** The code for registering by mobile. Note this call names the number `mobileNo`. */
export function sendRegisterSms({
  mobileNum,
  countryDialingCode,
}: SmsRequest): Promise<{ expiredMinutes: number }> {
  return apiPost(registerSmsPath, {
    body: { mobileNo: mobileNum, ...(countryDialingCode ? { countryDialingCode } : {}) },
    schema: smsSentParser,
  });
}

export function useSendRegisterSms() {
  return useMutation({ mutationFn: sendRegisterSms });
}
