import { useRef, useState } from 'react';
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
import { BannerSlide, type StartGame } from './banner-slide';

/** SPEC §9: the carousel turns every 5 s, slides for 1 s, 20.3 px between slides. */
export const bannerCarousel = { delay: 5000, speed: 1000, spaceBetween: 20.3 } as const;

/**
 * The banners in a Swiper carousel. Its own chunk (with Swiper), which `home-banners.tsx` loads
 * once there are banners to show.
 */
export function BannerCarousel({
  banners,
  onGame,
}: {
  banners: AnnouncementItem[];
  onGame: StartGame;
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
