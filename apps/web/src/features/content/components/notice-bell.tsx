import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { Modal } from '../../../components/modal';
import { PageLoader } from '../../../components/page-loader';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { readStored, writeStored } from '../../../lib/storage';
import { useNotices, type Notice } from '../api/get-notices';
import { AnnouncementPopup } from './announcement-popup';
import { Link } from 'react-router';
import { CountBadge } from '../../../components/count-badge';
import { paths } from '../../../lib/paths';
import { useUnreadCount } from '../api/get-unread-count';
import { LoadError } from './load-error';

/** When the bell was last opened (ms since the epoch), kept across visits on this device. */
export const noticesSeenKey = 'taya.noticesSeenAt';

function readSeenAt(): number | null {
  const value = Number(readStored('local', noticesSeenKey) ?? Number.NaN);
  return Number.isFinite(value) ? value : null;
}

function publishedMs(notice: Notice): number {
  const ms = Date.parse(notice.publishedAt);
  return Number.isNaN(ms) ? 0 : ms;
}

/**
 * The header's notice bell (SPEC §2): opens every notice of the merchant in a popup. For members
 * and agents it carries the unread platform-message count (reading a message lowers it), and its
 * popup leads to the messages; otherwise a dot says some notice was published since the bell
 * was last opened on this device.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const notices = useNotices();
  const descriptionId = useId();
  const [open, setOpen] = useState(false);
  const [announcementsOpen, setAnnouncementsOpen] = useState(false);
  const [seenAt, setSeenAt] = useState(readSeenAt);
  const unread = useUnreadCount();
  const unreadCount = unread.data ?? 0;

  const list = notices.data ?? [];
  const latest = list.length > 0 ? Math.max(...list.map(publishedMs)) : null;
  const fresh = latest !== null && (seenAt === null || latest > seenAt);

  const openPopup = () => {
    // Never earlier than the newest notice: a server clock ahead of this one must not keep the
    // dot lit after the person has looked.
    const now = Math.max(Date.now(), latest ?? 0);
    writeStored('local', noticesSeenKey, String(now));
    setSeenAt(now);
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className="icon-button notice-bell"
        aria-label={t('header.notices')}
        aria-haspopup="dialog"
        aria-describedby={fresh ? descriptionId : undefined}
        data-testid="notice-bell"
        data-fresh={fresh}
        onClick={openPopup}
      >
        <Icon name="bell" />
        {unreadCount > 0 ? (
          <span className="notice-bell-count">
            <CountBadge
              count={unreadCount}
              label={t('content.messages.unread_badge', { count: unreadCount })}
              testId="notice-bell-count"
            />
          </span>
        ) : fresh ? (
          <span className="notice-bell-dot" aria-hidden="true" data-testid="notice-bell-dot" />
        ) : null}
      </button>
      <span id={descriptionId} hidden>
        {t('content.new_notices')}
      </span>
      {open ? (
        <Modal
          title={t('header.notices')}
          onClose={() => setOpen(false)}
          className="modal-wide"
          testId="notice-popup"
        >
          <button
            type="button"
            className="button button-secondary notice-announcements-entry"
            aria-haspopup="dialog"
            onClick={() => {
              setOpen(false);
              setAnnouncementsOpen(true);
            }}
          >
            {t('announcements_popup.open')}
          </button>
          {unread.data !== undefined ? (
            <Link
              to={paths.member.href('messageV2')}
              className="button button-secondary notice-messages-entry"
              onClick={() => setOpen(false)}
            >
              {t('content.messages.title')}
              <CountBadge
                count={unreadCount}
                label={t('content.messages.unread_badge', { count: unreadCount })}
              />
            </Link>
          ) : null}
          <NoticeList />
        </Modal>
      ) : null}
      {announcementsOpen ? <AnnouncementPopup onClose={() => setAnnouncementsOpen(false)} /> : null}
    </>
  );
}

function NoticeList() {
  const { t } = useTranslation();
  const notices = useNotices();
  const formatTime = useDateTimeFormat();
  if (notices.isPending) return <PageLoader />;
  if (notices.isError) {
    return <LoadError error={notices.error} onRetry={() => void notices.refetch()} />;
  }
  if (notices.data.length === 0) {
    return <p className="muted">{t('content.no_notices')}</p>;
  }
  return (
    <ul className="notice-list">
      {notices.data.map((notice) => (
        <li key={notice.id} className="notice-item" data-testid="notice-item">
          <h3 className="notice-item-title" dir="auto">
            {notice.title}
          </h3>
          <time className="notice-item-time" dateTime={notice.publishedAt}>
            {formatTime(notice.publishedAt)}
          </time>
          {notice.content.trim() ? (
            <p className="notice-item-content" dir="auto">
              {notice.content}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
