import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  checkField,
  type FieldProblem,
  type FieldRule,
  type RegisterBody,
  type SystemStatusValue,
} from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { Modal } from '../../../components/modal';
import { Tabs } from '../../../components/tabs';
import { TextField } from '../../../components/text-field';
import { paths, searchParams } from '../../../lib/paths';
import { useCheckAffiliateCode } from '../api/check-affiliate-code';
import { useRefreshCaptcha } from '../../../lib/captcha';
import { useRegister, type RegisterMethod } from '../api/register';
import { useAuthSettings, type AuthSettings } from '../../../lib/forms/auth-settings';
import { mobileText, problemText, ruleText } from '../../../lib/forms/field-messages';
import { serverProblems } from '../../../lib/forms/server-errors';
import { useCompleteLogin } from '../lib/use-complete-login';
import { useForm } from '../../../lib/forms/use-form';
import { CaptchaField } from '../../../components/captcha-field';
import { MobileField } from '../../../components/mobile-field';
import { ResponsibleGaming } from './responsible-gaming';
import { SmsCodeField } from './sms-code-field';
import { UsernameField } from './username-field';

/** SPEC §2's order for the fields after the account and mobile ones. */
const extraFields = [
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'recommenderId',
  'affiliateCode',
] as const;
type ExtraField = (typeof extraFields)[number];

type FieldName =
  | 'username'
  | 'password'
  | 'confirmPassword'
  | 'mobileNum'
  | 'verificationCode'
  | 'captcha'
  | ExtraField;

const emptyValues: Record<FieldName, string> = {
  username: '',
  password: '',
  confirmPassword: '',
  mobileNum: '',
  verificationCode: '',
  captcha: '',
  payeeName: '',
  paymentPassword: '',
  qqNum: '',
  line: '',
  whatsapp: '',
  facebook: '',
  wechat: '',
  idNumber: '',
  email: '',
  recommenderId: '',
  affiliateCode: '',
};

/** Secrets are compared as typed; everything else is trimmed (the server trims them too). */
const untrimmed: readonly FieldName[] = ['password', 'confirmPassword', 'paymentPassword'];

export interface RegisterPopupProps {
  status: SystemStatusValue;
  onClose: () => void;
}

/**
 * The register popup (SPEC §2): by username and by mobile, each only when its flag is on, mobile
 * first when offered. Fields and their rules come from the merchant's registration settings.
 */
export function RegisterPopup({ status, onClose }: RegisterPopupProps) {
  const { t } = useTranslation();
  const settings = useAuthSettings(status);
  const [query] = useSearchParams();
  const referralCode = query.get(searchParams.referralCode)?.trim() || null;
  // An agent's invitation link (/?affiliateCode=…) fills the affiliate code in.
  const affiliateCode = query.get(searchParams.affiliateCode)?.trim() || null;
  const { usernameRegister, mobileRegister } = settings.flags;
  const [tab, setTab] = useState<RegisterMethod>(mobileRegister ? 'mobile' : 'username');
  const tabs = [
    ...(usernameRegister ? [{ key: 'username' as const, label: t('auth.tab_username') }] : []),
    ...(mobileRegister ? [{ key: 'mobile' as const, label: t('auth.tab_mobile') }] : []),
  ];

  return (
    <Modal title={t('auth.register_title')} onClose={onClose} className="modal-wide">
      <p className="popup-banner">{t('auth.register_banner')}</p>
      {tabs.length === 0 ? (
        <p className="form-alert" role="status">
          {t('auth.register_closed')}
        </p>
      ) : (
        <Tabs label={t('auth.register_method')} items={tabs} selected={tab} onSelect={setTab}>
          <RegisterForm
            key={tab}
            method={tab}
            settings={settings}
            referralCode={referralCode}
            affiliateCode={affiliateCode}
          />
        </Tabs>
      )}
      <p className="popup-switch">
        {t('auth.have_account')} <Link to={paths.login.href()}>{t('auth.login_link')}</Link>
      </p>
      <ResponsibleGaming />
    </Modal>
  );
}

interface RegisterFormProps {
  method: RegisterMethod;
  settings: AuthSettings;
  referralCode: string | null;
  affiliateCode: string | null;
}

function RegisterForm({ method, settings, referralCode, affiliateCode }: RegisterFormProps) {
  const { t } = useTranslation();
  const { rules, flags } = settings;
  const form = useForm({ ...emptyValues, affiliateCode: affiliateCode ?? '' });
  const [formError, setFormError] = useState<string | null>(null);
  const checkAffiliate = useCheckAffiliateCode();
  const register = useRegister();
  const refreshCaptcha = useRefreshCaptcha();
  const completeLogin = useCompleteLogin(flags.forcePasswordChange);

  const byUsername = method === 'username';
  // SPEC §2: the mobile tab asks for a password only with MOBILENUMPASSREG3.
  const withPassword = byUsername || flags.mobilePasswordRegister;
  const mobileRule: FieldRule | undefined = byUsername ? rules.mobileNum : settings.mobileRule;
  const withCode = !byUsername && flags.registerSmsVerification;
  const captchaRule = rules.captcha;
  const extras = extraFields.filter((name) => rules[name] !== undefined);
  // Without an affiliate-code field the invitation still counts: it goes as the referral code.
  const invitation = referralCode ?? (extras.includes('affiliateCode') ? null : affiliateCode);

  const value = (name: FieldName) =>
    untrimmed.includes(name) ? form.values[name] : form.values[name].trim();

  /** The rule an input is checked against; SPEC §5 makes the payment password required. */
  const ruleOf = (name: FieldName): FieldRule | undefined => {
    switch (name) {
      case 'username':
        return byUsername ? settings.usernameRule : undefined;
      case 'password':
        return withPassword ? settings.passwordRule : undefined;
      case 'mobileNum':
        return mobileRule;
      case 'captcha':
        return captchaRule;
      case 'paymentPassword':
        return rules.paymentPassword ? { ...rules.paymentPassword, required: true } : undefined;
      case 'confirmPassword':
      case 'verificationCode':
        return undefined;
      default:
        return rules[name];
    }
  };

  const message = (name: FieldName, problem: FieldProblem): string => {
    const rule = ruleOf(name);
    if (!rule) return t('validation.invalid');
    if (name === 'mobileNum')
      return mobileText(t, rule, byUsername || settings.mobileRuleFromServer, problem);
    if (name === 'captcha' && problem === 'required') return t('validation.enter_captcha');
    return problemText(t, rule, problem);
  };

  const check = (name: FieldName): string | null => {
    const rule = ruleOf(name);
    if (!rule) return null;
    const problem = checkField(rule, value(name));
    return problem ? message(name, problem) : null;
  };

  const shown: FieldName[] = [
    ...(byUsername ? (['username'] as const) : []),
    ...(mobileRule ? (['mobileNum'] as const) : []),
    ...(withCode ? (['verificationCode'] as const) : []),
    ...(withPassword ? (['password', 'confirmPassword'] as const) : []),
    ...extras,
    ...(captchaRule ? (['captcha'] as const) : []),
  ];

  const errors: Partial<Record<FieldName, string | null>> = Object.fromEntries(
    shown.map((name) => {
      if (name === 'confirmPassword') {
        const confirm = form.values.confirmPassword;
        return [
          name,
          !confirm
            ? t('validation.confirm_required')
            : confirm === form.values.password
              ? null
              : t('validation.inconsistent'),
        ];
      }
      if (name === 'verificationCode')
        return [name, value(name) ? null : t('validation.enter_code')];
      return [name, check(name)];
    }),
  );

  const error = (name: FieldName) => form.shownError(name, errors[name]);
  const busy = checkAffiliate.isPending || register.isPending;

  const buildBody = (): RegisterBody => {
    const mobile = value('mobileNum');
    const body: RegisterBody = {
      // SPEC §4: on the mobile tab the username is the mobile number.
      username: byUsername ? value('username') : mobile,
      password: withPassword ? value('password') : '',
      confirmPassword: withPassword ? value('confirmPassword') : '',
      registerMethod: 'WEB',
      domain: window.location.hostname,
      registerUrl: window.location.href.slice(0, 2000),
    };
    if (mobileRule && mobile) {
      body.mobileNum = mobile;
      if (settings.countryDialingCode) body.countryDialingCode = settings.countryDialingCode;
    }
    if (withCode) body.verificationCode = value('verificationCode');
    if (captchaRule) body.captcha = value('captcha');
    for (const name of extras) {
      const entered = value(name);
      if (entered) body[name] = entered;
    }
    if (invitation) body.referralCode = invitation;
    return body;
  };

  const showFailure = (failure: unknown) => {
    if (captchaRule) {
      form.setValue('captcha', '');
      refreshCaptcha();
    }
    const problems = serverProblems(t, failure, {
      fields: shown,
      fieldMessage: (field, code) =>
        code === 'required' || code === 'length' || code === 'pattern'
          ? message(field, code)
          : null,
      codeFields: byUsername ? {} : { username_taken: 'mobileNum' },
    });
    form.setServerErrors(problems.fields);
    setFormError(problems.form);
  };

  const submit = async () => {
    form.markSubmitted();
    setFormError(null);
    if (shown.some((name) => errors[name])) {
      setFormError(t('validation.check_fields'));
      return;
    }
    if (busy) return;

    // SPEC §4: a filled affiliate code is checked first; a bad one stops the registration.
    const affiliate = extras.includes('affiliateCode') ? value('affiliateCode') : '';
    if (affiliate) {
      let valid: boolean;
      try {
        valid = await checkAffiliate.mutateAsync(affiliate);
      } catch (failure) {
        showFailure(failure);
        return;
      }
      if (!valid) {
        form.setServerErrors({ affiliateCode: t('errors.invitation_code_error') });
        setFormError(t('errors.invitation_code_error'));
        return;
      }
    }

    register.mutate(
      { method, body: buildBody() },
      {
        onSuccess: (login) => completeLogin(login, 'register'),
        onError: showFailure,
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const passwordError = error('password');

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={formError} />
      {byUsername ? (
        <UsernameField
          {...form.bind('username')}
          maxLength={settings.usernameRule.maxLength || 64}
          error={error('username')}
        />
      ) : null}
      {mobileRule ? (
        <MobileField
          {...form.bind('mobileNum')}
          countryDialingCode={settings.countryDialingCode}
          required={!byUsername || mobileRule.required}
          maxLength={mobileRule.maxLength || 20}
          error={error('mobileNum')}
        />
      ) : null}
      {withCode ? (
        <SmsCodeField
          {...form.bind('verificationCode')}
          purpose="register"
          mobileNum={value('mobileNum')}
          mobileValid={!errors.mobileNum}
          countryDialingCode={settings.countryDialingCode}
          onMobileInvalid={() => form.touch('mobileNum')}
          error={error('verificationCode')}
        />
      ) : null}
      {withPassword ? (
        <>
          <TextField
            {...form.bind('password')}
            label={t('fields.password')}
            type="password"
            required
            autoComplete="new-password"
            maxLength={128}
            hint={passwordError ? null : ruleText(t, settings.passwordRule)}
            error={passwordError}
          />
          <TextField
            {...form.bind('confirmPassword')}
            label={t('fields.confirmPassword')}
            type="password"
            required
            autoComplete="new-password"
            maxLength={128}
            error={error('confirmPassword')}
          />
        </>
      ) : null}
      {extras.map((name) => (
        <TextField
          key={name}
          {...form.bind(name)}
          {...extraInputProps(name)}
          label={t(`fields.${name}`)}
          required={ruleOf(name)?.required}
          maxLength={ruleOf(name)?.maxLength || undefined}
          error={error(name)}
        />
      ))}
      {captchaRule ? (
        <CaptchaField
          {...form.bind('captcha')}
          required={captchaRule.required}
          error={error('captcha')}
        />
      ) : null}
      {invitation ? (
        <p className="muted">{t('auth.referral_applied', { code: invitation })}</p>
      ) : null}
      <p className="terms-tip">
        {t('auth.terms_tip')} <Link to={paths.help.href('term')}>{t('nav.terms')}</Link>
      </p>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? t('auth.registering') : t('auth.register_submit')}
      </button>
    </form>
  );
}

function extraInputProps(name: ExtraField) {
  switch (name) {
    case 'paymentPassword':
      return { type: 'password', autoComplete: 'off' } as const;
    case 'email':
      return { type: 'email', autoComplete: 'email' } as const;
    case 'payeeName':
      return { autoComplete: 'name' } as const;
    case 'qqNum':
    case 'whatsapp':
      return { inputMode: 'numeric', autoComplete: 'off' } as const;
    default:
      return { autoComplete: 'off', autoCapitalize: 'off', spellCheck: false } as const;
  }
}
