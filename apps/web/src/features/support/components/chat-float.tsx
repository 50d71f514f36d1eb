import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { Modal } from '../../../components/modal';
import { usePhoneWidth } from '../../../hooks/use-phone-width';
import { useSystemStatus } from '../../../lib/system-status';
import { PageLoader } from '../../../components/page-loader';
import { onDemand } from '../../../lib/on-demand';

/** The room's code (its socket, history and form) loads when someone opens it. */
const ChatRoom = onDemand(() => import('./chat-room').then((m) => m.ChatRoom)).Component;

/** The site resource whose presence turns live chat on (SPEC §2). */
export const liveChatResourceType = 'LIVECHAT';

/**
 * Live chat's launcher, shown only when the merchant has a chat resource; it opens the chat room
 * popup (440 × 750 on desktop, full screen on phones). `float` is the button at the bottom
 * inline-end corner, from tablet width up; on phones it would sit on the page's own buttons and
 * ids, so there the `header` one, an icon in the site header, opens chat instead.
 */
export function ChatFloat({ variant = 'float' }: { variant?: 'float' | 'header' }) {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const [open, setOpen] = useState(false);
  const phone = usePhoneWidth();
  const configured =
    status?.info.resources.some((resource) => resource.resourceType === liveChatResourceType) ??
    false;
  if (!configured || phone !== (variant === 'header')) return null;

  return (
    <>
      <button
        type="button"
        className={variant === 'float' ? 'chat-float' : 'icon-button chat-header-button'}
        aria-label={t('chat.open')}
        title={t('chat.open')}
        aria-haspopup="dialog"
        data-testid={variant === 'float' ? 'chat-float' : 'chat-header'}
        onClick={() => setOpen(true)}
      >
        <Icon name="headset" />
      </button>
      {open ? (
        <Modal
          title={t('chat.title')}
          onClose={() => setOpen(false)}
          closeOnCover={false}
          className="modal-chat"
          testId="chat-popup"
        >
          <Suspense fallback={<PageLoader />}>
            <ChatRoom />
          </Suspense>
        </Modal>
      ) : null}
    </>
  );
}
