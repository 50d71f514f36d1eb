import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementItem } from '@taya/contracts';
import { Modal } from '../../../components/modal';
import { isFirstLogin, useSessionToken } from '../../../lib/session';
import { useSessionPopups } from '../api/get-popup-announcements';
import { markPopupsClosed, popupsClosed, type PopupAudience } from '../lib/session-popups';

/** An image of a popup: only site paths and https addresses are shown. */
function isShowableImage(src: string): boolean {
  return src.startsWith('/') || src.startsWith('https://');
}

function PopupItem({ item }: { item: AnnouncementItem }) {
  const image = item.announcementImages.find(isShowableImage);
  return (
    <li className="session-popup-item" data-testid="session-popup-item">
      <h3 className="session-popup-item-title" dir="auto">
        {item.title}
      </h3>
      {image ? <img className="session-popup-image" src={image} alt="" loading="lazy" /> : null}
      {item.content.trim() ? <p dir="auto">{item.content}</p> : null}
    </li>
  );
}

/**
 * The session popups (SPEC §4): the popup announcements (type PU) of the current audience —
 * visitors (B) before log-in; right after a log-in the players' (A) ones, with the first-log-in
 * (F) ones on an account's first log-in. Each audience's set shows once per session.
 */
export function SessionPopup() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const audience: PopupAudience = token ? 'A' : 'B';
  const [closedNow, setClosedNow] = useState<PopupAudience[]>([]);
  const closed = closedNow.includes(audience) || popupsClosed(audience);
  const execution = audience === 'B' ? 'B' : isFirstLogin() ? 'F' : 'A';
  const popups = useSessionPopups(execution, !closed);

  if (closed || !popups.data || popups.data.length === 0) return null;
  const close = () => {
    markPopupsClosed(audience);
    setClosedNow((list) => [...list, audience]);
  };
  return (
    <Modal
      title={
        audience === 'A'
          ? t('announcements_popup.after_login_title')
          : t('announcements_popup.public_title')
      }
      onClose={close}
      testId="session-popup"
    >
      <div data-audience={audience}>
        <ul className="session-popup-list">
          {popups.data.map((item) => (
            <PopupItem key={item.id} item={item} />
          ))}
        </ul>
        <div className="dialog-actions">
          <button type="button" className="button button-primary" onClick={close}>
            {t('announcements_popup.got_it')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
