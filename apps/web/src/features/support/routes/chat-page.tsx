import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { searchParams } from '../../../lib/paths';
import { ChatRoom } from '../components/chat-room';

/**
 * The live-chat page (/chat): with `?session=&key=` it shows that chat; without them it starts a
 * new one and puts the chat's address in the location bar, so a reload continues it.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = params.get(searchParams.chatSession);
  const key = params.get(searchParams.chatKey);
  const access = useMemo(() => (session && key ? { session, key } : null), [session, key]);

  return (
    <section className="chat-page" aria-labelledby="chat-page-title" data-testid="chat-page">
      <h1 id="chat-page-title" className="chat-page-title">
        {t('chat.title')}
      </h1>
      <ChatRoom
        key={access ? `${access.session}:${access.key}` : 'new'}
        access={access}
        fresh
        onLaunched={(launched) => navigate(launched.chatUrl, { replace: true })}
      />
    </section>
  );
}
