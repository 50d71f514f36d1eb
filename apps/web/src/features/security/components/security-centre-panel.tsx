import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { useSystemStatus } from '../../../lib/system-status';
import { useSecurityOverview } from '../api/get-security-overview';
import { AuthenticatorSection } from './authenticator-section';
import { ChangesSection } from './changes-section';
import { ContactSection } from './contact-section';
import { LoginsSection } from './logins-section';
import { PasswordsSection, type ChangePasswordPopupSlot } from './passwords-section';
import { ProfileSection } from './profile-section';

/**
 * securityCenter ("My account", SPEC §2): profile and avatar, e-mail and mobile, passwords, the
 * authenticator, recent log-ins and the record of changes, one card each. The log-in password's
 * change popup belongs to the auth feature: the route passes it in as `changePasswordPopup`.
 */
export function SecurityCentrePanel({
  changePasswordPopup,
}: {
  changePasswordPopup: (slot: ChangePasswordPopupSlot) => ReactNode;
}) {
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
          <PasswordsSection
            overview={overview.data}
            status={status.data}
            changePasswordPopup={changePasswordPopup}
          />
          <AuthenticatorSection overview={overview.data} />
        </>
      )}
      <LoginsSection />
      <ChangesSection />
    </div>
  );
}
