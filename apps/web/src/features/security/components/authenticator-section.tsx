import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import type { AuthenticatorSetup, SecurityOverview } from '@taya/contracts';
import { CopyButton } from '../../../components/copy-button';
import { FormAlert } from '../../../components/form-alert';
import { Section } from '../../../components/section';
import { TextField } from '../../../components/text-field';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { serverProblems } from '../../../lib/forms/server-errors';
import {
  useAuthenticatorCodes,
  useSetupAuthenticator,
  useUnbindAuthenticator,
} from '../api/authenticator';
import { errorText } from '../../../lib/error-text';

/** Groups a base32 secret in fours, for reading it aloud or typing it in. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The authenticator (Google Authenticator style): set up with a QR code or the key, bind with the
 * first code, then keep the recovery codes shown once. Bound: unbind, or new recovery codes.
 */
export function AuthenticatorSection({ overview }: { overview: SecurityOverview }) {
  const { t } = useTranslation();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { authenticator } = overview;

  return (
    <Section
      block="cashier-section"
      title={t('security.auth_title')}
      testId="security-authenticator"
    >
      <FormAlert message={notice} tone="success" />
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
      ) : authenticator.bound ? (
        <BoundAuthenticator
          overview={overview}
          onCodes={(codes) => {
            setNotice(null);
            setRecoveryCodes(codes);
          }}
          onUnbound={() => setNotice(t('security.unbound'))}
        />
      ) : (
        <AuthenticatorSetupFlow
          onBound={(codes) => {
            setNotice(null);
            setRecoveryCodes(codes);
          }}
        />
      )}
    </Section>
  );
}

function AuthenticatorSetupFlow({ onBound }: { onBound: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const setup = useSetupAuthenticator();
  const [pending, setPending] = useState<AuthenticatorSetup | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!pending) {
    return (
      <div className="security-authenticator">
        <p className="muted">{t('security.auth_intro')}</p>
        <FormAlert message={error} />
        <button
          type="button"
          className="button button-primary"
          disabled={setup.isPending}
          onClick={() => {
            setError(null);
            setup.mutate(undefined, {
              onSuccess: setPending,
              onError: (failure) => setError(errorText(t, failure)),
            });
          }}
        >
          {t('security.auth_setup')}
        </button>
      </div>
    );
  }

  return (
    <div className="security-authenticator">
      <p>{t('security.auth_scan')}</p>
      <figure className="agent-qr security-qr" data-testid="authenticator-qr">
        <QRCodeSVG
          value={pending.otpauthUri}
          size={168}
          marginSize={2}
          bgColor="#ffffff"
          fgColor="#000000"
          title={t('security.auth_qr')}
        />
      </figure>
      <dl className="security-secret">
        <dt>{t('security.auth_secret')}</dt>
        <dd>
          <code
            className="security-secret-value"
            data-testid="authenticator-secret"
            aria-label={grouped(pending.secret)}
          >
            {pending.secret}
          </code>
          <CopyButton value={pending.secret} label={t('security.auth_secret')} />
        </dd>
      </dl>
      <CodeForm
        action="bind"
        submitLabel={t('security.bind')}
        onDone={(codes) => onBound(codes ?? [])}
      />
    </div>
  );
}

function BoundAuthenticator({
  overview,
  onCodes,
  onUnbound,
}: {
  overview: SecurityOverview;
  onCodes: (codes: string[]) => void;
  onUnbound: () => void;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [action, setAction] = useState<'unbind' | 'recoveryCodes' | null>(null);
  const { authenticator } = overview;

  return (
    <div className="security-authenticator">
      {authenticator.boundAt ? (
        <p className="muted">
          {t('security.auth_bound_since', { time: format(authenticator.boundAt) })}
        </p>
      ) : null}
      <p className="muted" data-testid="recovery-codes-left">
        {t('security.auth_codes_left', { n: authenticator.recoveryCodesLeft })}
      </p>
      {action === null ? (
        <div className="security-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setAction('recoveryCodes')}
          >
            {t('security.new_codes')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setAction('unbind')}
          >
            {t('security.unbind')}
          </button>
        </div>
      ) : (
        <CodeForm
          key={action}
          action={action}
          submitLabel={action === 'unbind' ? t('security.unbind') : t('security.new_codes')}
          onCancel={() => setAction(null)}
          onDone={(codes) => {
            setAction(null);
            if (codes) onCodes(codes);
            else onUnbound();
          }}
        />
      )}
    </div>
  );
}

/** One code from the app (or, to unbind or renew, a recovery code) and the button that uses it. */
function CodeForm({
  action,
  submitLabel,
  onDone,
  onCancel,
}: {
  action: 'bind' | 'unbind' | 'recoveryCodes';
  submitLabel: string;
  onDone: (codes: string[] | null) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const bind = useAuthenticatorCodes('bind');
  const renew = useAuthenticatorCodes('recoveryCodes');
  const unbind = useUnbindAuthenticator();
  const pending = bind.isPending || renew.isPending || unbind.isPending;
  const value = code.trim();
  const clientError =
    action === 'bind' ? (/^\d{6}$/.test(value) ? null : t('validation.enter_code')) : null;
  const emptyError = value.length >= 6 ? null : t('validation.enter_code');

  const onFailure = (failure: unknown) => {
    const problems = serverProblems(t, failure, {
      fields: ['code'] as const,
      codeFields: { authenticator_code_invalid: 'code' },
    });
    setError(problems.fields.code ?? null);
    setFormError(problems.fields.code ? null : problems.form);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    setError(null);
    if (clientError || emptyError || pending) return;
    if (action === 'unbind') {
      unbind.mutate(value, { onSuccess: () => onDone(null), onError: onFailure });
    } else {
      (action === 'bind' ? bind : renew).mutate(value, {
        onSuccess: ({ recoveryCodes }) => onDone(recoveryCodes),
        onError: onFailure,
      });
    }
  };

  return (
    <form className="auth-form security-form security-inline-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={formError} />
      <TextField
        label={t('security.auth_code')}
        name="authenticatorCode"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        required
        inputMode={action === 'bind' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={20}
        hint={action === 'bind' ? null : t('security.auth_code_hint')}
        error={error ?? (submitted ? (clientError ?? emptyError) : null)}
      />
      <div className="security-actions">
        <button type="submit" className="button button-primary" disabled={pending}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('security.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="security-recovery">
      <h3>{t('security.codes_title')}</h3>
      <p className="muted">{t('security.codes_note')}</p>
      <ol className="security-recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="security-actions">
        <CopyButton value={codes.join('\n')} label={t('security.codes_title')} />
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('security.codes_saved')}
        </button>
      </div>
    </div>
  );
}
