import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginValue } from '@taya/contracts';
import { ApiError } from '../../../lib/api-client';
import { useRefreshCaptcha } from '../../../lib/captcha';
import { storageKeys } from '../../../lib/session';
import { readStored, writeStored } from '../../../lib/storage';
import { failureChallenge, failureWantsCaptcha, useLogin } from '../api/login';
import type { LoginChallenge } from './parsers';
import { serverProblems } from '../../../lib/forms/server-errors';
import type { LoginPortal } from './use-complete-login';
import { useForm } from '../../../lib/forms/use-form';

/**
 * Whether the log-in forms show the captcha, and the way to turn it on once the server asks for
 * it. The flag is kept for the browser session, shared by the member popup and the agent page:
 * the server counts failures per account, whichever page they came from.
 */
export function useLoginCaptcha(): [shown: boolean, show: () => void] {
  const [shown, setShown] = useState(() => readStored('session', storageKeys.loginCaptcha) === '1');
  const show = useCallback(() => {
    writeStored('session', storageKeys.loginCaptcha, '1');
    setShown(true);
  }, []);
  return [shown, show];
}

/**
 * What a failed log-in does about the captcha: once the server asks for it, show it (or, when it
 * is already shown, a new image) and clear the answer.
 */
export function useCaptchaOnFailure(
  captchaShown: boolean,
  onCaptchaWanted: () => void,
  clearAnswer: () => void,
) {
  const refreshCaptcha = useRefreshCaptcha();
  return (error: unknown) => {
    if (error instanceof ApiError && failureWantsCaptcha(error.value)) {
      if (captchaShown) refreshCaptcha();
      onCaptchaWanted();
      clearAnswer();
    }
  };
}

export interface UsernameLoginOptions {
  portal: LoginPortal;
  initialUsername?: string;
  /** What the form says before anything is submitted (e.g. why the player is back). */
  notice?: string | null;
  captchaShown: boolean;
  onCaptchaWanted: () => void;
  /** The log-in succeeded; `username` is the trimmed name it was made with. */
  onSuccess: (value: LoginValue, username: string) => void;
  /** The server wants a new-address verification before this log-in completes. */
  onChallenge: (challenge: LoginChallenge, username: string) => void;
}

/**
 * The username and password log-in (SPEC §2): the fields with their checks, the captcha once the
 * server asks for it, and the server's problems shown per field or over the form.
 */
export function useUsernameLogin({
  portal,
  initialUsername = '',
  notice = null,
  captchaShown,
  onCaptchaWanted,
  onSuccess,
  onChallenge,
}: UsernameLoginOptions) {
  const { t } = useTranslation();
  const form = useForm({ username: initialUsername, password: '', captcha: '' });
  const [formError, setFormError] = useState<string | null>(notice);
  const login = useLogin();
  const captchaOnFailure = useCaptchaOnFailure(captchaShown, onCaptchaWanted, () =>
    form.setValue('captcha', ''),
  );
  const { values } = form;

  const errors = {
    username: values.username.trim() ? null : t('validation.enter_username'),
    password: values.password ? null : t('validation.enter_password'),
    captcha: captchaShown && !values.captcha.trim() ? t('validation.enter_captcha') : null,
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    setFormError(null);
    if (Object.values(errors).some(Boolean) || login.isPending) return;
    const username = values.username.trim();
    login.mutate(
      {
        username,
        password: values.password,
        type: 'username',
        portal,
        ...(captchaShown ? { captcha: values.captcha.trim() } : {}),
      },
      {
        onSuccess: (value) => onSuccess(value, username),
        onError: (error) => {
          const challenge = failureChallenge(error);
          if (challenge) {
            onChallenge(challenge, username);
            return;
          }
          captchaOnFailure(error);
          const problems = serverProblems(t, error, {
            fields: ['username', 'password', 'captcha'] as const,
          });
          form.setServerErrors(problems.fields);
          setFormError(problems.form);
        },
      },
    );
  };

  return {
    form,
    errors,
    captchaShown,
    formError,
    setFormError,
    pending: login.isPending,
    onSubmit,
  };
}

export type UsernameLogin = ReturnType<typeof useUsernameLogin>;
