import { AgentLandingRoute } from '../../features/agent/routes/agent-landing';
import { AgentLoginForm } from '../../features/auth/components/agent-login-form';
import { useSystemStatus } from '../../lib/system-status';

/** /agent with the auth feature's agent log-in form in it. */
export function AgentLandingPage() {
  // The status gate renders routes only once the status has arrived.
  const { data: status } = useSystemStatus();
  return <AgentLandingRoute loginForm={status ? <AgentLoginForm status={status} /> : null} />;
}
