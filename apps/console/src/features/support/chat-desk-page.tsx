import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chatOpsSendBodySchema, type ChatOpsSummary, type ChatStatus } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, DateTime } from '../../components/display';
import { applyServerError, FormError, useZodForm } from '../../components/form';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useUrlFilters } from '../../lib/url-filters';
import {
  chatsKey,
  closeChat,
  fetchChats,
  fetchMessages,
  messagesKey,
  sendAnswer,
  type AssignedFilter,
  type ChatMessagesValue,
} from './api';
import { CannedPicker } from './canned-picker';
import { AssignBar } from './desk-assign';
import { useDeskSocket } from './desk-socket';
import './support.css';

/** `/console/support`: the live-chat desk: the merchant's chats, one open, answered live. */
export default function ChatDeskPage() {
  const { t } = useTranslation();
  const { operator } = useOperator();
  const merchantCode = operator?.merchantCode ?? null;
  const queryClient = useQueryClient();
  const { filters: values, setFilters: setValues } = useUrlFilters({
    status: 'open',
    assigned: 'all',
    chat: '',
  });
  const status: ChatStatus = values.status === 'closed' ? 'closed' : 'open';
  const assigned: AssignedFilter =
    values.assigned === 'mine' || values.assigned === 'unassigned' ? values.assigned : 'all';
  const selected = values.chat || null;

  const chats = useQuery({
    queryKey: chatsKey(merchantCode ?? '', status, assigned),
    queryFn: ({ signal }) => fetchChats(merchantCode!, status, assigned, signal),
    enabled: merchantCode !== null,
  });

  const live = useDeskSocket(merchantCode, (event) => {
    const refreshList = () =>
      queryClient.invalidateQueries({ queryKey: ['ops', 'support', 'chats'] });
    // The open chat is read first, so that the queue does not count its new message as unread.
    if (event.chatId === selected) {
      void queryClient.invalidateQueries({ queryKey: messagesKey(event.chatId) }).then(refreshList);
    } else void refreshList();
  });

  return (
    <div className="page">
      <PageHeader
        title={t('support.title')}
        description={t('support.description', { merchant: merchantCode ?? '' })}
        actions={
          <Badge tone={live === 'live' ? 'good' : live === 'connecting' ? 'info' : 'warn'}>
            <span data-testid="desk-state">{t(`support.socket.${live}`)}</span>
          </Badge>
        }
      />
      <div className="desk">
        <section className="card desk-queue" aria-label={t('support.queue')}>
          <div className="desk-tabs" role="group" aria-label={t('support.statusLabel')}>
            {(['open', 'closed'] as const).map((s) => (
              <button
                key={s}
                type="button"
                className={`btn btn-small ${status === s ? 'btn-primary' : 'btn-ghost'}`}
                aria-pressed={status === s}
                onClick={() => setValues({ status: s, chat: '' })}
              >
                {t(`support.status.${s}`)}
              </button>
            ))}
          </div>
          <div className="desk-tabs" role="group" aria-label={t('support.assignedLabel')}>
            {(['mine', 'unassigned', 'all'] as const).map((a) => (
              <button
                key={a}
                type="button"
                className={`btn btn-small ${assigned === a ? 'btn-primary' : 'btn-ghost'}`}
                aria-pressed={assigned === a}
                onClick={() => setValues({ assigned: a, chat: '' })}
              >
                {t(`support.assigned.${a}`)}
              </button>
            ))}
          </div>
          {chats.isPending ? (
            <LoadingState />
          ) : chats.error ? (
            <ErrorState error={chats.error} onRetry={() => void chats.refetch()} />
          ) : chats.data.list.length === 0 ? (
            <EmptyState text={t(`support.empty.${status}`)} />
          ) : (
            <ul className="desk-list" data-testid="chat-queue">
              {chats.data.list.map((chat) => (
                <li key={chat.id}>
                  <button
                    type="button"
                    className={`desk-item${chat.id === selected ? ' desk-item-active' : ''}`}
                    aria-current={chat.id === selected ? 'true' : undefined}
                    onClick={() => setValues({ chat: chat.id })}
                  >
                    <span className="desk-item-head">
                      <strong>{who(chat, t('support.visitor'))}</strong>
                      {chat.unread > 0 && (
                        <Badge tone="warn">{t('support.unread', { count: chat.unread })}</Badge>
                      )}
                    </span>
                    <span className="desk-item-text muted">
                      {chat.lastMessage?.body ?? t('support.noMessages')}
                    </span>
                    <span className="desk-item-meta muted">
                      {chat.modelId} · <DateTime iso={chat.lastActivityAt} /> ·{' '}
                      {chat.assignee ?? t('support.assign.none')}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card desk-chat" aria-label={t('support.conversation')}>
          {selected ? (
            <Conversation key={selected} chatId={selected} />
          ) : (
            <EmptyState text={t('support.pick')} />
          )}
        </section>
      </div>
    </div>
  );
}

const who = (chat: ChatOpsSummary, visitor: string) =>
  chat.accountId ? chat.accountId.slice(0, 8) : visitor;

function Conversation({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [closing, setClosing] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const messages = useQuery({
    queryKey: messagesKey(chatId),
    queryFn: ({ signal }) => fetchMessages(chatId, signal),
  });
  const count = messages.data?.messages.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const form = useZodForm(chatOpsSendBodySchema, { defaultValues: { body: '' } });
  const submit = form.handleSubmit(async ({ body }) => {
    try {
      const sent = await sendAnswer(chatId, body);
      queryClient.setQueryData<ChatMessagesValue>(messagesKey(chatId), (old) =>
        old && !old.messages.some((m) => m.id === sent.id)
          ? { ...old, messages: [...old.messages, sent] }
          : old,
      );
      form.reset({ body: '' });
    } catch (error) {
      applyServerError(form, error);
    }
  });

  if (messages.isPending) return <LoadingState />;
  if (messages.error)
    return <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />;
  const { chat } = messages.data;
  const open = chat.status === 'open';
  const bodyError = form.formState.errors.body?.message;

  return (
    <div className="desk-conversation">
      <header className="desk-chat-head">
        <div>
          <strong>{chat.accountId ?? t('support.visitor')}</strong>{' '}
          <Badge tone={open ? 'good' : 'neutral'}>{t(`support.status.${chat.status}`)}</Badge>
          <div className="muted">
            {chat.modelId} · <DateTime iso={chat.createdAt} />
          </div>
          <AssignBar chat={chat} />
        </div>
        {open && (
          <Can action="support.write">
            <button
              type="button"
              className="btn btn-small btn-danger-ghost"
              onClick={() => setClosing(true)}
            >
              {t('support.close')}
            </button>
          </Can>
        )}
      </header>
      <div className="desk-messages" data-testid="chat-messages" aria-live="polite">
        {messages.data.messages.length === 0 && <p className="muted">{t('support.noMessages')}</p>}
        {messages.data.messages.map((m) => (
          <div key={m.id} className={`desk-msg desk-msg-${m.role === 'operator' ? 'out' : 'in'}`}>
            <p>{m.body}</p>
            <span className="muted">
              {t(`support.role.${m.role === 'operator' ? 'operator' : 'player'}`)} ·{' '}
              <DateTime iso={m.createdAt} />
            </span>
          </div>
        ))}
        <div ref={end} />
      </div>
      {open ? (
        <Can action="support.write">
          <form className="desk-composer" onSubmit={(e) => void submit(e)} noValidate>
            <label htmlFor="desk-answer" className="sr-only">
              {t('support.answer')}
            </label>
            <textarea
              id="desk-answer"
              className="input"
              rows={2}
              placeholder={t('support.answerPlaceholder')}
              aria-invalid={bodyError ? true : undefined}
              aria-describedby={bodyError ? 'desk-answer-error' : undefined}
              {...form.register('body')}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  void submit();
                }
              }}
            />
            <CannedPicker
              merchantCode={chat.merchantCode}
              onPick={(text) => {
                const current = form.getValues('body').trimEnd();
                form.setValue('body', current ? `${current}\n${text}` : text, {
                  shouldValidate: false,
                });
                document.getElementById('desk-answer')?.focus();
              }}
            />
            <button
              type="submit"
              className="btn btn-primary"
              disabled={form.formState.isSubmitting}
            >
              {t('support.send')}
            </button>
            {bodyError && (
              <p className="field-error" id="desk-answer-error" role="alert">
                {bodyError}
              </p>
            )}
            <FormError message={form.formState.errors.root?.server?.message} />
          </form>
        </Can>
      ) : (
        <p className="muted desk-closed">
          {t('support.closedBy', { by: chat.closedBy ?? '—' })} <DateTime iso={chat.closedAt} />
        </p>
      )}
      <ConfirmDialog
        open={closing}
        onOpenChange={setClosing}
        title={t('support.closeTitle')}
        description={t('support.closeText')}
        confirmLabel={t('support.close')}
        tone="danger"
        onConfirm={async () => {
          await closeChat(chatId);
          await queryClient.invalidateQueries({ queryKey: ['ops', 'support'] });
        }}
      />
    </div>
  );
}
