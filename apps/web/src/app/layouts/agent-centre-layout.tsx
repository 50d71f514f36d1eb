import { useRef, useState } from 'react';
import { LogoMark } from '../../components/logo-mark';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon';
import { LanguageSelect } from '../../components/language-select';
import { ThemeToggle } from '../../components/theme-toggle';
import { ZoneClock } from '../../components/zone-clock';
import { AgentCentreNav } from '../../features/agent/components/agent-centre-nav';
import { UnreadMessageBadge } from '../../features/content/components/unread-message-badge';
import { SignOutDialog } from '../../features/auth/components/sign-out-dialog';
import { useNickname } from '../../features/auth/lib/use-nickname';
import { useSystemStatus } from '../../lib/system-status';
import { enabledAgentPages } from '../../lib/agent-screens';
import { selectableLanguages } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/**
 * The agent centre's frame (SPEC §2): a header with the merchant's GMT offset and live clock, the
 * agent's nickname and sign-out (which returns to /agent), then the centre's menu beside — or, on
 * phones, above — the page. No player side menu or footer. Only agents get here (`RequireAgent`).
 */
export function AgentCentreLayout() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const nickname = useNickname();
  const [signingOut, setSigningOut] = useState(false);
  const signOutRef = useRef<HTMLButtonElement>(null);

  return (
    <div className="agent-layout agent-centre" data-testid="agent-centre-layout">
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <header className="agent-header agent-centre-header" data-testid="agent-centre-header">
        <Link to={paths.agentHome.href()} className="logo" aria-label={t('screens.agent_centre')}>
          <LogoMark />
          <span className="logo-text">Taya</span>
        </Link>
        <p className="agent-header-title">{t('screens.agent_centre')}</p>
        {status ? (
          <ZoneClock
            timeZone={status.merchant.timeZone}
            label={t('agent.merchant_time')}
            className="agent-clock"
          />
        ) : null}
        <div className="header-actions">
          <span
            className="agent-nickname"
            data-testid="agent-nickname"
            aria-busy={nickname === null}
          >
            <Icon name="user" size={18} />
            <span className="agent-nickname-text" title={nickname ?? undefined}>
              {nickname ?? '…'}
            </span>
          </span>
          <LanguageSelect languages={selectableLanguages(status?.merchant.langList ?? [])} />
          <ThemeToggle />
          <button
            ref={signOutRef}
            type="button"
            className="button button-secondary agent-sign-out"
            onClick={() => setSigningOut(true)}
          >
            <Icon name="logout" size={18} />
            <span className="responsive-label">{t('account.sign_out')}</span>
          </button>
        </div>
      </header>
      <div className="agent-centre-body">
        <AgentCentreNav
          pages={enabledAgentPages(status)}
          badges={{ messages: <UnreadMessageBadge /> }}
        />
        <main id="main" className="agent-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {signingOut ? (
        <SignOutDialog
          signedOutTo={paths.agent.href()}
          onClose={() => {
            setSigningOut(false);
            signOutRef.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
