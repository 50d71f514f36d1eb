import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { RecordPager } from '../../../components/record-pager';
import { Section } from '../../../components/section';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { errorText } from '../../../lib/error-text';
import { useMessages, type Message, type MessageFilter } from '../api/get-messages';
import { useMarkMessageRead } from '../api/mark-message-read';
import { LoadError } from './load-error';
import { MessageToggle } from './message-toggle';

const pageSize = 10;

/**
 * The account's messages (messageV2, "platform information"; the agent centre's platform
 * messages): newest first, unread ones marked. Opening one shows its text and marks it read,
 * which lowers the red badges at once. Messages are plain text and are shown as text.
 */
export function MessagesPanel({
  block,
  timeZone,
}: {
  /** The card style of the centre it sits in. */
  block: 'cashier-section' | 'agent-section';
  /** Times in this zone (the agent centre's merchant zone); the browser's by default. */
  timeZone?: string;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<MessageFilter>({ page: 1, size: pageSize });
  const messages = useMessages(filter);

  let body;
  if (messages.isPending) body = <PageLoader />;
  else if (messages.isError) {
    body = <LoadError error={messages.error} onRetry={() => void messages.refetch()} />;
  } else if (messages.data.list.length === 0) {
    body = (
      <p className="muted" data-testid="messages-empty">
        {t('content.messages.none')}
      </p>
    );
  } else {
    body = (
      <ul className="record-list message-list" aria-busy={messages.isPlaceholderData}>
        {messages.data.list.map((message) => (
          <MessageRow key={message.id} message={message} timeZone={timeZone} />
        ))}
      </ul>
    );
  }

  return (
    <Section block={block} title={t('content.messages.title')} testId="messages-panel">
      {body}
      {messages.data && (messages.data.page > 1 || messages.data.hasMore) ? (
        <RecordPager
          page={messages.data.page}
          hasMore={messages.data.hasMore}
          busy={messages.isFetching}
          onPage={(page) => setFilter((current) => ({ ...current, page }))}
        />
      ) : null}
    </Section>
  );
}

function MessageRow({ message, timeZone }: { message: Message; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat(timeZone);
  const contentId = useId();
  const [expanded, setExpanded] = useState(false);
  const markRead = useMarkMessageRead();

  const toggle = () => {
    const next = !expanded;
    setExpanded(next);
    if (next && !message.read && !markRead.isPending) markRead.mutate(message.id);
  };

  return (
    <li
      className={message.read ? 'record message-row' : 'record message-row is-unread'}
      data-testid="message-row"
      data-read={message.read}
    >
      <MessageToggle
        className="message-heading"
        title={message.title}
        expanded={expanded}
        contentId={contentId}
        onToggle={toggle}
        leading={message.read ? null : <span className="message-dot" aria-hidden="true" />}
      >
        {message.read ? null : (
          <span className="visually-hidden"> {t('content.messages.unread')}</span>
        )}
      </MessageToggle>
      <div className="record-meta">
        <span className="message-audience" data-audience={message.audience}>
          {t(`content.messages.audience.${message.audience}`)}
        </span>
        <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
      </div>
      {expanded ? (
        <div id={contentId} className="message-content">
          <p dir="auto">{message.content}</p>
          {markRead.isError ? <FormAlert message={errorText(t, markRead.error)} /> : null}
        </div>
      ) : null}
    </li>
  );
}
