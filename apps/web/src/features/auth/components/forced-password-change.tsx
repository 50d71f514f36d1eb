import { useLocation, useNavigate } from 'react-router';
import type { SystemStatusValue } from '@taya/contracts';
import { paths } from '../../../lib/paths';
import {
  isAgentType,
  useCustomerType,
  useMustChangePassword,
  useSessionToken,
} from '../../../lib/session';
import { ChangePasswordPopup } from './change-password-popup';

/**
 * SPEC §4: after a log-in with an expired password the change-password popup stays up, without a
 * close button, until the password is changed (or the player signs out) — across reloads too.
 */
export function ForcedPasswordChange({ status }: { status: SystemStatusValue }) {
  const token = useSessionToken();
  const mustChange = useMustChangePassword();
  const customerType = useCustomerType();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!token || !mustChange) return null;
  // Signing out from the agent page or centre goes back to the agent page (SPEC §2).
  const inAgentArea = pathname.startsWith(paths.agent.path);
  return (
    <ChangePasswordPopup
      status={status}
      forced
      signedOutTo={inAgentArea ? paths.agent.href() : paths.home.href()}
      onDone={() =>
        void navigate(isAgentType(customerType) ? paths.agentHome.href() : paths.home.href())
      }
    />
  );
}
