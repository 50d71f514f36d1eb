import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotBuilt } from '../../../components/not-built';
import { isMenuCategory } from '../../../lib/game-categories';
import { searchParams } from '../../../lib/paths';

export function HomeRoute() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const category = query.get(searchParams.category);
  // RNG and PVP have pages of their own (SPEC §2), so on the home page they read as HOME.
  const shown =
    isMenuCategory(category) && category !== 'HOME' && category !== 'RNG' && category !== 'PVP'
      ? category
      : null;

  return (
    <NotBuilt
      title={t('screens.home')}
      details={shown ? t('not_built.category', { name: t(`categories.${shown}`) }) : undefined}
    />
  );
}
