import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { useSystemStatus } from '../../system/api/get-system-status';
import { useSecurityOverview } from '../api/get-security-overview';
import { AuthenticatorSection } from './authenticator-section';
import { ChangesSection } from './changes-section';
import { ContactSection } from './contact-section';
import { LoginsSection } from './logins-section';
import { PasswordsSection } from './passwords-section';
import { ProfileSection } from './profile-section';
import './security-centre.css';

/**
 * securityCenter ("My account", SPEC §2): profile and avatar, e-mail and mobile, passwords, the
 * authenticator, recent log-ins and the record of changes, one card each.
 */
export function SecurityCentrePanel() {
  const { t } = useTranslation();
  const overview = useSecurityOverview();
  const status = useSystemStatus();

  return (
    <div className="security-centre" data-testid="security-centre">
      <ProfileSection />
      {overview.isPending || status.isPending ? (
        <PageLoader />
      ) : overview.isError ? (
        <LoadError
          error={overview.error}
          onRetry={() => void overview.refetch()}
          retryLabel={t('security.retry')}
        />
      ) : status.isError ? (
        <LoadError
          error={status.error}
          onRetry={() => void status.refetch()}
          retryLabel={t('security.retry')}
        />
      ) : (
        <>
          <ContactSection overview={overview.data} status={status.data} />
          <PasswordsSection overview={overview.data} status={status.data} />
          <AuthenticatorSection overview={overview.data} />
        </>
      )}
      <LoginsSection />
      <ChangesSection />
    </div>
  );
}
