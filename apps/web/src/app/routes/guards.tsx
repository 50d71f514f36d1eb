import { useId } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trialAccountType } from '@taya/contracts';
import { paths } from '../../lib/paths';
import { isAgentType, useCustomerType, useSessionToken } from '../../lib/session';

/**
 * SPEC §2 and §4: routes that need a log-in send guests to the log-in popup; trial players may
 * not use real games, the wallet or member functions, and are asked for a real account instead.
 */
export function RequireAuth() {
  const token = useSessionToken();
  const customerType = useCustomerType();
  const location = useLocation();
  if (!token) return <Navigate to={paths.login.href()} replace state={{ from: location }} />;
  if (customerType === trialAccountType) return <TrialRefusal />;
  return <Outlet />;
}

function TrialRefusal() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="panel not-built" data-testid="trial-refusal" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('errors.in_need_true_account')}</h1>
      <p>
        <Link className="button button-primary" to={paths.register.href()}>
          {t('account.register_real')}
        </Link>
      </p>
    </section>
  );
}

/** SPEC §2: guests and non-agents reaching the agent centre go back to the agent log-in page. */
export function RequireAgent() {
  const token = useSessionToken();
  const customerType = useCustomerType();
  if (!token || !isAgentType(customerType)) return <Navigate to={paths.agent.href()} replace />;
  return <Outlet />;
}
