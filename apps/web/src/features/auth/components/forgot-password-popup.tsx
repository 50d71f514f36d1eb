import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkField } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { Modal } from '../../../components/modal';
import { Tabs } from '../../../components/tabs';
import { TextField } from '../../../components/text-field';
import { useResetPasswordByEmail } from '../api/reset-password-by-email';
import { useResetPasswordByPhone } from '../api/reset-password-by-phone';
import type { AuthSettings } from '../../../lib/forms/auth-settings';
import { mobileText, problemText, ruleText } from '../../../lib/forms/field-messages';
import { serverProblems } from '../../../lib/forms/server-errors';
import { useCompleteLogin } from '../lib/use-complete-login';
import { useForm } from '../../../lib/forms/use-form';
import { NewPasswordFields } from './new-password-fields';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from './sms-code-field';
import { UsernameField } from './username-field';

type ForgotTab = 'email' | 'mobile';

/** Plain e-mail shape for the reset form; the server holds the real address to compare. */
const emailShape = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u;

export interface ForgotPasswordPopupProps {
  settings: AuthSettings;
  onClose: () => void;
  /** Back to the log-in popup. */
  onBack: () => void;
}

/** SPEC §2: reset by e-mail, or by mobile with an SMS code when the merchant allows it. */
export function ForgotPasswordPopup({ settings, onClose, onBack }: ForgotPasswordPopupProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ForgotTab>('email');
  const tabs = [
    { key: 'email' as const, label: t('auth.tab_email') },
    ...(settings.flags.phonePasswordReset
      ? [{ key: 'mobile' as const, label: t('auth.tab_mobile') }]
      : []),
  ];

  return (
    <Modal title={t('auth.forgot_title')} onClose={onClose}>
      <Tabs label={t('auth.forgot_method')} items={tabs} selected={tab} onSelect={setTab}>
        {tab === 'mobile' ? <PhoneReset settings={settings} /> : <EmailReset />}
      </Tabs>
      <p className="popup-switch">
        <button type="button" className="link-button" onClick={onBack}>
          {t('auth.back_to_login')}
        </button>
      </p>
    </Modal>
  );
}

function EmailReset() {
  const { t } = useTranslation();
  const form = useForm({ username: '', email: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const reset = useResetPasswordByEmail();
  const { values } = form;

  const email = values.email.trim();
  const errors = {
    username: values.username.trim() ? null : t('validation.enter_username'),
    email: !email
      ? t('validation.required')
      : emailShape.test(email)
        ? null
        : t('validation.email_invalid'),
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    setFormError(null);
    setSent(false);
    if (Object.values(errors).some(Boolean) || reset.isPending) return;
    reset.mutate(
      { username: values.username.trim(), email },
      {
        onSuccess: () => setSent(true),
        onError: (error) => {
          const problems = serverProblems(t, error, { fields: ['username', 'email'] as const });
          form.setServerErrors(problems.fields);
          setFormError(problems.form);
        },
      },
    );
  };

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={formError} />
      <FormAlert message={sent ? t('auth.reset_email_sent') : null} tone="success" />
      <UsernameField
        {...form.bind('username')}
        error={form.shownError('username', errors.username)}
      />
      <TextField
        {...form.bind('email')}
        label={t('fields.email')}
        type="email"
        required
        autoComplete="email"
        maxLength={100}
        error={form.shownError('email', errors.email)}
      />
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={reset.isPending}
      >
        {t('auth.reset_send_link')}
      </button>
    </form>
  );
}

function PhoneReset({ settings }: { settings: AuthSettings }) {
  const { t } = useTranslation();
  const form = useForm({
    mobileNum: '',
    verificationCode: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useResetPasswordByPhone();
  const completeLogin = useCompleteLogin(settings.flags.forcePasswordChange);
  const { values } = form;
  const mobile = values.mobileNum.trim();
  const mobileProblem = checkField(settings.mobileRule, mobile);
  const passwordProblem = checkField(settings.passwordRule, values.newPassword);

  const errors = {
    mobileNum: mobileProblem
      ? mobileText(t, settings.mobileRule, settings.mobileRuleFromServer, mobileProblem)
      : null,
    verificationCode: values.verificationCode.trim() ? null : t('validation.enter_code'),
    newPassword: passwordProblem ? problemText(t, settings.passwordRule, passwordProblem) : null,
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
    if (Object.values(errors).some(Boolean) || reset.isPending) return;
    reset.mutate(
      {
        mobileNum: mobile,
        verificationCode: values.verificationCode.trim(),
        newPassword: values.newPassword,
        ...(settings.countryDialingCode ? { countryDialingCode: settings.countryDialingCode } : {}),
      },
      {
        // SPEC §4: a reset by phone logs the player in and goes home.
        onSuccess: (value) => completeLogin(value, 'reset'),
        onError: (error) => {
          const problems = serverProblems(t, error, {
            fields: ['mobileNum', 'verificationCode', 'newPassword', 'confirmNewPassword'] as const,
            fieldMessage: (field, code) =>
              field === 'newPassword' && (code === 'length' || code === 'pattern')
                ? ruleText(t, settings.passwordRule)
                : null,
          });
          form.setServerErrors(problems.fields);
          setFormError(problems.form);
        },
      },
    );
  };

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={formError} />
      <MobileField
        {...form.bind('mobileNum')}
        countryDialingCode={settings.countryDialingCode}
        maxLength={settings.mobileRule.maxLength || 20}
        error={form.shownError('mobileNum', errors.mobileNum)}
      />
      <SmsCodeField
        {...form.bind('verificationCode')}
        purpose="login"
        mobileNum={mobile}
        mobileValid={errors.mobileNum === null}
        countryDialingCode={settings.countryDialingCode}
        onMobileInvalid={() => form.touch('mobileNum')}
        error={form.shownError('verificationCode', errors.verificationCode)}
      />
      <NewPasswordFields form={form} errors={errors} rule={settings.passwordRule} />
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={reset.isPending}
      >
        {t('auth.reset_submit')}
      </button>
    </form>
  );
}
