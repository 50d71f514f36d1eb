import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkField,
  type FieldRule,
  type SecurityOverview,
  type SystemStatusValue,
} from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { Section } from '../../../components/section';
import { SentCodeField } from '../../../components/send-code-button';
import { TextField } from '../../../components/text-field';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { problemText, ruleText } from '../../../lib/forms/field-messages';
import { serverProblems } from '../../../lib/forms/server-errors';
import { useForm } from '../../../lib/forms/use-form';
import { useSendPaymentPasswordCode, useSetPaymentPassword } from '../api/payment-password';
import { errorText } from '../../../lib/error-text';

/** SPEC §5: the payment password is six digits unless the merchant's rules say otherwise. */
const defaultPaymentRule: FieldRule = {
  enabled: true,
  required: true,
  minLength: 6,
  maxLength: 6,
  patternId: 6,
  acceptedPattern: '^[0-9]+$',
};

/** What the log-in password's change popup is given; the popup itself is the auth feature's. */
export interface ChangePasswordPopupSlot {
  status: SystemStatusValue;
  onClose: () => void;
  onDone: () => void;
}

/** Passwords: the log-in password (the change-password popup) and the payment password. */
export function PasswordsSection({
  overview,
  status,
  changePasswordPopup,
}: {
  overview: SecurityOverview;
  status: SystemStatusValue;
  changePasswordPopup: (slot: ChangePasswordPopupSlot) => ReactNode;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [changing, setChanging] = useState(false);
  const [paymentOpen, setPaymentOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const serverRule = status.info.register.paymentPassword;
  const paymentRule: FieldRule = serverRule
    ? { ...serverRule, enabled: true, required: true }
    : defaultPaymentRule;

  return (
    <Section
      block="cashier-section"
      title={t('security.passwords_title')}
      testId="security-passwords"
    >
      <FormAlert message={notice} tone="success" />
      <ul className="security-rows">
        <li className="security-row">
          <div className="security-row-head">
            <div className="security-row-text">
              <span className="security-row-label">{t('security.login_password')}</span>
              {overview.loginPasswordChangedAt ? (
                <span className="security-row-value muted">
                  {t('security.changed_at', { time: format(overview.loginPasswordChangedAt) })}
                </span>
              ) : null}
            </div>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setNotice(null);
                setChanging(true);
              }}
            >
              {t('security.change_password')}
            </button>
          </div>
        </li>
        <li className="security-row" data-testid="payment-password">
          <div className="security-row-head">
            <div className="security-row-text">
              <span className="security-row-label">{t('fields.paymentPassword')}</span>
              <span className="security-row-value muted">
                {overview.paymentPasswordSet ? t('security.is_set') : t('security.not_set')}
              </span>
            </div>
            {paymentOpen ? null : (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setNotice(null);
                  setPaymentOpen(true);
                }}
              >
                {overview.paymentPasswordSet
                  ? t('security.change_payment')
                  : t('security.set_payment')}
              </button>
            )}
          </div>
          {paymentOpen ? (
            <PaymentPasswordForm
              overview={overview}
              rule={paymentRule}
              onCancel={() => setPaymentOpen(false)}
              onDone={() => {
                setPaymentOpen(false);
                setNotice(t('security.saved'));
              }}
            />
          ) : null}
        </li>
      </ul>
      {changing
        ? changePasswordPopup({
            status,
            onClose: () => setChanging(false),
            onDone: () => {
              setChanging(false);
              setNotice(t('security.password_changed'));
            },
          })
        : null}
    </Section>
  );
}

function PaymentPasswordForm({
  overview,
  rule,
  onCancel,
  onDone,
}: {
  overview: SecurityOverview;
  rule: FieldRule;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const groupName = useId();
  const changing = overview.paymentPasswordSet;
  const mobile = overview.mobile
    ? [overview.countryDialingCode, overview.mobile].filter(Boolean).join(' ')
    : null;
  const [proof, setProof] = useState<'old' | 'sms'>('old');
  const form = useForm({ old: '', verificationCode: '', newPassword: '', confirm: '' });
  const save = useSetPaymentPassword();
  const sendCode = useSendPaymentPasswordCode();
  const [sent, setSent] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { values } = form;
  const newProblem = checkField(rule, values.newPassword);

  const errors = {
    old: changing && proof === 'old' && !values.old ? t('validation.required') : null,
    verificationCode:
      changing && proof === 'sms' && !values.verificationCode.trim()
        ? t('validation.enter_code')
        : null,
    newPassword: newProblem ? problemText(t, rule, newProblem) : null,
    confirm: !values.confirm
      ? t('validation.confirm_required')
      : values.confirm === values.newPassword
        ? null
        : t('validation.inconsistent'),
  };

  const send = async (): Promise<number | null> => {
    setSendError(null);
    try {
      const answer = await sendCode.mutateAsync();
      setSent(true);
      return answer.expiredMinutes;
    } catch (failure) {
      setSendError(errorText(t, failure));
      return null;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    setFormError(null);
    if (Object.values(errors).some(Boolean) || save.isPending) return;
    save.mutate(
      {
        ...(changing && proof === 'old' ? { oldPaymentPassword: values.old } : {}),
        ...(changing && proof === 'sms'
          ? { verificationCode: values.verificationCode.trim() }
          : {}),
        newPaymentPassword: values.newPassword,
        confirmNewPaymentPassword: values.confirm,
      },
      {
        onSuccess: onDone,
        onError: (failure) => {
          const problems = serverProblems(t, failure, {
            fields: ['old', 'verificationCode', 'newPassword', 'confirm'] as const,
            aliases: {
              oldPaymentPassword: 'old',
              newPaymentPassword: 'newPassword',
              confirmNewPaymentPassword: 'confirm',
            },
            fieldMessage: (field, code) =>
              field === 'newPassword' && (code === 'length' || code === 'pattern')
                ? ruleText(t, rule)
                : null,
          });
          form.setServerErrors(problems.fields);
          setFormError(Object.keys(problems.fields).length > 0 ? null : problems.form);
        },
      },
    );
  };

  const newError = form.shownError('newPassword', errors.newPassword);
  return (
    <form className="auth-form security-form security-inline-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={formError} />
      {changing && mobile ? (
        <fieldset className="choice-group">
          <legend className="field-label">{t('security.payment_how')}</legend>
          {(['old', 'sms'] as const).map((option) => (
            <label key={option} className="choice">
              <input
                type="radio"
                name={groupName}
                value={option}
                checked={proof === option}
                onChange={() => setProof(option)}
              />
              <span>
                {option === 'old'
                  ? t('security.payment_by_old')
                  : t('security.payment_by_sms', { destination: mobile })}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {changing && proof === 'old' ? (
        <TextField
          {...form.bind('old')}
          label={t('security.payment_by_old')}
          type="password"
          required
          autoComplete="off"
          maxLength={32}
          error={form.shownError('old', errors.old)}
        />
      ) : null}
      {changing && proof === 'sms' ? (
        <SentCodeField
          {...form.bind('verificationCode')}
          error={form.shownError('verificationCode', errors.verificationCode) ?? sendError}
          hint={sent && mobile ? t('auth.verify_code_sent', { destination: mobile }) : null}
          sender={{ send, pending: sendCode.isPending, sent }}
        />
      ) : null}
      <TextField
        {...form.bind('newPassword')}
        label={t('security.new_payment_password')}
        type="password"
        inputMode="numeric"
        required
        autoComplete="off"
        maxLength={32}
        hint={newError ? null : ruleText(t, rule)}
        error={newError}
      />
      <TextField
        {...form.bind('confirm')}
        label={t('security.confirm_payment_password')}
        type="password"
        inputMode="numeric"
        required
        autoComplete="off"
        maxLength={32}
        error={form.shownError('confirm', errors.confirm)}
      />
      <div className="security-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('security.save')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('security.cancel')}
        </button>
      </div>
    </form>
  );
}
