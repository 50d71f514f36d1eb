import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../auth/operator-context';
import { PageHeader } from '../components/page-header';
import { navFor } from './pages';
import { sections } from './sections';

/** The landing page: who is logged in, and a card for each section the role can open. */
export default function HomePage() {
  const { t } = useTranslation();
  const { operator, may } = useOperator();
  if (!operator) return null;
  const groups = navFor(may, sections);
  return (
    <div className="page">
      <PageHeader
        title={t('home.title', { username: operator.username })}
        description={t('home.description', {
          role: t(`roles.${operator.role}`),
          merchant: operator.merchantCode,
        })}
      />
      <div className="card-grid" data-testid="home-sections">
        {groups.map((group) => (
          <section key={group.section} className="card">
            <h2>{t(`nav.sections.${group.section}`)}</h2>
            <ul className="link-list">
              {group.pages.map((page) => (
                <li key={page.path}>
                  <Link to={`/${page.path}`}>{t(`nav.pages.${page.key}`)}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section className="card">
          <h2>{t('home.account')}</h2>
          <ul className="link-list">
            <li>
              <Link to="/sessions">{t('nav.pages.sessions')}</Link>
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
