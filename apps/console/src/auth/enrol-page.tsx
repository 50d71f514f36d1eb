import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { z } from 'zod';
import { operatorEnrolRequest } from '@taya/contracts';
import { applyServerError, FormError, TextField, useZodForm } from '../components/form';
import { ErrorState, LoadingState } from '../components/states';
import { enrol, fetchEnrolInfo } from './api';

const enrolForm = operatorEnrolRequest
  .omit({ token: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords differ' });

/** `/console/enrol?token=…`: the authenticator's QR code, a password, and a first code. */
export default function EnrolPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const info = useQuery({
    queryKey: ['public', 'enrol', token],
    queryFn: () => fetchEnrolInfo(token),
    enabled: token !== '' && done === null,
    retry: false,
    staleTime: Infinity,
  });
  const form = useZodForm(enrolForm, { defaultValues: { password: '', confirm: '', code: '' } });

  const submit = form.handleSubmit(async ({ password, code }) => {
    try {
      const result = await enrol({ token, password, code });
      setDone(result.username);
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return (
    <div className="auth-page">
      <main className="auth-card auth-card-wide">
        <h1>{t('enrol.title')}</h1>
        {done ? (
          <div role="status">
            <p>{t('enrol.done', { username: done })}</p>
            <Link className="btn btn-primary" to="/login">
              {t('enrol.toLogin')}
            </Link>
          </div>
        ) : !token ? (
          <p role="alert">{t('enrol.noToken')}</p>
        ) : info.isPending ? (
          <LoadingState />
        ) : info.error ? (
          <ErrorState error={info.error} />
        ) : (
          <>
            <p>{t('enrol.intro', { username: info.data.username })}</p>
            <div className="enrol-qr">
              <QRCodeSVG
                value={info.data.otpauthUri}
                size={176}
                marginSize={2}
                title={t('enrol.qrTitle')}
              />
              <div>
                <p className="muted">{t('enrol.secretLabel')}</p>
                <code className="secret" data-testid="enrol-secret">
                  {info.data.secret}
                </code>
              </div>
            </div>
            <form onSubmit={submit} noValidate>
              <TextField
                form={form}
                name="password"
                label={t('enrol.password')}
                type="password"
                autoComplete="new-password"
                hint={t('enrol.passwordHint')}
              />
              <TextField
                form={form}
                name="confirm"
                label={t('enrol.confirm')}
                type="password"
                autoComplete="new-password"
              />
              <TextField
                form={form}
                name="code"
                label={t('login.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
              <FormError message={form.formState.errors.root?.server?.message} />
              <button
                type="submit"
                className="btn btn-primary btn-block"
                disabled={form.formState.isSubmitting}
              >
                {t('enrol.submit')}
              </button>
            </form>
          </>
        )}
      </main>
    </div>
  );
}
