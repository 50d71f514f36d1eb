import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AnnouncementItem } from '@taya/contracts';
import { Modal } from '../../../components/modal';
import { PageLoader } from '../../../components/page-loader';
import { RecordPager } from '../../../components/record-pager';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { paths, type MemberCentreTab } from '../../../lib/paths';
import { useAnnouncementList } from '../api/get-popup-announcements';
import { LoadError } from './load-error';
import { MessageToggle } from './message-toggle';

/** SPEC §9: the announcement popup lists 9 items a page. */
export const announcementPageSize = 9;

const rewardCentreTab: MemberCentreTab = 'rewardCenter';

function AnnouncementEntry({ item, onClose }: { item: AnnouncementItem; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatTime = useDateTimeFormat();
  const contentId = useId();
  const [expanded, setExpanded] = useState(false);
  return (
    <li className="announcement-entry" data-testid="announcement-item">
      <MessageToggle
        className="announcement-entry-heading"
        title={item.title}
        expanded={expanded}
        contentId={contentId}
        onToggle={() => setExpanded((value) => !value)}
      />
      <time className="announcement-entry-time" dateTime={item.publishedAt}>
        {formatTime(item.publishedAt)}
      </time>
      {expanded ? (
        <div id={contentId} className="announcement-entry-body">
          <p dir="auto">{item.content}</p>
          {item.promotionType ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                onClose();
                void navigate(paths.member.href(rewardCentreTab));
              }}
            >
              {t('announcements_popup.go_to_promotion')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The announcement popup (SPEC §2): the player announcements, 9 a page with a pager; an item
 * opens to its text, and one tied to a promotion leads to the reward centre.
 */
export function AnnouncementPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const list = useAnnouncementList();
  const [page, setPage] = useState(1);

  let body;
  if (list.isPending) body = <PageLoader />;
  else if (list.isError) {
    body = <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (list.data.length === 0) {
    body = (
      <p className="muted" data-testid="announcement-popup-empty">
        {t('announcements_popup.empty')}
      </p>
    );
  } else {
    const pages = Math.ceil(list.data.length / announcementPageSize);
    const current = Math.min(page, pages);
    const shown = list.data.slice(
      (current - 1) * announcementPageSize,
      current * announcementPageSize,
    );
    body = (
      <>
        <ul className="announcement-list">
          {shown.map((item) => (
            <AnnouncementEntry key={item.id} item={item} onClose={onClose} />
          ))}
        </ul>
        {pages > 1 ? (
          <RecordPager page={current} hasMore={current < pages} busy={false} onPage={setPage} />
        ) : null}
      </>
    );
  }

  return (
    <Modal
      title={t('announcements_popup.title')}
      onClose={onClose}
      className="modal-wide"
      testId="announcement-popup"
    >
      {body}
    </Modal>
  );
}
