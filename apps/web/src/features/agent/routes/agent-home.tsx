import { useTranslation } from 'react-i18next';
import { NotBuilt } from '../../../components/not-built';

export function AgentHomeRoute() {
  const { t } = useTranslation();
  return <NotBuilt title={t('screens.agent_centre')} />;
}
