import { useCallback, useState, type FormEvent } from 'react';
import { errorText } from '../../../lib/error-text';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { checkField, type LoginValue, type SystemStatusValue } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { Modal } from '../../../components/modal';
import { Tabs } from '../../../components/tabs';
import { ApiError } from '../../../lib/api-client';
import { deleteCookie, readCookie, writeCookie } from '../../../lib/cookies';
import { paths } from '../../../lib/paths';
import { useFreePlay } from '../api/free-play';
import { failureChallenge, useLogin } from '../api/login';
import { useAuthSettings, type AuthSettings } from '../../../lib/forms/auth-settings';
import { mobileText } from '../../../lib/forms/field-messages';
import type { LoginChallenge } from '../lib/parsers';
import { serverProblems } from '../../../lib/forms/server-errors';
import { useCompleteLogin, type LoginRoute } from '../lib/use-complete-login';
import { useForm } from '../../../lib/forms/use-form';
import { useCaptchaOnFailure, useLoginCaptcha, useUsernameLogin } from '../lib/use-username-login';
import { CaptchaField } from '../../../components/captcha-field';
import { ForgotPasswordPopup } from './forgot-password-popup';
import { LoginVerification } from './login-verification';
import { MobileField } from '../../../components/mobile-field';
import { ResponsibleGaming } from './responsible-gaming';
import { SmsCodeField } from './sms-code-field';
import { LoginSubmitButton, UsernameLoginFields } from './username-login-fields';

/** SPEC §4 and §9: "remember me" keeps the last username in a cookie for one day. */
export const rememberCookie = 'taya_last_user';
const rememberSeconds = 24 * 60 * 60;

type LoginTab = 'username' | 'sms';

/** What the username form held when the log-in turned into a verification (SPEC §4). */
interface LoginDraft {
  username: string;
  remember: boolean;
}

/** A log-in waiting for its new-address verification, and how to finish it once verified. */
interface PendingVerification {
  challenge: LoginChallenge;
  finish: (value: LoginValue) => void;
  draft: LoginDraft | null;
}

/** The username form after coming back from the verification step. */
interface ReturnedLogin {
  draft: LoginDraft | null;
  notice: string | null;
}

export interface LoginPopupProps {
  status: SystemStatusValue;
  onClose: () => void;
}

/**
 * The log-in popup (SPEC §2): by username or by SMS code, captcha once the server asks for it,
 * forgot password, free play, terms, register, responsible-gaming note. A log-in from a new
 * address turns into a verification step (SPEC §4) before it completes.
 */
export function LoginPopup({ status, onClose }: LoginPopupProps) {
  const { t } = useTranslation();
  const settings = useAuthSettings(status);
  const [view, setView] = useState<'login' | 'forgot'>('login');
  const [tab, setTab] = useState<LoginTab>('username');
  const [captchaShown, showCaptcha] = useLoginCaptcha();
  const [verification, setVerification] = useState<PendingVerification | null>(null);
  const [returned, setReturned] = useState<ReturnedLogin | null>(null);
  const completeLogin = useCompleteLogin(settings.flags.forcePasswordChange);

  const startVerification = useCallback(
    (challenge: LoginChallenge, finish: (value: LoginValue) => void, draft: LoginDraft | null) => {
      setReturned(null);
      setVerification({ challenge, finish, draft });
    },
    [],
  );

  if (view === 'forgot') {
    return (
      <ForgotPasswordPopup settings={settings} onClose={onClose} onBack={() => setView('login')} />
    );
  }

  if (verification) {
    return (
      <Modal title={t('auth.verify_title')} onClose={onClose}>
        <LoginVerification
          challenge={verification.challenge}
          onVerified={verification.finish}
          onBack={(notice) => {
            setReturned({ draft: verification.draft, notice });
            setVerification(null);
          }}
        />
        <ResponsibleGaming />
      </Modal>
    );
  }

  const tabs = [
    { key: 'username' as const, label: t('auth.tab_username') },
    ...(settings.flags.smsLogin ? [{ key: 'sms' as const, label: t('auth.tab_sms') }] : []),
  ];
  const shared = {
    captchaShown,
    onCaptchaWanted: showCaptcha,
    onComplete: completeLogin,
    onChallenge: startVerification,
    notice: returned?.notice ?? null,
    returning: returned !== null,
  };

  return (
    <Modal title={t('auth.login_title')} onClose={onClose}>
      <Tabs label={t('auth.login_method')} items={tabs} selected={tab} onSelect={setTab}>
        {tab === 'sms' ? (
          <SmsLoginForm {...shared} settings={settings} />
        ) : (
          <UsernameLoginForm
            {...shared}
            draft={returned?.draft ?? null}
            onForgot={() => setView('forgot')}
          />
        )}
      </Tabs>
      {settings.flags.freePlay ? <FreePlay onComplete={completeLogin} /> : null}
      <p className="popup-switch">
        {t('auth.no_account')} <Link to={paths.register.href()}>{t('auth.register_link')}</Link>
      </p>
      <p className="popup-terms">
        <Link to={paths.help.href('term')}>{t('nav.terms')}</Link>
      </p>
      <ResponsibleGaming />
    </Modal>
  );
}

interface LoginFormProps {
  captchaShown: boolean;
  onCaptchaWanted: () => void;
  onComplete: (value: LoginValue, route: LoginRoute) => void;
  /** The server wants a new-address verification before this log-in completes. */
  onChallenge: (
    challenge: LoginChallenge,
    finish: (value: LoginValue) => void,
    draft: LoginDraft | null,
  ) => void;
  /** Why the player is back from the verification step, if there is something to say. */
  notice: string | null;
  /** Back from the verification step: focus goes to the first input again. */
  returning: boolean;
}

function UsernameLoginForm({
  captchaShown,
  onCaptchaWanted,
  onComplete,
  onChallenge,
  notice,
  returning,
  draft,
  onForgot,
}: LoginFormProps & { draft: LoginDraft | null; onForgot: () => void }) {
  const { t } = useTranslation();
  const [remembered] = useState(() => readCookie(rememberCookie));
  const [remember, setRemember] = useState(draft?.remember ?? remembered !== null);
  const finisher = (username: string) => (value: LoginValue) => {
    if (remember) writeCookie(rememberCookie, username, rememberSeconds);
    else deleteCookie(rememberCookie);
    onComplete(value, 'username');
  };
  const login = useUsernameLogin({
    portal: 'member',
    initialUsername: draft?.username ?? remembered ?? '',
    notice,
    captchaShown,
    onCaptchaWanted,
    onSuccess: (value, username) => finisher(username)(value),
    onChallenge: (challenge, username) =>
      onChallenge(challenge, finisher(username), { username, remember }),
  });

  return (
    <form className="auth-form" noValidate onSubmit={login.onSubmit}>
      <UsernameLoginFields login={login} returning={returning} />
      <div className="form-row">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={remember}
            onChange={(event) => {
              setRemember(event.target.checked);
              // SPEC §4: unchecking forgets the remembered name at once.
              if (!event.target.checked) deleteCookie(rememberCookie);
            }}
          />
          <span>{t('auth.remember_me')}</span>
        </label>
        <button type="button" className="link-button" onClick={onForgot}>
          {t('auth.forgot_link')}
        </button>
      </div>
      <LoginSubmitButton pending={login.pending} />
    </form>
  );
}

function SmsLoginForm({
  captchaShown,
  onCaptchaWanted,
  onComplete,
  onChallenge,
  notice,
  returning,
  settings,
}: LoginFormProps & { settings: AuthSettings }) {
  const { t } = useTranslation();
  const form = useForm({ mobileNum: '', verificationCode: '', captcha: '' });
  const [formError, setFormError] = useState<string | null>(notice);
  const login = useLogin();
  const captchaOnFailure = useCaptchaOnFailure(captchaShown, onCaptchaWanted, () =>
    form.setValue('captcha', ''),
  );
  const { values } = form;
  const mobile = values.mobileNum.trim();
  const mobileProblem = checkField(settings.mobileRule, mobile);

  const errors = {
    mobileNum: mobileProblem
      ? mobileText(t, settings.mobileRule, settings.mobileRuleFromServer, mobileProblem)
      : null,
    verificationCode: values.verificationCode.trim() ? null : t('validation.enter_code'),
    captcha: captchaShown && !values.captcha.trim() ? t('validation.enter_captcha') : null,
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    setFormError(null);
    if (Object.values(errors).some(Boolean) || login.isPending) return;
    login.mutate(
      {
        // SPEC §3: for an SMS log-in the username is the number and the password the code.
        username: mobile,
        password: values.verificationCode.trim(),
        type: 'sms',
        portal: 'member',
        ...(settings.countryDialingCode ? { countryDialingCode: settings.countryDialingCode } : {}),
        ...(captchaShown ? { captcha: values.captcha.trim() } : {}),
      },
      {
        onSuccess: (value) => onComplete(value, 'sms'),
        onError: (error) => {
          // The server does not ask this of SMS log-ins today (the code proves the phone).
          const challenge = failureChallenge(error);
          if (challenge) {
            onChallenge(challenge, (value) => onComplete(value, 'sms'), null);
            return;
          }
          captchaOnFailure(error);
          const problems = serverProblems(t, error, {
            fields: ['mobileNum', 'verificationCode', 'captcha'] as const,
            aliases: { username: 'mobileNum', password: 'verificationCode' },
          });
          form.setServerErrors(problems.fields);
          setFormError(
            error instanceof ApiError && error.errorCode === 'login.failed'
              ? t('auth.sms_login_failed')
              : problems.form,
          );
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
        autoFocus={returning}
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
      {captchaShown ? (
        <CaptchaField
          {...form.bind('captcha')}
          error={form.shownError('captcha', errors.captcha)}
        />
      ) : null}
      <LoginSubmitButton pending={login.isPending} />
    </form>
  );
}

function FreePlay({ onComplete }: { onComplete: (value: LoginValue, route: LoginRoute) => void }) {
  const { t } = useTranslation();
  const freePlay = useFreePlay();
  const [error, setError] = useState<string | null>(null);

  return (
    <div className="free-play">
      <button
        type="button"
        className="button button-secondary button-block"
        disabled={freePlay.isPending}
        onClick={() => {
          setError(null);
          freePlay.mutate(undefined, {
            onSuccess: (value) => onComplete(value, 'free_play'),
            onError: (failure) => setError(errorText(t, failure)),
          });
        }}
      >
        {t('auth.free_play')}
      </button>
      <FormAlert message={error} />
    </div>
  );
}
