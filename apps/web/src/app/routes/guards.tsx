import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { isAgentType, useCustomerType, useSessionToken } from '../../lib/session';

/** SPEC §2: routes that need a log-in send guests to the log-in popup. */
export function RequireAuth() {
  const token = useSessionToken();
  const location = useLocation();
  if (!token) return <Navigate to={paths.login.href()} replace state={{ from: location }} />;
  return <Outlet />;
}

/** SPEC §2: guests and non-agents reaching the agent centre go back to the agent log-in page. */
export function RequireAgent() {
  const token = useSessionToken();
  const customerType = useCustomerType();
  if (!token || !isAgentType(customerType)) return <Navigate to={paths.agent.href()} replace />;
  return <Outlet />;
}
