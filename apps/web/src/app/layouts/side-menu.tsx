import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/icon';
import { LanguageSelect } from '../../components/language-select';
import { ThemeToggle } from '../../components/theme-toggle';
import { CustomerServiceButton } from '../../features/system/components/customer-service-button';
import { useSystemStatus } from '../../features/system/api/get-system-status';
import { isMenuCategory, menuCategories, type MenuCategory } from '../../lib/game-categories';
import { selectableLanguages } from '../../lib/i18n';
import { categoryHref, paths, searchParams } from '../../lib/paths';

const categoryIcons: Record<MenuCategory, IconName> = {
  HOME: 'home',
  HOT: 'flame',
  RNG: 'slots',
  LIVE: 'live',
  FISH: 'fish',
  PVP: 'cards',
  LOTT: 'ball',
  ELOTT: 'ticket',
  SPORTS: 'football',
  ESPORTS: 'gamepad',
  COCKFIGHT: 'feather',
};

const homePaths: readonly string[] = [paths.home.path, ...paths.homeAliases];

/** Which category the current address shows, mirroring `categoryHref`. */
function activeCategory(pathname: string, search: string): MenuCategory | null {
  if (pathname === paths.rng.path) return 'RNG';
  if (pathname === paths.pvp.path) return 'PVP';
  if (!homePaths.includes(pathname)) return null;
  const category = new URLSearchParams(search).get(searchParams.category);
  return isMenuCategory(category) && category !== 'RNG' && category !== 'PVP' ? category : 'HOME';
}

function MenuLink({
  to,
  icon,
  label,
  current,
  onNavigate,
}: {
  to: string;
  icon: IconName;
  label: string;
  current: boolean;
  onNavigate: () => void;
}) {
  return (
    <Link
      to={to}
      className="menu-link"
      aria-current={current ? 'page' : undefined}
      title={label}
      onClick={onNavigate}
    >
      <Icon name={icon} />
      <span className="menu-label">{label}</span>
    </Link>
  );
}

export interface SideMenuProps {
  /** Phones: whether the drawer is showing. Wider screens always show the menu. */
  open: boolean;
  /** Wider screens: icons only. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Close the drawer after following a link (focus goes with the new page). */
  onNavigate: () => void;
  /** Close the drawer without navigating (Escape, close button): focus returns to the opener. */
  onDismiss: () => void;
}

export function SideMenu({
  open,
  collapsed,
  onToggleCollapsed,
  onNavigate,
  onDismiss,
}: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { data: status } = useSystemStatus();
  const closeRef = useRef<HTMLButtonElement>(null);
  const active = activeCategory(pathname, search);

  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  const classes = ['side-menu', open && 'is-open', collapsed && 'is-collapsed'].filter(Boolean);

  return (
    <aside
      id="side-menu"
      className={classes.join(' ')}
      data-testid="side-menu"
      aria-label={t('nav.main_menu')}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) onDismiss();
      }}
    >
      <div className="side-menu-top">
        <button
          ref={closeRef}
          type="button"
          className="icon-button drawer-close"
          aria-label={t('nav.close_menu')}
          onClick={onDismiss}
        >
          <Icon name="close" />
        </button>
        <button
          type="button"
          className="icon-button collapse-toggle"
          aria-label={t(collapsed ? 'nav.expand_menu' : 'nav.collapse_menu')}
          aria-expanded={!collapsed}
          aria-controls="side-menu"
          onClick={onToggleCollapsed}
        >
          <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
        </button>
      </div>

      <nav aria-label={t('nav.games')}>
        <ul className="menu-list">
          {menuCategories.map((category) => (
            <li key={category}>
              <MenuLink
                to={categoryHref(category)}
                icon={categoryIcons[category]}
                label={t(`categories.${category}`)}
                current={active === category}
                onNavigate={onNavigate}
              />
            </li>
          ))}
        </ul>
        <ul className="menu-list menu-list-secondary">
          <li>
            <MenuLink
              to={paths.promotions.href()}
              icon="gift"
              label={t('nav.promotions')}
              current={pathname === paths.promotions.path}
              onNavigate={onNavigate}
            />
          </li>
          <li>
            <MenuLink
              to={paths.pointMall.href()}
              icon="bag"
              label={t('nav.points_mall')}
              current={pathname === paths.pointMall.path}
              onNavigate={onNavigate}
            />
          </li>
        </ul>
      </nav>

      <div className="menu-settings" role="group" aria-label={t('nav.settings')}>
        <CustomerServiceButton
          entries={status?.info.customerService ?? []}
          className="menu-button"
        />
        <LanguageSelect languages={selectableLanguages(status?.merchant.langList ?? [])} />
        <ThemeToggle />
      </div>
    </aside>
  );
}
