import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title';

/**
 * The honest stand-in for a screen that is not written yet: its name and a plain sentence saying
 * so, never invented content. `details` carries what the route was asked for (a vendor, a code).
 */
export function NotBuilt({ title, details }: { title: string; details?: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  useDocumentTitle(title);
  return (
    <section className="panel not-built" data-testid="not-built" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {details ? <p className="not-built-details">{details}</p> : null}
      <p className="muted">{t('not_built.body')}</p>
    </section>
  );
}
