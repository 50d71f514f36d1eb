import { useTranslation } from 'react-i18next';
import { NotBuilt } from '../../../components/not-built';

export function MemberCentreRoute() {
  const { t } = useTranslation();
  return <NotBuilt title={t('screens.member_centre')} />;
}
