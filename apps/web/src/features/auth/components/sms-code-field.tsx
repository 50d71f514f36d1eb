import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import { useCountdown } from '../../../hooks/use-countdown';
import { ApiError } from '../../../lib/api-client';
import { useSendLoginSms } from '../api/send-login-sms';
import { useSendRegisterSms } from '../api/send-register-sms';

/** SPEC §9: one SMS request a second at most, whatever the button state. */
const minRequestGapMs = 1000;

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
  const lastRequest = useRef(0);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const onSend = () => {
    if (!mobileValid) {
      onMobileInvalid();
      return;
    }
    const startedAt = Date.now();
    if (send.isPending || countdown.running || startedAt - lastRequest.current < minRequestGapMs)
      return;
    lastRequest.current = startedAt;
    setSendError(null);
    send.mutate(
      { mobileNum, countryDialingCode },
      {
        onSuccess: ({ expiredMinutes }) => {
          const roundTrip = Date.now() - startedAt;
          const lifetime = 60_000 * (expiredMinutes > 0 ? expiredMinutes : 1);
          countdown.start(purpose === 'login' ? lifetime - roundTrip / 2 : lifetime);
          setSent(true);
        },
        onError: (failure) => {
          setSent(false);
          setSendError(
            failure instanceof ApiError && failure.errorCode === 'request_param_err'
              ? t('validation.mobile_invalid')
              : failure instanceof ApiError
                ? t(failure.messageKey)
                : t('errors.unknown_error'),
          );
        },
      },
    );
  };

  const label = countdown.running
    ? t('auth.sms_resend_in', { seconds: countdown.remaining })
    : send.isPending
      ? t('auth.sms_sending')
      : sent
        ? t('auth.sms_resend')
        : t('auth.sms_send');

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
        <button
          type="button"
          className="button button-secondary sms-send"
          onClick={onSend}
          disabled={send.isPending || countdown.running}
        >
          {label}
        </button>
      }
    />
  );
}
