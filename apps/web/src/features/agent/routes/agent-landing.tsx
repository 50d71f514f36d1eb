import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AgentOffer } from '../components/agent-offer';

/** /agent: what the programme offers, and where the agent log-in will be. */
export function AgentLandingRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('agent.title'));
  return (
    <div className="agent-landing">
      <header className="agent-hero">
        <h1>{t('agent.title')}</h1>
        <p className="lead">{t('agent.intro')}</p>
      </header>
      <AgentOffer />
      <div className="agent-columns">
        <section className="panel" aria-labelledby="agent-hours-heading">
          <h2 id="agent-hours-heading">{t('agent.hours_title')}</h2>
          <p>{t('agent.hours_body')}</p>
        </section>
        <section className="panel" aria-labelledby="agent-login-heading" data-testid="not-built">
          <h2 id="agent-login-heading">{t('agent.login_title')}</h2>
          <p className="muted">{t('agent.login_later')}</p>
        </section>
      </div>
    </div>
  );
}
