import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../lib/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('not_found.title'));
  return (
    <section className="panel" data-testid="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('not_found.title')}</h1>
      <p className="muted">{t('not_found.body')}</p>
      <Link to={paths.home.href()} className="button button-primary">
        {t('not_found.home')}
      </Link>
    </section>
  );
}
