import { Suspense, useState } from 'react';
import { NavLink, Outlet, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../auth/operator-context';
import { SwitchMerchantDialog } from '../auth/switch-merchant-dialog';
import { LoadingState } from '../components/states';
import { navFor } from './pages';
import { sections } from './sections';

const collapsedKey = 'taya.console.navCollapsed';

function NavIcon({ path }: { path: string }) {
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}

/** The console's frame: top bar, grouped left nav (only what the role may read), the page. */
export function Layout() {
  const { t } = useTranslation();
  const { operator, may, signOut } = useOperator();
  const [collapsed, setCollapsed] = useState(
    () => localStorage.getItem(collapsedKey) === '1' || window.innerWidth < 1100,
  );
  const [switching, setSwitching] = useState(false);
  if (!operator) return null;
  const groups = navFor(may, sections);
  const iconOf = (id: string) => sections.find((s) => s.id === id)?.icon ?? '';
  const severalMerchants = operator.merchants === null || operator.merchants.length > 1;

  const toggle = () => {
    setCollapsed(!collapsed);
    localStorage.setItem(collapsedKey, collapsed ? '0' : '1');
  };

  return (
    <div className={collapsed ? 'shell nav-collapsed' : 'shell'}>
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <header className="topbar" data-testid="topbar">
        <button
          type="button"
          className="btn btn-ghost nav-toggle"
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-controls="console-nav"
          aria-label={collapsed ? t('layout.expandNav') : t('layout.collapseNav')}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            T
          </span>
          <span className="brand-text">{t('layout.brand')}</span>
        </Link>
        <div className="topbar-spacer" />
        <div className="topbar-item" data-testid="topbar-merchant">
          <span className="topbar-label">{t('layout.merchant')}</span>
          <strong>{operator.merchantCode}</strong>
          {severalMerchants && (
            <button type="button" className="btn btn-small" onClick={() => setSwitching(true)}>
              {t('layout.switchMerchant')}
            </button>
          )}
        </div>
        <div className="topbar-item" data-testid="topbar-operator">
          <span className="topbar-user">{operator.username}</span>
          <span className="badge badge-info">{t(`roles.${operator.role}`)}</span>
        </div>
        <Link className="btn btn-small btn-ghost" to="/sessions">
          {t('nav.pages.sessions')}
        </Link>
        <button type="button" className="btn btn-small" onClick={() => void signOut()}>
          {t('layout.logOut')}
        </button>
      </header>
      <nav id="console-nav" className="sidenav" aria-label={t('layout.navLabel')}>
        <NavLink to="/" end className="nav-item" title={t('nav.home')}>
          <NavIcon path="M3 11l9-8 9 8v10h-6v-6H9v6H3z" />
          <span className="nav-text">{t('nav.home')}</span>
        </NavLink>
        {groups.map((group) => (
          <div className="nav-group" key={group.section}>
            <div className="nav-group-title">
              <span className="nav-text">{t(`nav.sections.${group.section}`)}</span>
            </div>
            {group.pages.map((page) => (
              <NavLink
                key={page.path}
                to={`/${page.path}`}
                // A page whose path starts another's (agents, agents/settlements) is lit alone.
                end={group.pages.some((other) => other.path.startsWith(`${page.path}/`))}
                className="nav-item"
                title={t(`nav.pages.${page.key}`)}
              >
                <NavIcon path={iconOf(group.section)} />
                <span className="nav-text">{t(`nav.pages.${page.key}`)}</span>
              </NavLink>
            ))}
          </div>
        ))}
      </nav>
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      {severalMerchants && (
        <SwitchMerchantDialog open={switching} onOpenChange={setSwitching} operator={operator} />
      )}
    </div>
  );
}
