import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../../lib/error-text';
import { useTranslation } from 'react-i18next';
import type { LoginValue } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { SentCodeField } from '../../../components/send-code-button';
import { TextField } from '../../../components/text-field';
import { useCountdown } from '../../../hooks/use-countdown';
import { ApiError } from '../../../lib/api-client';
import { useSendLoginVerificationCode } from '../api/send-login-verification-code';
import { useVerifyLogin } from '../api/verify-login';
import type { LoginChallenge, VerificationMethod } from '../lib/parsers';
import { serverProblems } from '../../../lib/forms/server-errors';
import { useForm } from '../../../lib/forms/use-form';

/** Proofs that need a code sent first; the others are typed straight in. */
const sendsCode = (method: VerificationMethod) => method === 'sms' || method === 'email';
/** What the input holds: a sent code (SMS or e-mail alike), an app code, or a name. */
const answerKind = (method: VerificationMethod) => (sendsCode(method) ? 'sent' : method);

export interface LoginVerificationProps {
  challenge: LoginChallenge;
  /** The code was right: the answer is a log-in, finished like any other. */
  onVerified: (value: LoginValue) => void;
  /** Back to the password form; `notice` says why when the challenge can no longer be answered. */
  onBack: (notice: string | null) => void;
}

/**
 * SPEC §4: a log-in from an address the account has not used needs one more proof. The player
 * picks one of the account's bound channels (shown masked), asks for a code — the button then
 * counts down 60 s × the code's lifetime in minutes, less half the round trip as in the other
 * log-in flows — and enters it. An authenticator code (or a recovery code) or the bank account's
 * name is typed straight in.
 */
export function LoginVerification({ challenge, onVerified, onBack }: LoginVerificationProps) {
  const { t } = useTranslation();
  const groupName = useId();
  // An authenticator needs nothing sent, so it is offered first when the account has one.
  const [method, setMethod] = useState<VerificationMethod>(
    () =>
      challenge.methods.find((option) => option.method === 'totp')?.method ??
      challenge.methods[0]?.method ??
      'sms',
  );
  // One countdown per channel: waiting for an SMS must not stop the player asking for an e-mail.
  const smsCountdown = useCountdown();
  const emailCountdown = useCountdown();
  const countdown = method === 'sms' ? smsCountdown : emailCountdown;
  const [sentTo, setSentTo] = useState<Partial<Record<VerificationMethod, string>>>({});
  const [sendError, setSendError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const firstChoiceRef = useRef<HTMLInputElement>(null);
  const send = useSendLoginVerificationCode();
  const verify = useVerifyLogin();
  const form = useForm({ verificationCode: '' });
  const code = form.values.verificationCode.trim();
  const errors = {
    verificationCode: code
      ? null
      : method === 'bank_name'
        ? t('validation.required')
        : t('validation.enter_code'),
  };

  // The password form (and the button that brought us here) is gone: start the player here.
  useEffect(() => {
    firstChoiceRef.current?.focus();
  }, []);

  const onSend = async (): Promise<number | null> => {
    setSendError(null);
    try {
      const { expiredMinutes, destination } = await send.mutateAsync({
        challengeId: challenge.challengeId,
        method,
      });
      setSentTo((previous) => ({ ...previous, [method]: destination }));
      return expiredMinutes;
    } catch (failure) {
      // The challenge expired or was used up: only a fresh log-in makes a new one.
      if (failure instanceof ApiError && failure.errorCode === 'verification_code_invalid') {
        onBack(t('auth.verify_expired'));
        return null;
      }
      setSendError(errorText(t, failure));
      return null;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    setFormError(null);
    if (errors.verificationCode || verify.isPending) return;
    verify.mutate(
      { challengeId: challenge.challengeId, method, verificationCode: code },
      {
        onSuccess: onVerified,
        onError: (failure) => {
          const problems = serverProblems(t, failure, {
            fields: ['verificationCode'] as const,
            codeFields: { authenticator_code_invalid: 'verificationCode' },
          });
          form.setServerErrors(problems.fields);
          // A wrong code is said under the code field; nothing more above the form.
          setFormError(problems.fields.verificationCode ? null : problems.form);
        },
      },
    );
  };

  const sent = sentTo[method];

  return (
    <form className="auth-form login-verification" noValidate onSubmit={onSubmit}>
      <p className="verify-intro">{t('auth.verify_intro')}</p>
      <FormAlert message={formError} />
      <fieldset className="choice-group">
        <legend className="field-label">{t('auth.verify_method')}</legend>
        {challenge.methods.map(({ method: option, destination }, index) => (
          <label key={option} className="choice">
            <input
              ref={index === 0 ? firstChoiceRef : undefined}
              type="radio"
              name={groupName}
              value={option}
              checked={method === option}
              onChange={() => {
                // A code for one proof is no answer to another kind of proof.
                if (answerKind(option) !== answerKind(method)) {
                  form.setValue('verificationCode', '');
                }
                setMethod(option);
                setSendError(null);
              }}
            />
            <span>
              {option === 'sms'
                ? t('auth.verify_by_sms', { destination })
                : option === 'email'
                  ? t('auth.verify_by_email', { destination })
                  : option === 'totp'
                    ? t('auth.verify_by_totp')
                    : t('auth.verify_by_bank_name')}
            </span>
          </label>
        ))}
      </fieldset>
      {method === 'bank_name' ? (
        <TextField
          {...form.bind('verificationCode')}
          label={t('auth.verify_bank_name_label')}
          required
          autoComplete="off"
          maxLength={100}
          error={form.shownError('verificationCode', errors.verificationCode)}
        />
      ) : method === 'totp' ? (
        <TextField
          {...form.bind('verificationCode')}
          label={t('auth.verify_totp_label')}
          required
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={20}
          error={form.shownError('verificationCode', errors.verificationCode)}
          hint={t('auth.verify_totp_hint')}
        />
      ) : (
        <SentCodeField
          {...form.bind('verificationCode')}
          autoCapitalize="off"
          spellCheck={false}
          error={form.shownError('verificationCode', errors.verificationCode) ?? sendError}
          hint={
            sent && countdown.running ? t('auth.verify_code_sent', { destination: sent }) : null
          }
          sender={{
            send: onSend,
            pending: send.isPending,
            sent: Boolean(sent),
            countdown,
            lessHalfRoundTrip: true,
          }}
        />
      )}
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={verify.isPending}
      >
        {verify.isPending ? t('auth.verifying') : t('auth.verify_submit')}
      </button>
      <p className="popup-switch">
        <button type="button" className="link-button" onClick={() => onBack(null)}>
          {t('auth.back_to_login')}
        </button>
      </p>
    </form>
  );
}
