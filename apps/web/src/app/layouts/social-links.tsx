import { useTranslation } from 'react-i18next';
import type { Resource } from '@taya/contracts';
import { socialLinks, type SocialChannel } from '../../lib/site-resources';

/** Plain glyphs on a 24×24 grid (a plane, an "f", a play button, chat bubbles): no brand marks. */
const glyphs: Record<SocialChannel, string> = {
  TELEGRAM_2: 'M21 4L3 11.5l6 2.2L11 20l3.2-4.2L19 19.5zM9 13.7L21 4',
  FACEBOOK_1: 'M15 3h-2a4 4 0 0 0-4 4v3H7v3.5h2V21h3.5v-7.5H15l.5-3.5h-3V7.5a1 1 0 0 1 1-1H15z',
  YOUTUBE_1: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zM10 9l5 3-5 3z',
  WHATSAPP1:
    'M4 20l1.3-4.1A8 8 0 1 1 8.2 18.8zM9 8.5c0 3.5 2.8 6.5 6.5 6.5l.8-1.6-2-1-1 1a4 4 0 0 1-2.3-2.3l1-1-1-2z',
  VIBER:
    'M6 3.5h12a2.5 2.5 0 0 1 2.5 2.5v8.5a2.5 2.5 0 0 1-2.5 2.5h-6l-4.5 3.5V17H6a2.5 2.5 0 0 1-2.5-2.5V6A2.5 2.5 0 0 1 6 3.5zM9 7.5c0 3.3 2.2 5.5 5.5 5.5M12.5 7.5a2 2 0 0 1 2 2',
};

/** The merchant's social channels (SPEC §2) as icon links that open in a new tab. */
export function SocialLinks({
  resources,
  className = 'social-links',
}: {
  resources: readonly Resource[];
  className?: string;
}) {
  const { t } = useTranslation();
  const links = socialLinks(resources, window.location.href);
  if (links.length === 0) return null;
  return (
    <ul className={className} data-testid="social-links">
      {links.map((link) => {
        const label = `${link.name} (${t('system.opens_new_window')})`;
        return (
          <li key={link.channel}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="social-link"
              aria-label={label}
              title={link.name}
            >
              <svg
                className="icon"
                width={20}
                height={20}
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.8}
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d={glyphs[link.channel]} />
              </svg>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
