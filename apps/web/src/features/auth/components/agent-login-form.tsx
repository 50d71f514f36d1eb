import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginValue, SystemStatusValue } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { storageKeys } from '../../../lib/session';
import { readStored, writeStored } from '../../../lib/storage';
import { useRefreshCaptcha } from '../../../lib/captcha';
import { failureChallenge, failureWantsCaptcha, useLogin } from '../api/login';
import { useAuthSettings } from '../lib/auth-settings';
import type { LoginChallenge } from '../lib/parsers';
import { serverProblems } from '../lib/server-errors';
import { useCompleteLogin } from '../lib/use-complete-login';
import { useForm } from '../lib/use-form';
import { CaptchaField } from '../../../components/captcha-field';
import { LoginVerification } from './login-verification';

/**
 * The agent log-in on /agent (SPEC §2): username and password, the captcha once the server asks
 * for it, the new-address verification when the server wants one — the member popup's flow with
 * `portal: 'agent'`, so a member account is refused (`non_agent_login`). An expired password opens
 * the forced change over this page; otherwise the agent goes to the agent centre.
 */
export function AgentLoginForm({ status }: { status: SystemStatusValue }) {
  const { t } = useTranslation();
  const settings = useAuthSettings(status);
  const completeLogin = useCompleteLogin(settings.flags.forcePasswordChange, 'agent');
  const form = useForm({ username: '', password: '', captcha: '' });
  const [captchaShown, setCaptchaShown] = useState(
    () => readStored('session', storageKeys.loginCaptcha) === '1',
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const [returning, setReturning] = useState(false);
  const login = useLogin();
  const refreshCaptcha = useRefreshCaptcha();
  const { values } = form;

  const errors = {
    username: values.username.trim() ? null : t('validation.enter_username'),
    password: values.password ? null : t('validation.enter_password'),
    captcha: captchaShown && !values.captcha.trim() ? t('validation.enter_captcha') : null,
  };

  const finish = (value: LoginValue) => completeLogin(value, 'username');

  if (challenge) {
    return (
      <LoginVerification
        challenge={challenge}
        onVerified={finish}
        onBack={(notice) => {
          setFormError(notice);
          setReturning(true);
          setChallenge(null);
        }}
      />
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    setFormError(null);
    if (Object.values(errors).some(Boolean) || login.isPending) return;
    login.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        type: 'username',
        portal: 'agent',
        ...(captchaShown ? { captcha: values.captcha.trim() } : {}),
      },
      {
        onSuccess: finish,
        onError: (error) => {
          const next = failureChallenge(error);
          if (next) {
            setChallenge(next);
            return;
          }
          if (error instanceof ApiError && failureWantsCaptcha(error.value)) {
            if (captchaShown) refreshCaptcha();
            // The same flag as the member popup's: the server counts failures per account, whichever
            // page they came from.
            writeStored('session', storageKeys.loginCaptcha, '1');
            setCaptchaShown(true);
            form.setValue('captcha', '');
          }
          const problems = serverProblems(t, error, {
            fields: ['username', 'password', 'captcha'] as const,
          });
          form.setServerErrors(problems.fields);
          setFormError(problems.form);
        },
      },
    );
  };

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} data-testid="agent-login-form">
      <FormAlert message={formError} />
      <TextField
        {...form.bind('username')}
        label={t('fields.username')}
        required
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={64}
        autoFocus={returning}
        error={form.shownError('username', errors.username)}
      />
      <TextField
        {...form.bind('password')}
        label={t('fields.password')}
        type="password"
        required
        autoComplete="current-password"
        maxLength={128}
        error={form.shownError('password', errors.password)}
      />
      {captchaShown ? (
        <CaptchaField
          {...form.bind('captcha')}
          error={form.shownError('captcha', errors.captcha)}
        />
      ) : null}
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={login.isPending}
      >
        {login.isPending ? t('auth.logging_in') : t('auth.login_submit')}
      </button>
    </form>
  );
}
