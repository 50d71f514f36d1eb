import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/icon';
import { LanguageSelect } from '../../components/language-select';
import { QrCode } from '../../components/qr-code';
import { ThemeToggle } from '../../components/theme-toggle';
import { usePhoneWidth } from '../../hooks/use-phone-width';
import { openRegionPopup } from '../../features/content/lib/region-popup';
import { CustomerServiceButton } from '../../features/system/components/customer-service-button';
import { useSystemStatus } from '../../lib/system-status';
import { usePromotionSummary } from '../../features/promotions/api/get-summary';
import type { PromotionSummary } from '../../features/promotions/lib/types';
import { isMenuCategory, menuCategories, type MenuCategory } from '../../lib/game-categories';
import { selectableLanguages, useCurrentLanguage } from '../../lib/i18n';
import { categoryHref, paths, searchParams } from '../../lib/paths';
import {
  isAgentType,
  trialCustomerType,
  useCustomerType,
  useSessionToken,
} from '../../lib/session';
import { appDownloadLinks, appResourceTypes, type AppPlatform } from '../../lib/site-resources';
import { useSignInTicket } from '../../lib/sign-in-ticket';
import { SocialLinks } from './social-links';

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

/** SPEC §9: the side menu's download QR codes are 78 px square. */
export const downloadQrSize = 78;

/**
 * SPEC §2 and §6: agents invite from the agent centre's register centre; members see the
 * refer-and-earn page only while a referral promotion runs (the public state's availablePromo
 * REFERRAL); visitors and trial players never.
 */
export function referralMenuHref(
  summary: PromotionSummary | undefined,
  token: string | null,
  customerType: number | null,
): string | null {
  if (!token || customerType === null || customerType === trialCustomerType) return null;
  if (isAgentType(customerType)) return paths.agentHome.href('registerCenter');
  const referralOn =
    summary?.availablePromo.some((p) => p.type === 'REFERRAL' && p.enabled) ?? false;
  return referralOn ? paths.member.href('referral') : null;
}

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

/** A scannable link to a platform's download guide; the code also opens it on this device. */
function DownloadQr({ platform, href }: { platform: AppPlatform; href: string }) {
  const { t } = useTranslation();
  const label = t(platform === 'ios' ? 'nav.download_ios' : 'nav.download_android');
  return (
    <a href={href} className="download-qr" data-testid={`download-qr-${platform}`} title={label}>
      <span className="download-qr-code">
        <QrCode value={href} size={downloadQrSize} label={t('nav.qr_code_for', { name: label })} />
      </span>
      <span className="download-qr-label">{label}</span>
    </a>
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
  const token = useSessionToken();
  const customerType = useCustomerType();
  const language = useCurrentLanguage();
  const closeRef = useRef<HTMLButtonElement>(null);
  const phone = usePhoneWidth();
  // On a phone, the closed drawer's heavier parts are built the first time it opens: the language
  // select names every language in its own script (a phone would fetch and shape a font for each
  // before the page settles) and the app codes draw themselves.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const built = !phone || opened;
  const active = activeCategory(pathname, search);
  const { data: summary } = usePromotionSummary();
  const referralHref = referralMenuHref(summary, token, customerType);
  const agentReferral = isAgentType(customerType);
  const appResources = (status?.info.resources ?? []).some((resource) =>
    Object.values(appResourceTypes).includes(resource.resourceType as never),
  );
  // Signed-in players' codes sign the phone in with a one-time ticket, never the session token.
  const { data: ticket } = useSignInTicket(
    appResources && token !== null && customerType !== null && customerType !== trialCustomerType,
  );
  const downloads = appDownloadLinks(status?.info.resources ?? [], {
    origin: window.location.origin,
    language,
    ticket: token ? (ticket?.ticket ?? null) : null,
  });

  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  // Escape closes the open drawer wherever focus is (the page behind it, the cover).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onDismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onDismiss]);

  const classes = ['side-menu', open && 'is-open', collapsed && 'is-collapsed'].filter(Boolean);

  return (
    <aside
      id="side-menu"
      className={classes.join(' ')}
      data-testid="side-menu"
      aria-label={t('nav.main_menu')}
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
          <li>
            <MenuLink
              to={paths.lobby.href()}
              icon="search"
              label={t('lobby.title')}
              current={pathname === paths.lobby.path}
              onNavigate={onNavigate}
            />
          </li>
        </ul>
        <ul className="menu-list menu-list-secondary">
          {referralHref ? (
            <li>
              <MenuLink
                to={referralHref}
                icon="users"
                label={t(agentReferral ? 'nav.invite_agent' : 'nav.refer_friends')}
                current={`${pathname}${search}` === referralHref}
                onNavigate={onNavigate}
              />
            </li>
          ) : null}
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
          <li>
            <MenuLink
              to={paths.redEnvelope.href()}
              icon="envelope"
              label={t('red_envelope.page.title')}
              current={pathname === paths.redEnvelope.path}
              onNavigate={onNavigate}
            />
          </li>
          <li>
            <MenuLink
              to={paths.winners.href()}
              icon="trophy"
              label={t('winners.title')}
              current={pathname === paths.winners.path}
              onNavigate={onNavigate}
            />
          </li>
          <li>
            <MenuLink
              to={paths.news.href()}
              icon="megaphone"
              label={t('articles.news_title')}
              current={pathname.startsWith(paths.news.path)}
              onNavigate={onNavigate}
            />
          </li>
          <li>
            <MenuLink
              to={paths.blog.href()}
              icon="receipt"
              label={t('articles.blog_title')}
              current={pathname.startsWith(paths.blog.path)}
              onNavigate={onNavigate}
            />
          </li>
        </ul>
      </nav>

      {built && downloads.length > 0 ? (
        <section className="menu-downloads" aria-label={t('nav.download_app')}>
          <h2 className="menu-heading">{t('nav.download_app')}</h2>
          <ul className="download-qrs">
            {downloads.map((download) => (
              <li key={download.platform}>
                <DownloadQr platform={download.platform} href={download.href} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="menu-settings" role="group" aria-label={t('nav.settings')}>
        <CustomerServiceButton
          entries={status?.info.customerService ?? []}
          className="menu-button"
        />
        <SocialLinks
          resources={status?.info.resources ?? []}
          className="social-links menu-social"
        />
        {built ? (
          <LanguageSelect languages={selectableLanguages(status?.merchant.langList ?? [])} />
        ) : null}
        {status && status.regions.length > 1 ? (
          <button
            type="button"
            className="menu-button region-button"
            aria-haspopup="dialog"
            onClick={openRegionPopup}
          >
            <Icon name="globe" size={18} />
            <span className="menu-label">{t('region.open')}</span>
          </button>
        ) : null}
        <ThemeToggle />
      </div>
    </aside>
  );
}
