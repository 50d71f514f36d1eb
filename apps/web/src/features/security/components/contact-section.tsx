import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkField, type SecurityOverview, type SystemStatusValue } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { Section } from '../../../components/section';
import { SentCodeField } from '../../../components/send-code-button';
import { TextField } from '../../../components/text-field';
import { useAuthSettings } from '../../../lib/forms/auth-settings';
import { mobileText } from '../../../lib/forms/field-messages';
import { serverProblems } from '../../../lib/forms/server-errors';
import { useForm } from '../../../lib/forms/use-form';
import { MobileField } from '../../../components/mobile-field';
import { useBindContact } from '../api/bind-contact';
import { useSendContactCode } from '../api/send-contact-code';
import { errorText } from '../../../lib/error-text';

type Channel = 'email' | 'mobile';

/** A plain e-mail check; the server has the last word. */
const emailPattern = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Contact: the bound e-mail and mobile (masked), each bound or replaced with a code. */
export function ContactSection({
  overview,
  status,
}: {
  overview: SecurityOverview;
  status: SystemStatusValue;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Channel | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rows: { channel: Channel; label: string; bound: string | null }[] = [
    { channel: 'email', label: t('fields.email'), bound: overview.email },
    {
      channel: 'mobile',
      label: t('fields.mobileNum'),
      bound: overview.mobile
        ? [overview.countryDialingCode, overview.mobile].filter(Boolean).join(' ')
        : null,
    },
  ];

  return (
    <Section block="cashier-section" title={t('security.contact_title')} testId="security-contact">
      <FormAlert message={notice} tone="success" />
      <ul className="security-rows">
        {rows.map(({ channel, label, bound }) => (
          <li key={channel} className="security-row" data-testid={`contact-${channel}`}>
            <div className="security-row-head">
              <div className="security-row-text">
                <span className="security-row-label">{label}</span>
                <span className={bound ? 'security-row-value' : 'security-row-value muted'}>
                  {bound ?? t('security.not_bound')}
                </span>
              </div>
              {open === channel ? null : (
                <button
                  type="button"
                  className="button button-secondary"
                  // The row's label is beside it; the name says which channel on its own.
                  aria-label={
                    bound
                      ? t('security.change_named', { name: label })
                      : t('security.bind_named', { name: label })
                  }
                  onClick={() => {
                    setNotice(null);
                    setOpen(channel);
                  }}
                >
                  {bound ? t('security.change') : t('security.bind')}
                </button>
              )}
            </div>
            {open === channel ? (
              <ContactForm
                channel={channel}
                replacing={bound !== null}
                status={status}
                onCancel={() => setOpen(null)}
                onDone={() => {
                  setOpen(null);
                  setNotice(t('security.saved'));
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ContactForm({
  channel,
  replacing,
  status,
  onCancel,
  onDone,
}: {
  channel: Channel;
  replacing: boolean;
  status: SystemStatusValue;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const settings = useAuthSettings(status);
  const form = useForm({ address: '', verificationCode: '', password: '' });
  const send = useSendContactCode();
  const bind = useBindContact();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const address = form.values.address.trim();
  const code = form.values.verificationCode.trim();
  const dialingCode = settings.countryDialingCode;

  const addressError =
    channel === 'email'
      ? emailPattern.test(address)
        ? null
        : t('validation.email_invalid')
      : (() => {
          const problem = checkField(settings.mobileRule, address);
          return problem
            ? mobileText(t, settings.mobileRule, settings.mobileRuleFromServer, problem)
            : null;
        })();
  const errors = {
    address: addressError,
    verificationCode: code ? null : t('validation.enter_code'),
    password: replacing && !form.values.password ? t('validation.enter_password') : null,
  };
  const target =
    channel === 'email'
      ? ({ channel, email: address } as const)
      : ({
          channel,
          mobileNum: address,
          ...(dialingCode ? { countryDialingCode: dialingCode } : {}),
        } as const);

  const sendCode = async (): Promise<number | null> => {
    setSendError(null);
    if (errors.address) {
      form.touch('address');
      return null;
    }
    try {
      const sent = await send.mutateAsync(target);
      setSentTo(sent.destination);
      return sent.expiredMinutes;
    } catch (failure) {
      setSentTo(null);
      setSendError(errorText(t, failure));
      return null;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    setFormError(null);
    if (Object.values(errors).some(Boolean) || bind.isPending) return;
    bind.mutate(
      {
        ...target,
        verificationCode: code,
        ...(replacing ? { password: form.values.password } : {}),
      },
      {
        onSuccess: onDone,
        onError: (failure) => {
          const problems = serverProblems(t, failure, {
            fields: ['address', 'verificationCode', 'password'] as const,
            aliases: { email: 'address', mobileNum: 'address' },
            codeFields: { email_taken: 'address', mobile_taken: 'address' },
            fieldMessage: (field, issue) =>
              field === 'password' && issue === 'wrong' ? t('validation.old_password_wrong') : null,
          });
          form.setServerErrors(problems.fields);
          setFormError(Object.keys(problems.fields).length > 0 ? null : problems.form);
        },
      },
    );
  };

  const codeField = (
    <SentCodeField
      {...form.bind('verificationCode')}
      error={form.shownError('verificationCode', errors.verificationCode) ?? sendError}
      hint={sentTo ? t('auth.verify_code_sent', { destination: sentTo }) : null}
      sender={{ send: sendCode, pending: send.isPending, sent: sentTo !== null }}
    />
  );

  return (
    <form className="auth-form security-form security-inline-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={formError} />
      {channel === 'email' ? (
        <TextField
          {...form.bind('address')}
          label={t('fields.email')}
          type="email"
          required
          autoComplete="email"
          maxLength={100}
          error={form.shownError('address', errors.address)}
        />
      ) : (
        <MobileField
          {...form.bind('address')}
          countryDialingCode={dialingCode}
          maxLength={20}
          error={form.shownError('address', errors.address)}
        />
      )}
      {codeField}
      {replacing ? (
        <TextField
          {...form.bind('password')}
          label={t('fields.oldPassword')}
          type="password"
          required
          autoComplete="current-password"
          maxLength={128}
          error={form.shownError('password', errors.password)}
        />
      ) : null}
      <div className="security-actions">
        <button type="submit" className="button button-primary" disabled={bind.isPending}>
          {t('security.bind')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('security.cancel')}
        </button>
      </div>
    </form>
  );
}
