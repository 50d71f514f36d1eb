import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AnnouncementItem } from '@taya/contracts';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, Keyboard, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/pagination';
import { Icon } from '../../../components/icon';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { useBanners } from '../api/get-announcements';
import { bannerTarget } from '../lib/banner-link';

/** The home page's banner group (SPEC §2). */
export const homeBannerGroup = 'w_home';

/** SPEC §9: the carousel turns every 5 s, slides for 1 s, 20.3 px between slides. */
export const bannerCarousel = { delay: 5000, speed: 1000, spaceBetween: 20.3 } as const;

export interface HomeBannersProps {
  /**
   * Starts the game a GAME banner points at (the lobby's launch flow). The app passes it in, since
   * games belong to another feature; without it those banners are not clickable.
   */
  onGame?: ((nodeId: string) => void) | undefined;
}

/**
 * The home page's banner carousel (SPEC §2, §9): the `w_home` banners in the server's order, each
 * its first image, turning by itself when there is more than one (not when the person asks for
 * less motion, and not while paused, pointed at or focused). Nothing at all without banners.
 */
export function HomeBanners({ onGame }: HomeBannersProps) {
  const banners = useBanners(homeBannerGroup);
  // A banner without a picture has nothing to show.
  const shown = banners.data?.filter((banner) => banner.announcementImages[0]) ?? [];
  // Loading or failed: the page simply goes on without it.
  if (shown.length === 0) return null;
  return <BannerCarousel banners={shown} onGame={onGame} />;
}

function BannerCarousel({
  banners,
  onGame,
}: {
  banners: AnnouncementItem[];
  onGame: HomeBannersProps['onGame'];
}) {
  const { t } = useTranslation();
  const still = useReducedMotion();
  const swiper = useRef<SwiperInstance | null>(null);
  const [paused, setPaused] = useState(false);
  const several = banners.length > 1;
  const turns = several && !still;

  // Keyboard focus inside a slide holds it still, so a link never slides away from under it.
  const hold = () => {
    if (swiper.current?.autoplay?.running) swiper.current.autoplay.pause();
  };
  const release = () => {
    if (swiper.current?.autoplay?.running) swiper.current.autoplay.resume();
  };
  const togglePaused = () => {
    const autoplay = swiper.current?.autoplay;
    if (paused) autoplay?.start();
    else autoplay?.stop();
    setPaused(!paused);
  };

  return (
    <section
      className="home-banners"
      aria-label={t('content.banners_label')}
      data-testid="home-banners"
      onFocus={hold}
      onBlur={release}
    >
      <Swiper
        // Motion settings are read at start: a changed preference starts a fresh carousel.
        key={turns ? 'turning' : 'still'}
        className="home-banners-swiper"
        modules={[A11y, Autoplay, Keyboard, Pagination]}
        speed={bannerCarousel.speed}
        spaceBetween={bannerCarousel.spaceBetween}
        loop={several}
        autoplay={
          turns
            ? {
                delay: bannerCarousel.delay,
                disableOnInteraction: false,
                pauseOnMouseEnter: true,
              }
            : false
        }
        pagination={several ? { clickable: true } : false}
        keyboard={{ enabled: several, onlyInViewport: true }}
        a11y={{
          containerRoleDescriptionMessage: t('content.carousel'),
          itemRoleDescriptionMessage: t('content.slide'),
          slideLabelMessage: t('content.slide_label', {
            index: '{{index}}',
            total: '{{slidesLength}}',
          }),
          paginationBulletMessage: t('content.go_to_slide', { index: '{{index}}' }),
          prevSlideMessage: t('content.previous_slide'),
          nextSlideMessage: t('content.next_slide'),
          firstSlideMessage: t('content.first_slide'),
          lastSlideMessage: t('content.last_slide'),
        }}
        onSwiper={(instance) => {
          swiper.current = instance;
        }}
      >
        {banners.map((banner, index) => (
          <SwiperSlide key={banner.id} className="home-banner" data-testid="home-banner">
            <BannerSlide banner={banner} eager={index === 0} onGame={onGame} />
          </SwiperSlide>
        ))}
      </Swiper>
      {turns ? (
        <button
          type="button"
          className="icon-button home-banners-control"
          aria-pressed={paused}
          aria-label={t('content.pause_banners')}
          title={t('content.pause_banners')}
          onClick={togglePaused}
        >
          <Icon name={paused ? 'play' : 'pause'} size={16} />
        </button>
      ) : null}
    </section>
  );
}

function BannerSlide({
  banner,
  eager,
  onGame,
}: {
  banner: AnnouncementItem;
  eager: boolean;
  onGame: HomeBannersProps['onGame'];
}) {
  const { t } = useTranslation();
  const image = (
    <img
      className="home-banner-image"
      src={banner.announcementImages[0]}
      alt={banner.title}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
    />
  );
  const target = bannerTarget(banner);
  let body: ReactNode;
  switch (target.kind) {
    case 'route':
      body = (
        <Link className="home-banner-link" to={target.to}>
          {image}
        </Link>
      );
      break;
    case 'external':
      body = (
        <a
          className="home-banner-link"
          href={target.href}
          target="_blank"
          rel="noopener noreferrer"
        >
          {image}
          <span className="visually-hidden">{t('content.new_tab')}</span>
        </a>
      );
      break;
    case 'game':
      body = onGame ? (
        <button type="button" className="home-banner-link" onClick={() => onGame(target.nodeId)}>
          {image}
        </button>
      ) : (
        image
      );
      break;
    case 'none':
      body = image;
      break;
  }
  return <div className="home-banner-frame">{body}</div>;
}
