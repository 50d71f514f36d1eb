import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotBuilt } from '../../../components/not-built';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import type { AgentCentrePage } from '../../../lib/paths';

/**
 * One agent-centre page (/agentHome/<page>). Its screen belongs to another feature, so the app
 * passes it in; a page with no screen yet says so plainly.
 */
export function AgentCentrePageRoute({
  page,
  panel,
}: {
  page: AgentCentrePage;
  panel: ReactNode | undefined;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = t(`agent.pages.${page}`);
  useDocumentTitle(title);

  if (panel === undefined) return <NotBuilt title={title} />;
  return (
    <section className="agent-page" aria-labelledby={titleId} data-testid={`agent-page-${page}`}>
      <h1 id={titleId}>{title}</h1>
      {panel}
    </section>
  );
}
