import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { paths } from '../../../lib/paths';
import type { VendorCard as Vendor } from '../lib/types';
import { GeneratedArt } from './game-art';

/** SPEC §2: a vendor set of more than 10 shows as a large grid. */
export const largeVendorSet = 10;

/**
 * An RNG vendor: choosing it opens the slot list filtered to that vendor (SPEC §2), unless `href`
 * says where else it leads.
 */
export function VendorCard({ vendor, href }: { vendor: Vendor; href?: string }) {
  const { t } = useTranslation();
  return (
    <li className="vendor-card" data-testid="vendor-card">
      <Link to={href ?? paths.rng.href(vendor.vassalage)} className="vendor-card-link">
        {vendor.lagerIcon ? (
          <span className="game-art is-vendor" aria-hidden="true">
            <img src={vendor.lagerIcon} alt="" loading="lazy" decoding="async" />
          </span>
        ) : (
          <GeneratedArt name={vendor.displayName} size="vendor" />
        )}
        <span className="vendor-card-text">
          <span className="vendor-card-name">{vendor.displayName}</span>
          <span className="vendor-card-meta">
            {vendor.maintenance ? (
              <>
                <Icon name="wrench" size={14} />
                {t('games.maintenance')}
              </>
            ) : (
              t('games.game_count', { count: vendor.gameCount })
            )}
          </span>
        </span>
        <span className="vendor-card-go" aria-hidden="true">
          <Icon name="chevronRight" size={18} />
        </span>
      </Link>
    </li>
  );
}

export function VendorGrid({
  vendors,
  hrefOf,
}: {
  vendors: readonly Vendor[];
  /** Where each vendor leads, when not to the slot list. */
  hrefOf?: (vendor: Vendor) => string;
}) {
  return (
    <ul
      className={vendors.length > largeVendorSet ? 'vendor-grid is-large' : 'vendor-grid'}
      data-testid="vendor-grid"
    >
      {vendors.map((vendor) => (
        <VendorCard
          key={`${vendor.vassalage}-${vendor.gameType}`}
          vendor={vendor}
          {...(hrefOf ? { href: hrefOf(vendor) } : {})}
        />
      ))}
    </ul>
  );
}
