import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <nav aria-label={t('footer.links')}>
        <ul className="footer-links">
          <li>
            <Link to={paths.help.href()}>{t('nav.help')}</Link>
          </li>
          <li>
            <Link to={paths.help.href('term')}>{t('nav.terms')}</Link>
          </li>
          <li>
            <Link to={paths.feedback.href()}>{t('nav.feedback')}</Link>
          </li>
          <li>
            <Link to={paths.promotions.href()}>{t('nav.promotions')}</Link>
          </li>
          <li>
            <Link to={paths.agent.href()}>{t('agent.title')}</Link>
          </li>
        </ul>
      </nav>
      <p className="age-notice">
        <span className="age-badge" aria-hidden="true">
          18+
        </span>
        {t('footer.age_notice')}
      </p>
      <p className="copyright">{t('footer.copyright')}</p>
    </footer>
  );
}
