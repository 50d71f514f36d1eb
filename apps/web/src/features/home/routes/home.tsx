import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isMenuCategory, type MenuCategory } from '../../../lib/game-categories';
import { searchParams } from '../../../lib/paths';

export interface HomeRouteProps {
  /**
   * The page's content for the chosen category (null for HOME). The app passes it in, since the
   * games belong to another feature.
   */
  lobby: (category: MenuCategory | null) => ReactNode;
}

/**
 * The home page (SPEC §2). A side-menu category other than RNG and PVP stays on this page with
 * `?category=`; RNG and PVP have pages of their own, so here they read as HOME.
 */
export function HomeRoute({ lobby }: HomeRouteProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [query] = useSearchParams();
  const requested = query.get(searchParams.category);
  const category =
    isMenuCategory(requested) && requested !== 'HOME' && requested !== 'RNG' && requested !== 'PVP'
      ? requested
      : null;
  const title = category ? t(`categories.${category}`) : t('screens.home');
  useDocumentTitle(category ? title : null);

  return (
    <div className="home" data-testid="home">
      <h1 id={titleId} className={category ? 'home-title' : 'visually-hidden'}>
        {title}
      </h1>
      {lobby(category)}
    </div>
  );
}
