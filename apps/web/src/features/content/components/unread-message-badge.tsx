import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge';
import { useUnreadCount } from '../api/get-unread-count';

/** The red unread-message count for a messages menu item or tab (hidden at 0). */
export function UnreadMessageBadge() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const count = unread.data;
  return (
    <CountBadge
      count={count}
      label={t('content.messages.unread_badge', { count: count ?? 0 })}
      testId="message-badge"
    />
  );
}
