import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkField, type SystemStatusValue } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { setMustChangePassword } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';
import { memberInfoKey } from '../../../lib/member-info';
import { useAuthSettings } from '../../../lib/forms/auth-settings';
import { problemText, ruleText } from '../../../lib/forms/field-messages';
import { serverProblems } from '../../../lib/forms/server-errors';
import { useForm } from '../../../lib/forms/use-form';
import { NewPasswordFields } from './new-password-fields';
import { useSignOut } from '../lib/use-sign-out';

export interface ChangePasswordPopupProps {
  status: SystemStatusValue;
  /**
   * SPEC §4: after a log-in with an expired password the change is forced — no close button, no
   * Escape. Signing out is the only other way on.
   */
  forced?: boolean;
  /** Not called when forced. */
  onClose?: () => void;
  /** After the server accepted the new password. */
  onDone: () => void;
  /** Where signing out of a forced change leads (home unless told). */
  signedOutTo?: string;
}

export function ChangePasswordPopup({
  status,
  forced = false,
  onClose,
  onDone,
  signedOutTo,
}: ChangePasswordPopupProps) {
  const { t } = useTranslation();
  const settings = useAuthSettings(status);
  const queryClient = useQueryClient();
  const form = useForm({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();
  const { signOut, pending: signingOut } = useSignOut(signedOutTo);
  const { values } = form;
  const rule = settings.passwordRule;
  const newProblem = checkField(rule, values.newPassword);

  const errors = {
    oldPassword: values.oldPassword ? null : t('validation.old_password_required'),
    newPassword: newProblem
      ? problemText(t, rule, newProblem)
      : values.newPassword === values.oldPassword
        ? t('validation.same_password')
        : null,
    confirmNewPassword: !values.confirmNewPassword
      ? t('validation.confirm_required')
      : values.confirmNewPassword === values.newPassword
        ? null
        : t('validation.inconsistent'),
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    setFormError(null);
    if (Object.values(errors).some(Boolean) || change.isPending) return;
    change.mutate(values, {
      onSuccess: () => {
        // SPEC §4: reload the log-in details, close, go home.
        setMustChangePassword(false);
        // A forced change: what the server refused until now (the balance, the page's data)
        // loads again.
        void queryClient.invalidateQueries(forced ? undefined : { queryKey: memberInfoKey });
        onDone();
      },
      onError: (error) => {
        const problems = serverProblems(t, error, {
          fields: ['oldPassword', 'newPassword', 'confirmNewPassword'] as const,
          fieldMessage: (field, code) => {
            if (field === 'oldPassword' && code === 'wrong')
              return t('validation.old_password_wrong');
            if (field === 'newPassword' && (code === 'length' || code === 'pattern'))
              return ruleText(t, rule);
            if (field === 'newPassword' && code === 'same') return t('validation.same_password');
            return null;
          },
        });
        form.setServerErrors(problems.fields);
        setFormError(problems.form);
      },
    });
  };

  return (
    <Modal
      title={forced ? t('auth.change_password_forced_title') : t('auth.change_password_title')}
      onClose={() => onClose?.()}
      dismissible={!forced}
    >
      {forced ? <p className="muted">{t('auth.change_password_forced_body')}</p> : null}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <FormAlert message={formError} />
        <TextField
          {...form.bind('oldPassword')}
          label={t('fields.oldPassword')}
          type="password"
          required
          autoComplete="current-password"
          maxLength={128}
          error={form.shownError('oldPassword', errors.oldPassword)}
        />
        <NewPasswordFields form={form} errors={errors} rule={rule} />
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={change.isPending}
        >
          {t('auth.change_password_submit')}
        </button>
      </form>
      {forced ? (
        <p className="popup-switch">
          <button type="button" className="link-button" onClick={signOut} disabled={signingOut}>
            {t('account.sign_out')}
          </button>
        </p>
      ) : null}
    </Modal>
  );
}
