import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { paths } from '../../../lib/paths';
import { isAgentType, useCustomerType, useSessionToken } from '../../../lib/session';
import { AgentOffer } from '../components/agent-offer';

/**
 * /agent (SPEC §2): the agent log-in, what the programme offers and when advisers answer. The
 * log-in form belongs to the auth feature, so the app passes it in; an agent who is already
 * logged in gets a way into the centre instead.
 */
export function AgentLandingRoute({ loginForm }: { loginForm: ReactNode }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const customerType = useCustomerType();
  const agentSession = token !== null && isAgentType(customerType);
  useDocumentTitle(t('agent.title'));

  return (
    <div className="agent-landing">
      <header className="agent-hero">
        <h1>{t('agent.title')}</h1>
        <p className="lead">{t('agent.intro')}</p>
      </header>
      <div className="agent-landing-grid">
        <section
          className="panel agent-login-panel"
          aria-labelledby="agent-login-heading"
          data-testid="agent-login"
        >
          <h2 id="agent-login-heading">{t('agent.login_title')}</h2>
          {agentSession ? (
            <>
              <p className="muted">{t('agent.logged_in')}</p>
              <Link to={paths.agentHome.href()} className="button button-primary button-block">
                <Icon name="shield" size={18} />
                {t('agent.go_to_centre')}
              </Link>
            </>
          ) : (
            <>
              <p className="muted">{t('agent.login_intro')}</p>
              {loginForm}
            </>
          )}
        </section>
        <div className="agent-landing-info">
          <AgentOffer />
          <section className="panel" aria-labelledby="agent-hours-heading">
            <h2 id="agent-hours-heading">{t('agent.hours_title')}</h2>
            <p>{t('agent.hours_body')}</p>
          </section>
        </div>
      </div>
    </div>
  );
}
