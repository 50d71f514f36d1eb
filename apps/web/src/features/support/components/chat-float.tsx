import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { Modal } from '../../../components/modal';
import { useSystemStatus } from '../../../lib/system-status';
import { ChatRoom } from './chat-room';

/** The site resource whose presence turns live chat on (SPEC §2). */
export const liveChatResourceType = 'LIVECHAT';

/**
 * The live-chat float button at the bottom inline-end corner, shown only when the merchant has a
 * chat resource; it opens the chat room popup (440 × 750 on desktop, full screen on phones).
 */
export function ChatFloat() {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  const [open, setOpen] = useState(false);
  const configured =
    status?.info.resources.some((resource) => resource.resourceType === liveChatResourceType) ??
    false;
  if (!configured) return null;

  return (
    <>
      <button
        type="button"
        className="chat-float"
        aria-label={t('chat.open')}
        title={t('chat.open')}
        aria-haspopup="dialog"
        data-testid="chat-float"
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
          <ChatRoom />
        </Modal>
      ) : null}
    </>
  );
}
