import { Link, Outlet } from 'react-router';
import { LogoMark } from '../../components/logo-mark';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon';
import { LanguageSelect } from '../../components/language-select';
import { ThemeToggle } from '../../components/theme-toggle';
import { useSystemStatus } from '../../lib/system-status';
import { selectableLanguages } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/** The agent area's own frame (SPEC §2): no player side menu, footer or log-in buttons. */
export function AgentLayout() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  return (
    <div className="agent-layout" data-testid="agent-layout">
      <header className="agent-header">
        <Link to={paths.agent.href()} className="logo">
          <LogoMark />
          <span className="logo-text">Taya</span>
        </Link>
        <p className="agent-header-title">{t('agent.title')}</p>
        <div className="header-actions">
          <LanguageSelect languages={selectableLanguages(status?.merchant.langList ?? [])} />
          <ThemeToggle />
          <Link to={paths.home.href()} className="button button-secondary back-link">
            <Icon name="arrowLeft" size={18} />
            <span className="responsive-label">{t('agent.back_to_site')}</span>
          </Link>
        </div>
      </header>
      <main id="main" className="agent-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
