import { useTranslation } from 'react-i18next';
import { NotBuilt } from '../../../components/not-built';

export function PointsMallRoute() {
  const { t } = useTranslation();
  return <NotBuilt title={t('screens.points_mall')} />;
}
