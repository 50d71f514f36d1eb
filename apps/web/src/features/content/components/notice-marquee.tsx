import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { useNotices, type Notice } from '../api/get-notices';

/** Seconds per character of notice text: long texts scroll for longer, at the same speed. */
const secondsPerCharacter = 0.2;
/** Even a short notice stays readable as it passes. */
const minimumSeconds = 12;

/** The body shown after the title, unless it only repeats it. */
function noticeBody(notice: Notice): string | null {
  const content = notice.content.trim();
  return content && content !== notice.title.trim() ? content : null;
}

/**
 * The home page's notice marquee (SPEC §2): the notices marked for it scroll right to left in a
 * loop, pausing under the pointer, with keyboard focus and with the pause button. When the person
 * asks for less motion, nothing moves: the first notice shows, and the rest on request. Notices
 * are plain text and are shown as text. Nothing at all without marquee notices.
 */
export function NoticeMarquee() {
  const notices = useNotices();
  const items = notices.data?.filter((notice) => notice.marquee) ?? [];
  // Its place is kept while it loads, so the page below does not jump when it arrives.
  if (notices.isPending) {
    return <div className="notice-marquee notice-marquee-placeholder" aria-hidden="true" />;
  }
  // Failed, or no marquee notices: the page simply goes on without it.
  if (items.length === 0) return null;
  return <Marquee items={items} />;
}

function Marquee({ items }: { items: Notice[] }) {
  const { t } = useTranslation();
  const still = useReducedMotion();
  return (
    <section
      className="notice-marquee"
      aria-label={t('content.notices_label')}
      data-testid="notice-marquee"
    >
      <span className="notice-marquee-icon">
        <Icon name="megaphone" size={18} />
      </span>
      {still ? <StillNotices items={items} /> : <MovingNotices items={items} />}
    </section>
  );
}

function NoticeItems({ items, hidden = false }: { items: Notice[]; hidden?: boolean }) {
  return (
    <ul className="notice-marquee-list" aria-hidden={hidden || undefined}>
      {items.map((notice) => {
        const body = noticeBody(notice);
        return (
          <li key={notice.id} className="notice-marquee-item" dir="auto">
            <span className="notice-marquee-title">{notice.title}</span>
            {body !== null ? <span className="notice-marquee-text">{body}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

function MovingNotices({ items }: { items: Notice[] }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  const characters = items.reduce(
    (sum, notice) => sum + notice.title.length + (noticeBody(notice)?.length ?? 0),
    0,
  );
  const seconds = Math.max(minimumSeconds, Math.round(characters * secondsPerCharacter));
  return (
    <>
      <div className="notice-marquee-viewport">
        {/* The list twice, end to end: when the first copy has scrolled out, the second stands
            exactly where it began, so the loop has no seam. The copy is hidden from readers. */}
        <div
          className={paused ? 'notice-marquee-track is-paused' : 'notice-marquee-track'}
          style={{ animationDuration: `${seconds}s` }}
          data-testid="notice-marquee-track"
        >
          <NoticeItems items={items} />
          <NoticeItems items={items} hidden />
        </div>
      </div>
      <button
        type="button"
        className="icon-button notice-marquee-control"
        aria-pressed={paused}
        aria-label={t('content.pause_notices')}
        title={t('content.pause_notices')}
        onClick={() => setPaused((value) => !value)}
      >
        <Icon name={paused ? 'play' : 'pause'} size={16} />
      </button>
    </>
  );
}

function StillNotices({ items }: { items: Notice[] }) {
  const { t } = useTranslation();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, 1);
  return (
    <div className="notice-marquee-still" id={listId}>
      <NoticeItems items={shown} />
      {items.length > 1 ? (
        <button
          type="button"
          className="button button-small button-secondary notice-marquee-more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded
            ? t('content.notices_fewer')
            : t('content.notices_all', { total: items.length })}
        </button>
      ) : null}
    </div>
  );
}
