import { useMutation, useQueryClient } from '@tanstack/react-query';
import { codeSentSchema, type CodeSent, type PaymentPasswordBody } from '@taya/contracts';
import { apiPost, apiPut } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { doneParser } from '../../../lib/parsers';
import { securityKeys } from '../lib/query-keys';

export const paymentPasswordPath = '/wps/member/security/payment-password';
export const paymentPasswordCodePath = '/wps/member/security/payment-password/code';

/** Sets or changes the payment password; a password travels sealed (SPEC §7 "E"). */
export function setPaymentPassword(body: PaymentPasswordBody): Promise<{ done: true }> {
  return apiPut(paymentPasswordPath, { body, schema: doneParser, sealed: true });
}

/** A code to the bound mobile, instead of the old payment password. */
export function sendPaymentPasswordCode(): Promise<CodeSent> {
  return apiPost(paymentPasswordCodePath, { schema: import.meta.env.DEV && codeSentSchema });
}

export function useSetPaymentPassword() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: setPaymentPassword,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.all(token) });
    },
  });
}

export function useSendPaymentPasswordCode() {
  return useMutation({ mutationFn: sendPaymentPasswordCode });
}
