import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ZoneClock } from '../../../components/zone-clock';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/**
 * /agentHome: who is logged in and the merchant's time. The figures (team, income, salaries) have
 * pages of their own in the menu; none is made up here.
 */
export function AgentHomeRoute({
  nickname,
  timeZone,
}: {
  /** Null while the member details load. */
  nickname: string | null;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  useDocumentTitle(t('screens.agent_centre'));

  return (
    <section className="panel agent-welcome" aria-labelledby={titleId} data-testid="agent-welcome">
      <h1 id={titleId}>{t('screens.agent_centre')}</h1>
      <p className="agent-welcome-name" aria-busy={nickname === null}>
        {nickname === null ? '…' : t('agent.welcome', { name: nickname })}
      </p>
      {timeZone ? (
        <ZoneClock
          timeZone={timeZone}
          label={t('agent.merchant_time')}
          labelVisible
          className="agent-welcome-clock"
        />
      ) : null}
      <p className="muted">{t('agent.welcome_body')}</p>
    </section>
  );
}
