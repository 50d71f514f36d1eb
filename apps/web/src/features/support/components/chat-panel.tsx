import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { chatBodyMax, type ChatRole } from '@taya/contracts';
import { createDateFormat } from '../../../lib/date-format';
import type { ChatAccess } from '../api/chat-api';
import { useChat, type ChatConnection, type ChatEntry } from '../lib/use-chat';

const statusKeys = {
  connecting: 'chat.connecting',
  online: 'chat.online',
  offline: 'chat.offline',
  closed: 'chat.closed',
  refused: 'chat.refused',
} as const satisfies Record<ChatConnection, string>;

function ChatLine({
  entry,
  onRetry,
  timeFormat,
}: {
  entry: ChatEntry;
  onRetry: (entry: ChatEntry) => void;
  timeFormat: (date: Date) => string;
}) {
  const { t } = useTranslation();
  const own = entry.role !== 'operator';
  const who = own ? t('chat.you') : t('chat.agent');
  const time = timeFormat(new Date(entry.createdAt));
  return (
    <li
      className={own ? 'chat-message is-own' : 'chat-message'}
      data-role={entry.role}
      data-state={entry.state}
      data-testid="chat-message"
    >
      <p className="chat-meta">
        <span className="visually-hidden">{t('chat.sent_at', { who, time })}</span>
        <span className="chat-who" aria-hidden="true">
          {who}
        </span>
        <time className="chat-time" dateTime={entry.createdAt} aria-hidden="true">
          {time}
        </time>
      </p>
      <p className="chat-body">{entry.body}</p>
      {entry.state === 'sending' ? <p className="chat-note">{t('chat.sending')}</p> : null}
      {entry.state === 'failed' ? (
        <p className="chat-note chat-note-failed">
          {t('chat.not_sent')}{' '}
          <button type="button" className="link-button" onClick={() => onRetry(entry)}>
            {t('chat.retry')}
          </button>
        </p>
      ) : null}
    </li>
  );
}

export interface ChatPanelProps {
  access: ChatAccess;
  /** How the player's own messages are labelled until the server's copy arrives. */
  ownRole: ChatRole;
  /** Starts over with a new chat (after this one ended or its link stopped working). */
  onNewChat: () => void;
}

/**
 * The conversation: messages (the player's own at the inline end, support's at the start), the
 * connection state, and a text box of at most 1000 characters that sends on Enter.
 */
export function ChatPanel({ access, ownRole, onNewChat }: ChatPanelProps) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const counterId = `${inputId}-counter`;
  const { entries, connection, loaded, send, retry } = useChat(access, ownRole);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const ended = connection === 'closed' || connection === 'refused';
  const timeFormat = useMemo(() => createDateFormat(i18n.language, 'time'), [i18n.language]);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [entries]);

  const submit = () => {
    if (!draft.trim() || ended) return;
    send(draft);
    setDraft('');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section className="chat-panel" data-testid="chat-panel" data-connection={connection}>
      <p className="chat-status" data-state={connection} role="status" data-testid="chat-status">
        <span className="chat-status-dot" aria-hidden="true" />
        {t(statusKeys[connection])}
      </p>
      <ol
        ref={listRef}
        className="chat-messages"
        aria-live="polite"
        aria-label={t('chat.messages_label')}
        data-testid="chat-messages"
        tabIndex={0}
      >
        {loaded && entries.length === 0 ? (
          <li className="chat-empty" data-testid="chat-empty">
            {t('chat.empty')}
          </li>
        ) : null}
        {entries.map((entry) => (
          <ChatLine key={entry.key} entry={entry} onRetry={retry} timeFormat={timeFormat} />
        ))}
      </ol>
      {ended ? (
        <div className="chat-ended">
          <button type="button" className="button button-secondary" onClick={onNewChat}>
            {t('chat.new_chat')}
          </button>
        </div>
      ) : null}
      <form className="chat-composer" onSubmit={onSubmit} data-testid="chat-composer">
        <label htmlFor={inputId} className="visually-hidden">
          {t('chat.message_label')}
        </label>
        <textarea
          id={inputId}
          className="chat-input"
          rows={2}
          maxLength={chatBodyMax}
          placeholder={t('chat.placeholder')}
          value={draft}
          disabled={ended}
          aria-describedby={counterId}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="chat-composer-side">
          <p id={counterId} className="chat-counter" data-testid="chat-counter">
            <span aria-hidden="true">
              {draft.length}/{chatBodyMax}
            </span>
            <span className="visually-hidden">
              {t('chat.counter_sr', { count: draft.length, max: chatBodyMax })}
            </span>
          </p>
          <button
            type="submit"
            className="button button-primary chat-send"
            disabled={ended || draft.trim() === ''}
          >
            {t('chat.send')}
          </button>
        </div>
      </form>
    </section>
  );
}
