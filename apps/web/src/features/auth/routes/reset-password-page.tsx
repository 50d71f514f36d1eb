import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { checkField, type SystemStatusValue } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { useAuthSettings } from '../../../lib/forms/auth-settings';
import { problemText, ruleText } from '../../../lib/forms/field-messages';
import { serverProblems } from '../../../lib/forms/server-errors';
import { useForm } from '../../../lib/forms/use-form';
import { paths } from '../../../lib/paths';
import { useSystemStatus } from '../../../lib/system-status';
import { useResetPasswordByLink } from '../api/reset-password-by-link';
import { NewPasswordFields } from '../components/new-password-fields';

/** Why a link cannot be used: none in it, or the server's reason. */
type LinkProblem = 'missing' | 'unknown' | 'expired' | 'used';

/** A token as the server makes them (43 characters of base64url); anything else is no link. */
const tokenShape = /^[A-Za-z0-9_-]{20,100}$/;

function linkProblemOf(error: unknown): LinkProblem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.errorCode === 'verification_code_invalid') {
    const reason = (error.value as { reason?: unknown } | null)?.reason;
    return reason === 'expired' || reason === 'used' ? reason : 'unknown';
  }
  // The token itself refused by its shape.
  if (error.errorCode === 'request_param_err' && error.fields.some((f) => f.path === 'token'))
    return 'unknown';
  return null;
}

/**
 * The page the forgot-password e-mail links to (`/reset-password?token=…`): a new password and
 * its confirmation, by the merchant's rules; an unknown, expired or used link says so and offers
 * a new one; a success leads to the log-in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const titleId = useId();
  useDocumentTitle(t('auth.reset_page_title'));
  const [outcome, setOutcome] = useState<'done' | LinkProblem | null>(
    tokenShape.test(token) ? null : 'missing',
  );

  return (
    <section
      className="panel reset-password"
      aria-labelledby={titleId}
      data-testid="reset-password"
    >
      <h1 id={titleId}>{t('auth.reset_page_title')}</h1>
      {outcome === 'done' ? (
        <div role="status" className="reset-password-outcome">
          <p>{t('auth.reset_page_done')}</p>
          <Link to={paths.login.href()} className="button button-primary">
            {t('auth.login_title')}
          </Link>
        </div>
      ) : outcome ? (
        <div role="alert" className="reset-password-outcome">
          <p>{t(`auth.reset_link_${outcome}`)}</p>
          <Link to={paths.login.href()} className="button button-primary">
            {t('auth.reset_link_new')}
          </Link>
        </div>
      ) : status ? (
        <ResetForm status={status} token={token} onOutcome={setOutcome} />
      ) : (
        <PageLoader />
      )}
    </section>
  );
}

function ResetForm({
  status,
  token,
  onOutcome,
}: {
  status: SystemStatusValue;
  token: string;
  onOutcome: (outcome: 'done' | LinkProblem) => void;
}) {
  const { t } = useTranslation();
  const settings = useAuthSettings(status);
  const rule = settings.passwordRule;
  const form = useForm({ newPassword: '', confirmNewPassword: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useResetPasswordByLink();
  const { values } = form;
  const problem = checkField(rule, values.newPassword);
  const errors = {
    newPassword: problem ? problemText(t, rule, problem) : null,
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
      { token, ...values },
      {
        onSuccess: () => onOutcome('done'),
        onError: (error) => {
          const linkProblem = linkProblemOf(error);
          if (linkProblem) return onOutcome(linkProblem);
          const problems = serverProblems(t, error, {
            fields: ['newPassword', 'confirmNewPassword'] as const,
            fieldMessage: (field, code) =>
              field === 'newPassword' && (code === 'length' || code === 'pattern')
                ? ruleText(t, rule)
                : null,
          });
          form.setServerErrors(problems.fields);
          setFormError(problems.form);
        },
      },
    );
  };

  return (
    <>
      <p className="muted">{t('auth.reset_page_intro')}</p>
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <FormAlert message={formError} />
        <NewPasswordFields form={form} errors={errors} rule={rule} />
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={reset.isPending}
        >
          {t('auth.change_password_submit')}
        </button>
      </form>
    </>
  );
}
