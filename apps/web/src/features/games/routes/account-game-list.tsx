import { useTranslation } from 'react-i18next';
import { NotBuilt } from '../../../components/not-built';

export function AccountGameListRoute({ list }: { list: 'favorite' | 'recent' }) {
  const { t } = useTranslation();
  return <NotBuilt title={t(`screens.${list}`)} />;
}
