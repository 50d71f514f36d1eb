import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../../components/captcha-field';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import type { UsernameLogin } from '../lib/use-username-login';
import { UsernameField } from './username-field';

/**
 * The username log-in's alert, username, password and (once the server asks for it) captcha.
 * `returning`: back from the verification step, focus goes to the username again.
 */
export function UsernameLoginFields({
  login: { form, errors, captchaShown, formError },
  returning,
}: {
  login: UsernameLogin;
  returning: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormAlert message={formError} />
      <UsernameField
        {...form.bind('username')}
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
    </>
  );
}

/** The log-in forms' submit button, which says so while the log-in is on its way. */
export function LoginSubmitButton({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="button button-primary button-block" disabled={pending}>
      {pending ? t('auth.logging_in') : t('auth.login_submit')}
    </button>
  );
}
