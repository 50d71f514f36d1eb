import { AgentHomeRoute } from '../../features/agent/routes/agent-home';
import { useNickname } from '../../features/auth/lib/use-nickname';
import { useSystemStatus } from '../../lib/system-status';

/** /agentHome: the welcome page, with the agent's nickname and the merchant's time zone. */
export function AgentHomePage() {
  const { data: status } = useSystemStatus();
  const nickname = useNickname();
  return <AgentHomeRoute nickname={nickname} timeZone={status?.merchant.timeZone} />;
}
