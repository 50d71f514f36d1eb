import { Outlet } from 'react-router';
import { ForcedPasswordChange } from '../../features/auth/components/forced-password-change';
import { useSystemStatus } from '../../lib/system-status';
import { ScrollManager } from './scroll-manager';

export function RootLayout() {
  const { data: status } = useSystemStatus();
  return (
    <>
      <ScrollManager />
      <Outlet />
      {status ? <ForcedPasswordChange status={status} /> : null}
    </>
  );
}
