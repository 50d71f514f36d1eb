import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { operatorLoginRequest } from '@taya/contracts';
import { applyServerError, FormError, TextField, useZodForm } from '../components/form';
import { takeNotice, type SessionNotice } from '../lib/session';
import { logIn } from './api';
import { useOperator } from './operator-context';

/** Where to go after log-in: a path inside the console only. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function LoginPage() {
  const { t } = useTranslation();
  const { operator, signedIn } = useOperator();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [notice] = useState<SessionNotice | null>(() => takeNotice());
  const [chooseMerchant, setChooseMerchant] = useState(false);
  const form = useZodForm(operatorLoginRequest, {
    defaultValues: { username: '', password: '', code: '', merchantCode: undefined },
  });
  const next = safeNext(params.get('next'));

  if (operator) return <Navigate to={next} replace />;

  const submit = form.handleSubmit(async (values) => {
    try {
      signedIn(await logIn(values));
      await navigate(next, { replace: true });
    } catch (error) {
      form.setValue('code', '');
      applyServerError(form, error);
    }
  });

  return (
    <div className="auth-page">
      <main className="auth-card">
        <div className="auth-brand">
          <span className="brand-mark" aria-hidden="true">
            T
          </span>
          <span>{t('layout.brand')}</span>
        </div>
        <h1>{t('login.title')}</h1>
        {notice && (
          <p className="notice" role="status" data-testid="login-notice">
            {t(`login.notice.${notice}`)}
          </p>
        )}
        <form onSubmit={submit} noValidate>
          <TextField
            form={form}
            name="username"
            label={t('login.username')}
            autoComplete="username"
            autoFocus
          />
          <TextField
            form={form}
            name="password"
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
          />
          <TextField
            form={form}
            name="code"
            label={t('login.code')}
            hint={t('login.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
          {chooseMerchant ? (
            <TextField
              form={form}
              name="merchantCode"
              label={t('login.merchant')}
              hint={t('login.merchantHint')}
              options={{ setValueAs: (v: string) => v.trim().toUpperCase() || undefined }}
            />
          ) : (
            <button type="button" className="link-button" onClick={() => setChooseMerchant(true)}>
              {t('login.chooseMerchant')}
            </button>
          )}
          <FormError message={form.formState.errors.root?.server?.message} />
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={form.formState.isSubmitting}
          >
            {form.formState.isSubmitting ? t('common.working') : t('login.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
