import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementItem } from '@taya/contracts';
import { onDemand } from '../../../lib/on-demand';
import { useBanners } from '../api/get-announcements';
import { BannerSlide, type StartGame } from './banner-slide';

/** The carousel, in a chunk of its own with Swiper. */
const carousel = onDemand(() => import('./banner-carousel').then((m) => m.BannerCarousel));
export const loadBannerCarousel = carousel.load;
const BannerCarousel = carousel.Component;

/** The home page's banner group (SPEC §2). */
export const homeBannerGroup = 'w_home';

export interface HomeBannersProps {
  /**
   * Starts the game a GAME banner points at (the lobby's launch flow). The app passes it in, since
   * games belong to another feature; without it those banners are not clickable.
   */
  onGame?: StartGame;
}

/**
 * The home page's banner carousel (SPEC §2, §9): the `w_home` banners in the server's order, each
 * its first image, turning by itself when there is more than one (not when the person asks for
 * less motion, and not while paused, pointed at or focused). Nothing at all without banners.
 * The carousel's code (Swiper) is not part of the page's first load: until it arrives, the first
 * banner stands alone in the carousel's place.
 */
export function HomeBanners({ onGame }: HomeBannersProps) {
  const banners = useBanners(homeBannerGroup);
  // A banner without a picture has nothing to show.
  const shown = banners.data?.filter((banner) => banner.announcementImages[0]) ?? [];
  // Its place is kept while it loads, so the page below does not jump when it arrives.
  if (banners.isPending) {
    return (
      <div className="home-banners" aria-hidden="true">
        <div className="home-banner-frame" />
      </div>
    );
  }
  // Failed, or no banners: the page simply goes on without it.
  if (shown.length === 0) return null;
  return (
    <Suspense fallback={<FirstBanner banner={shown[0]!} onGame={onGame} />}>
      <BannerCarousel banners={shown} onGame={onGame} />
    </Suspense>
  );
}

/** The first banner where the carousel will be, the same size, while its code loads. */
function FirstBanner({ banner, onGame }: { banner: AnnouncementItem; onGame: StartGame }) {
  const { t } = useTranslation();
  return (
    <section className="home-banners" aria-label={t('content.banners_label')}>
      <div className="home-banners-swiper">
        <div className="home-banner">
          <BannerSlide banner={banner} eager onGame={onGame} />
        </div>
      </div>
    </section>
  );
}
