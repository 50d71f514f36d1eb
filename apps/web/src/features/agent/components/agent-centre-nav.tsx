import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icon';
import { paths, type AgentCentrePage } from '../../../lib/paths';

const pageIcons: Record<AgentCentrePage, IconName> = {
  agentAnnouncement: 'info',
  agentTeamOverview: 'user',
  registerCenter: 'feather',
  downlineManagmentView: 'wrench',
  personalHistoryCopy: 'ticket',
  palStatementsAgentCopy: 'eye',
  agentRevenueReport: 'trophy',
  agentDownlineTransactionDetailsCopy: 'swap',
  agentDividendRecordCopy2: 'gift',
  agentDailyWages2: 'bag',
  agentHourSalary: 'refresh',
  agentRealtimeSalary: 'flame',
  deposit: 'deposit',
  withdraw: 'withdraw',
  messages: 'bell',
  customerService: 'headset',
};

/**
 * The agent centre's pages (SPEC §2): a column beside the page on wide screens, a strip that
 * scrolls sideways under the header on phones. `pages` are the ones the merchant turns on (the
 * dividend record only where dividends are). `badges` are red counts beside page names (the
 * unread messages), which other features own.
 */
export function AgentCentreNav({
  pages,
  badges = {},
}: {
  pages: readonly AgentCentrePage[];
  badges?: Partial<Record<AgentCentrePage, ReactNode>>;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // Opened on a deep link, the phone strip would hide the current page off to the side.
  useEffect(() => {
    const current = listRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && typeof current.scrollIntoView === 'function') {
      current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }, [pathname]);

  return (
    <nav className="agent-nav" aria-label={t('agent.menu')} data-testid="agent-nav">
      <ul ref={listRef}>
        <li>
          <NavLink to={paths.agentHome.href()} end className="agent-nav-link">
            <Icon name="home" size={18} />
            <span>{t('agent.home')}</span>
          </NavLink>
        </li>
        {pages.map((page) => (
          <li key={page}>
            <NavLink to={paths.agentHome.href(page)} className="agent-nav-link">
              <Icon name={pageIcons[page]} size={18} />
              <span>{t(`agent.pages.${page}`)}</span>
              {badges[page]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
