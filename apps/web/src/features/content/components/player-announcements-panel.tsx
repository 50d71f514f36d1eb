import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementItem } from '@taya/contracts';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { usePlayerAnnouncements } from '../api/get-player-announcements';
import { LoadError } from './load-error';
import { MessageToggle } from './message-toggle';

/**
 * The player announcements (type PL, after log-in) as a list of titles that open to their text:
 * the agent centre's announcement page. Announcements are plain text and are shown as text.
 */
export function PlayerAnnouncementsPanel({ timeZone }: { timeZone?: string }) {
  const { t } = useTranslation();
  const announcements = usePlayerAnnouncements();

  let body;
  if (announcements.isPending) body = <PageLoader />;
  else if (announcements.isError) {
    body = <LoadError error={announcements.error} onRetry={() => void announcements.refetch()} />;
  } else if (announcements.data.length === 0) {
    body = (
      <p className="muted" data-testid="announcements-empty">
        {t('content.announcements.none')}
      </p>
    );
  } else {
    body = (
      <ul className="record-list message-list">
        {announcements.data.map((item) => (
          <AnnouncementRow key={item.id} item={item} timeZone={timeZone} />
        ))}
      </ul>
    );
  }

  return (
    <Section
      block="agent-section"
      title={t('content.announcements.title')}
      testId="agent-announcements"
    >
      {body}
    </Section>
  );
}

function AnnouncementRow({
  item,
  timeZone,
}: {
  item: AnnouncementItem;
  timeZone: string | undefined;
}) {
  const formatTime = useDateTimeFormat(timeZone);
  const contentId = useId();
  const [expanded, setExpanded] = useState(false);
  return (
    <li className="record message-row" data-testid="announcement-row">
      <MessageToggle
        className="message-heading"
        title={item.title}
        expanded={expanded}
        contentId={contentId}
        onToggle={() => setExpanded((value) => !value)}
      />
      <div className="record-meta">
        <time dateTime={item.publishedAt}>{formatTime(item.publishedAt)}</time>
      </div>
      {expanded ? (
        <div id={contentId} className="message-content">
          <p dir="auto">{item.content}</p>
        </div>
      ) : null}
    </li>
  );
}
