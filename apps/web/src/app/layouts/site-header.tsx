import type { ReactNode } from 'react';
import { LogoMark } from '../../components/logo-mark';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { NoticeBell } from '../../features/content/components/notice-bell';
import { ChatFloat } from '../../features/support/components/chat-float';
import { RewardBadge } from '../../features/promotions/components/reward-badge';
import { useSystemStatus } from '../../lib/system-status';
import { HeaderBalance } from '../../features/wallet/components/header-balance';
import { paths } from '../../lib/paths';
import { trialCustomerType, useCustomerType, useSessionToken } from '../../lib/session';

/**
 * The site header. `leading` holds what sits before the logo: the phone-only drawer button on
 * the site layout, a back link on game pages.
 */
export function SiteHeader({ leading }: { leading?: ReactNode }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const customerType = useCustomerType();
  const { data: status } = useSystemStatus();
  // SPEC §2 and §4: members and agents see their wallet; trial players have none.
  const showWallet =
    token !== null &&
    status !== undefined &&
    customerType !== null &&
    customerType !== trialCustomerType;

  return (
    <header className="site-header" data-testid="site-header">
      {leading}
      <Link to={paths.home.href()} className="logo" aria-label={t('nav.home_link')}>
        <LogoMark />
        <span className="logo-text">Taya</span>
      </Link>
      {showWallet ? <HeaderBalance /> : null}
      <div className="header-actions">
        <ChatFloat variant="header" />
        <NoticeBell />
        {token && status ? (
          <AccountMenu status={status} rewardBadge={<RewardBadge />} />
        ) : (
          <>
            <Link to={paths.login.href()} className="button button-secondary">
              {t('header.login')}
            </Link>
            <Link to={paths.register.href()} className="button button-primary">
              {t('header.register')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
