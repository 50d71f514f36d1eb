import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AnnouncementItem } from '@taya/contracts';
import { bannerTarget } from '../lib/banner-link';

/** Starts the game a GAME banner points at; without it those banners are not clickable. */
export type StartGame = ((nodeId: string) => void) | undefined;

/** One banner: its first image, a link (in the app or a new tab) or a game button, or neither. */
export function BannerSlide({
  banner,
  eager,
  onGame,
}: {
  banner: AnnouncementItem;
  eager: boolean;
  onGame: StartGame;
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
