import { useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon';
import { ChatFloat } from '../../features/support/components/chat-float';
import { SitePopups } from '../../features/content/components/site-popups';
import { RedEnvelopeRain } from '../../features/red-envelopes/components/red-envelope-rain';
import { SideMenu } from './side-menu';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Side menu, header, main view and footer: every route except game pages and the agent area. */
export function SiteLayout() {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const drawerButtonRef = useRef<HTMLButtonElement>(null);

  const dismissDrawer = () => {
    setDrawerOpen(false);
    drawerButtonRef.current?.focus();
  };

  return (
    <div className={collapsed ? 'site is-collapsed' : 'site'} data-testid="site-layout">
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <SideMenu
        open={drawerOpen}
        collapsed={collapsed}
        onToggleCollapsed={() => setCollapsed((value) => !value)}
        onNavigate={() => setDrawerOpen(false)}
        onDismiss={dismissDrawer}
      />
      {drawerOpen ? (
        <div className="drawer-backdrop" aria-hidden="true" onClick={dismissDrawer} />
      ) : null}
      <div className="site-body">
        <SiteHeader
          leading={
            <button
              ref={drawerButtonRef}
              type="button"
              className="icon-button drawer-toggle"
              aria-label={t('nav.open_menu')}
              aria-expanded={drawerOpen}
              aria-controls="side-menu"
              onClick={() => setDrawerOpen(true)}
            >
              <Icon name="menu" />
            </button>
          }
        />
        <main id="main" className="site-main" tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter />
      </div>
      <ChatFloat />
      <SitePopups />
      <RedEnvelopeRain />
    </div>
  );
}
