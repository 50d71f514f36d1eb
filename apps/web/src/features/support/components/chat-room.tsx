import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import {
  getMerchantCode,
  useCustomerType,
  useSessionToken,
  trialCustomerType,
} from '../../../lib/session';
import { chatModelsQueryOptions, launchChat, modelName, type ChatAccess } from '../api/chat-api';
import { forgetChat, saveChat, savedChat } from '../lib/saved-chat';
import { ChatPanel } from './chat-panel';

export interface ChatRoomProps {
  /** A chat to show (from the chat page's address); otherwise this tab's saved chat, if any. */
  access?: ChatAccess | null;
  /** Start with a new chat instead of this tab's saved one. */
  fresh?: boolean;
  /** Called with a chat once it is launched. */
  onLaunched?: (access: ChatAccess & { chatUrl: string }) => void;
}

/**
 * The chat room: pick a topic when the merchant has several (`CBS_modelList`), launch the chat
 * (`CBS_launchChat`), then talk. The chat is kept for this tab so reopening continues it.
 */
export function ChatRoom({ access: given = null, fresh = false, onLaunched }: ChatRoomProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const token = useSessionToken();
  const customerType = useCustomerType();
  const member = token !== null && customerType !== trialCustomerType;
  const [access, setAccess] = useState<ChatAccess | null>(
    () => given ?? (fresh ? null : savedChat(token)),
  );
  const models = useQuery({ ...chatModelsQueryOptions(getMerchantCode()), enabled: !access });
  const launch = useMutation({
    mutationFn: launchChat,
    onSuccess: (launched) => {
      saveChat(launched, token);
      setAccess({ session: launched.session, key: launched.key });
      onLaunched?.(launched);
    },
  });

  useEffect(() => {
    if (given) saveChat(given, token);
  }, [given, token]);

  // One topic needs no choosing (once: a failed launch waits for the player's retry).
  const onlyModel = models.data?.list.length === 1 ? models.data.list[0] : undefined;
  const autoLaunched = useRef(false);
  useEffect(() => {
    if (access || !onlyModel || autoLaunched.current) return;
    autoLaunched.current = true;
    launch.mutate(onlyModel.id);
  }, [access, onlyModel, launch]);

  if (access) {
    return (
      <ChatPanel
        key={`${access.session}:${access.key}`}
        access={access}
        ownRole={member ? 'member' : 'visitor'}
        onNewChat={() => {
          forgetChat();
          launch.reset();
          setAccess(null);
        }}
      />
    );
  }

  if (launch.isPending || (onlyModel && launch.isIdle)) {
    return (
      <p className="chat-placeholder" role="status">
        {t('chat.starting')}
      </p>
    );
  }
  if (launch.isError) {
    return (
      <div className="chat-placeholder" role="alert">
        <p>
          {t('chat.launch_failed')}{' '}
          {launch.error instanceof ApiError ? t(launch.error.messageKey) : null}
        </p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            autoLaunched.current = false;
            launch.reset();
          }}
        >
          {t('chat.try_again')}
        </button>
      </div>
    );
  }
  if (models.isPending) {
    return (
      <p className="chat-placeholder" role="status">
        {t('chat.loading_topics')}
      </p>
    );
  }
  if (models.isError) {
    return (
      <div className="chat-placeholder" role="alert">
        <p>{t('chat.launch_failed')}</p>
        <button type="button" className="button button-secondary" onClick={() => models.refetch()}>
          {t('chat.try_again')}
        </button>
      </div>
    );
  }
  const list = models.data.list;
  if (list.length === 0) {
    return <p className="chat-placeholder">{t('chat.unavailable')}</p>;
  }
  return (
    <div className="chat-topics" data-testid="chat-topics">
      <p className="chat-topics-title">{t('chat.pick_topic')}</p>
      <p className="chat-topics-hint">{t('chat.pick_topic_hint')}</p>
      <ul className="chat-topic-list">
        {list.map((model) => (
          <li key={model.id}>
            <button
              type="button"
              className="chat-topic"
              onClick={() => launch.mutate(model.id)}
              data-testid={`chat-topic-${model.id}`}
            >
              {modelName(model, language)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
