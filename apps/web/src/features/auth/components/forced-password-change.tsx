import { useNavigate } from 'react-router';
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
  if (!token || !mustChange) return null;
  return (
    <ChangePasswordPopup
      status={status}
      forced
      onDone={() =>
        void navigate(isAgentType(customerType) ? paths.agentHome.href() : paths.home.href())
      }
    />
  );
}
