import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from '../../../components/send-code-button';
import { TextField } from '../../../components/text-field';
import { useCountdown } from '../../../hooks/use-countdown';
import { ApiError } from '../../../lib/api-client';
import { useSendLoginSms } from '../api/send-login-sms';
import { useSendRegisterSms } from '../api/send-register-sms';

export interface SmsCodeFieldProps {
  /** register: the registration code; login: SMS log-in and reset by phone. */
  purpose: 'register' | 'login';
  mobileNum: string;
  mobileValid: boolean;
  countryDialingCode: string | undefined;
  /** Called instead of sending when the number is not valid yet, to show why. */
  onMobileInvalid: () => void;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  error: string | null;
}

/**
 * The SMS code input and its send button. SPEC §4: after a send the button is disabled with a
 * per-second countdown of 60 s × the code's lifetime in minutes; in log-in flows half the round
 * trip is taken off, since the code's clock started while the answer travelled back.
 */
export function SmsCodeField({
  purpose,
  mobileNum,
  mobileValid,
  countryDialingCode,
  onMobileInvalid,
  error,
  ...input
}: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const registerSms = useSendRegisterSms();
  const loginSms = useSendLoginSms();
  const send = purpose === 'register' ? registerSms : loginSms;
  const countdown = useCountdown();
  const [sendError, setSendError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const onSend = async (): Promise<number | null> => {
    setSendError(null);
    try {
      const { expiredMinutes } = await send.mutateAsync({ mobileNum, countryDialingCode });
      setSent(true);
      return expiredMinutes;
    } catch (failure) {
      setSent(false);
      setSendError(
        failure instanceof ApiError && failure.errorCode === 'request_param_err'
          ? t('validation.mobile_invalid')
          : failure instanceof ApiError
            ? t(failure.messageKey)
            : t('errors.unknown_error'),
      );
      return null;
    }
  };

  return (
    <TextField
      {...input}
      label={t('fields.verificationCode')}
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={255}
      error={error ?? sendError}
      hint={sent && countdown.running ? t('auth.sms_sent') : null}
      action={
        <SendCodeButton
          send={onSend}
          pending={send.isPending}
          sent={sent}
          countdown={countdown}
          lessHalfRoundTrip={purpose === 'login'}
          ready={() => {
            if (!mobileValid) onMobileInvalid();
            return mobileValid;
          }}
        />
      }
    />
  );
}
