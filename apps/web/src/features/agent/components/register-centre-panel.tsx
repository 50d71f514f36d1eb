import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { InvitationCard } from '../../../components/invitation-card';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { inviteHref } from '../../../lib/paths';
import { useCreateDownline, type DownlineType } from '../api/create-downline';
import { useInvitation } from '../api/get-invitation';
import type { CreatedDownline } from '../lib/parsers';
import { LoadError } from './load-state';

/** The contracts' bounds for a downline's username and password (createDownlineSchema). */
const usernameLength = { min: 4, max: 20 } as const;
const passwordLength = { min: 6, max: 40 } as const;
const nicknameMax = 40;

type Field = 'username' | 'password' | 'nickname';
type Errors = Partial<Record<Field, string>>;

/**
 * registerCenter: open a member or agent account directly under me, and my invitation (its code,
 * a link that opens the register popup with it filled in, and that link as a QR code).
 */
export function RegisterCentrePanel() {
  return (
    <div className="agent-stack">
      <DownlineForm />
      <InvitationSection />
    </div>
  );
}

function DownlineForm() {
  const { t } = useTranslation();
  const typeName = useId();
  const create = useCreateDownline();
  const [type, setType] = useState<DownlineType>(0);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedDownline | null>(null);

  const check = (): Errors => {
    const next: Errors = {};
    const name = username.trim();
    if (name === '') next.username = t('validation.required');
    else if (name.length < usernameLength.min || name.length > usernameLength.max)
      next.username = t('agent.register.username_rule', usernameLength);
    if (password === '') next.password = t('validation.required');
    else if (password.length < passwordLength.min || password.length > passwordLength.max)
      next.password = t('agent.register.password_rule', passwordLength);
    if (nickname.trim().length > nicknameMax)
      next.nickname = t('agent.register.nickname_rule', { max: nicknameMax });
    return next;
  };

  /** The server's word on each field, in the reader's language. */
  const serverErrors = (error: unknown): Errors => {
    if (!(error instanceof ApiError)) return {};
    const next: Errors = {};
    if (error.errorCode === 'username_taken') next.username = t('errors.username_taken');
    for (const issue of error.fields) {
      const field = issue.path.split('.')[0];
      if (field !== 'username' && field !== 'password' && field !== 'nickname') continue;
      if (next[field]) continue;
      if (issue.code === 'required') next[field] = t('validation.required');
      else if (issue.code === 'taken') next[field] = t('errors.username_taken');
      else if (field === 'username') next[field] = t('agent.register.username_invalid');
      else if (field === 'password') next[field] = t('agent.register.password_invalid');
      else next[field] = t('agent.register.nickname_rule', { max: nicknameMax });
    }
    return next;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    setCreated(null);
    const next = check();
    setErrors(next);
    if (Object.keys(next).length > 0) {
      setFormError(t('validation.check_fields'));
      return;
    }
    const nick = nickname.trim();
    create.mutate(
      { username: username.trim(), password, type, ...(nick ? { nickname: nick } : {}) },
      {
        onSuccess: (account) => {
          setCreated(account);
          setUsername('');
          setPassword('');
          setNickname('');
          setErrors({});
        },
        onError: (error) => {
          const fields = serverErrors(error);
          setErrors(fields);
          setFormError(
            Object.keys(fields).length > 0 ? t('validation.check_fields') : errorText(t, error),
          );
        },
      },
    );
  };

  return (
    <Section block="agent-section" title={t('agent.register.title')} testId="agent-register">
      <form className="agent-form" noValidate onSubmit={submit} data-testid="agent-register-form">
        <fieldset className="agent-radio-group">
          <legend className="field-label">{t('agent.register.type')}</legend>
          {([0, 1] as const).map((value) => (
            <label key={value} className="agent-radio">
              <input
                type="radio"
                name={typeName}
                value={value}
                checked={type === value}
                onChange={() => setType(value)}
              />
              <span>{value === 0 ? t('agent.type.member') : t('agent.type.agent')}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('fields.username')}
          name="username"
          required
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={usernameLength.max}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          hint={errors.username ? null : t('agent.register.username_rule', usernameLength)}
          error={errors.username ?? null}
        />
        <TextField
          label={t('fields.password')}
          name="password"
          type="password"
          required
          autoComplete="new-password"
          maxLength={passwordLength.max}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={errors.password ? null : t('agent.register.password_rule', passwordLength)}
          error={errors.password ?? null}
        />
        <TextField
          label={t('agent.register.nickname')}
          name="nickname"
          autoComplete="off"
          maxLength={nicknameMax}
          value={nickname}
          onChange={(event) => setNickname(event.target.value)}
          error={errors.nickname ?? null}
        />
        <FormAlert message={formError} />
        {created ? (
          <div className="agent-done" role="status" data-testid="agent-register-done">
            <p>
              {created.type === 1
                ? t('agent.register.done_agent', { name: created.username })
                : t('agent.register.done_member', { name: created.username })}
            </p>
            {created.referralCode ? (
              <p className="muted">
                {t('agent.register.done_code', { code: created.referralCode })}
              </p>
            ) : null}
          </div>
        ) : null}
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={create.isPending}
          aria-busy={create.isPending}
        >
          {t('agent.register.submit')}
        </button>
      </form>
    </Section>
  );
}

function InvitationSection() {
  const { t } = useTranslation();
  const invitation = useInvitation();

  let body;
  if (invitation.isPending) body = <PageLoader />;
  else if (invitation.isError)
    body = <LoadError error={invitation.error} onRetry={() => void invitation.refetch()} />;
  else {
    const { code } = invitation.data;
    const link = `${window.location.origin}${inviteHref(code)}`;
    body = <InvitationCard code={code} link={link} texts="agent.invitation" testId="invitation" />;
  }

  return (
    <Section block="agent-section" title={t('agent.invitation.title')} testId="agent-invitation">
      <p className="agent-note">{t('agent.invitation.note')}</p>
      {body}
    </Section>
  );
}
