import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon';
import { paths } from '../../lib/paths';
import { SiteHeader } from './site-header';

/** Game pages give the game the whole width: header only, no side menu or footer (SPEC §2). */
export function GameLayout() {
  const { t } = useTranslation();
  return (
    <div className="game-layout" data-testid="game-layout">
      <SiteHeader
        leading={
          <Link
            to={paths.home.href()}
            className="icon-button"
            aria-label={t('game.back')}
            title={t('game.back')}
          >
            <Icon name="arrowLeft" />
          </Link>
        }
      />
      <main id="main" className="game-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
