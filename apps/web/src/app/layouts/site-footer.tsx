import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicPaymentChannels } from '../../features/cashier/api/get-public-channels';
import { useGameVendors } from '../../features/games/api/get-game-vendors';
import { categoryPage } from '../../features/games/lib/categories';
import type { VendorLane } from '../../features/games/lib/types';
import { openRegionPopup } from '../../features/content/lib/region-popup';
import { useSystemStatus } from '../../lib/system-status';
import { isMenuCategory } from '../../lib/game-categories';
import { paths, type HelpTag } from '../../lib/paths';
import { SocialLinks } from './social-links';

/**
 * The site resource holding the operator's licence: its label is the licence statement (as the
 * regulator words it), its address the page with the details. Without one, no licence line.
 */
export const licenceResourceType = 'LICENCE';

/** SPEC §2: the footer's vendor logos leave this vendor out. */
export const footerExcludedVendors: readonly string[] = ['TCG_SEA'];

const helpLinks = [
  ['aboutus', 'footer.help_aboutus'],
  ['deposit', 'footer.help_deposit'],
  ['withdraw', 'footer.help_withdraw'],
  ['game', 'footer.help_game'],
  ['faqs', 'footer.help_faqs'],
  ['terms', 'footer.help_terms'],
] as const satisfies readonly (readonly [HelpTag, string])[];

/** Where a vendor's games are listed: RNG filters its list by vendor; others open the category. */
function vendorHref(gameType: string, vassalage: string): string {
  if (gameType === 'RNG') return paths.rng.href(vassalage);
  return (isMenuCategory(gameType) && categoryPage(gameType)) || paths.home.href();
}

interface FooterVendor {
  vassalage: string;
  displayName: string;
  icon: string | null;
}

/** Each vendor once, in lane order, without the excluded ones. */
function footerVendors(lanes: readonly VendorLane[]): FooterVendor[] {
  const seen = new Map<string, FooterVendor>();
  for (const lane of lanes) {
    for (const card of lane.cards) {
      if (footerExcludedVendors.includes(card.vassalage) || seen.has(card.vassalage)) continue;
      seen.set(card.vassalage, {
        vassalage: card.vassalage,
        displayName: card.displayName,
        icon: card.lagerIcon,
      });
    }
  }
  return [...seen.values()];
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className="footer-column" aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const { data: lanes = [] } = useGameVendors();
  const vendors = footerVendors(lanes);
  const productLanes = lanes
    .map((lane) => ({
      ...lane,
      cards: lane.cards.filter((card) => !footerExcludedVendors.includes(card.vassalage)),
    }))
    .filter((lane) => lane.cards.length > 0);
  // The ways this merchant really takes deposits now (its enabled channels), by name.
  const { data: channels = [] } = usePublicPaymentChannels(status?.merchant.merchantCode);
  const methods = [...new Set(channels.map((channel) => channel.name))];
  const licence = status?.info.resources.find((r) => r.resourceType === licenceResourceType);
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="footer-columns">
        {productLanes.length > 0 ? (
          <FooterColumn title={t('footer.products')}>
            <ul className="footer-products">
              {productLanes.map((lane) => (
                <li key={lane.gameType}>
                  <span className="footer-category">
                    {isMenuCategory(lane.gameType) ? t(`categories.${lane.gameType}`) : lane.title}
                  </span>
                  <ul className="footer-list">
                    {lane.cards.map((card) => (
                      <li key={card.vassalage}>
                        <Link to={vendorHref(lane.gameType, card.vassalage)}>
                          {card.displayName}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </FooterColumn>
        ) : null}

        <FooterColumn title={t('footer.help')}>
          <ul className="footer-list">
            {helpLinks.map(([tag, label]) => (
              <li key={tag}>
                <Link to={paths.help.href(tag)}>{t(label)}</Link>
              </li>
            ))}
          </ul>
        </FooterColumn>

        <FooterColumn title={t('footer.contact')}>
          <ul className="footer-list">
            <li>
              <Link to={paths.chat.href()}>{t('footer.live_chat')}</Link>
            </li>
            <li>
              <Link to={paths.feedback.href()}>{t('footer.complaints')}</Link>
            </li>
            <li>
              <Link to={paths.agent.href()}>{t('footer.affiliate')}</Link>
            </li>
            <li>
              <Link to={paths.promotions.href()}>{t('nav.promotions')}</Link>
            </li>
          </ul>
        </FooterColumn>

        <FooterColumn title={t('footer.follow_us')}>
          <SocialLinks resources={status?.info.resources ?? []} />
        </FooterColumn>
      </div>

      <div className="footer-badges">
        <ul className="badge-row" aria-label={t('footer.responsible_gaming')}>
          <li>
            <span className="rg-badge rg-age" role="img" aria-label={t('footer.age_notice')}>
              18+
            </span>
          </li>
          <li>
            <span className="rg-badge rg-play">
              <svg
                className="icon"
                width={18}
                height={18}
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.8}
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d="M12 3l8 3v6c0 4.5-3.5 8-8 9-4.5-1-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5" />
              </svg>
              {t('footer.play_responsibly')}
            </span>
          </li>
        </ul>
        {methods.length > 0 ? (
          <ul
            className="badge-row"
            aria-label={t('footer.payment_methods')}
            data-testid="payment-methods"
          >
            {methods.map((method) => (
              <li key={method}>
                <span className="pay-badge">{method}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {vendors.length > 0 ? (
        <ul className="vendor-logos" aria-label={t('footer.providers')} data-testid="vendor-logos">
          {vendors.map((vendor) => (
            <li key={vendor.vassalage} className="vendor-logo">
              {vendor.icon ? (
                <img src={vendor.icon} alt="" loading="lazy" decoding="async" />
              ) : null}
              <span>{vendor.displayName}</span>
            </li>
          ))}
        </ul>
      ) : null}

      {licence ? (
        <p className="footer-licence" data-testid="footer-licence">
          {licence.labelNameEn}{' '}
          {/^https?:\/\//.test(licence.url) ? (
            <a href={licence.url} target="_blank" rel="noopener noreferrer">
              {t('footer.licence_link')}
            </a>
          ) : licence.url ? (
            <Link to={licence.url}>{t('footer.licence_link')}</Link>
          ) : null}
        </p>
      ) : null}
      <p className="age-notice">{t('footer.age_notice')}</p>
      {status && status.regions.length > 1 ? (
        <p className="footer-region">
          <button
            type="button"
            className="link-button"
            aria-haspopup="dialog"
            onClick={openRegionPopup}
          >
            {t('region.open_with_current', { country: status.merchant.countryName })}
          </button>
        </p>
      ) : null}
      <p className="copyright">{t('footer.copyright_year', { year })}</p>
    </footer>
  );
}
