import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { acceptDisclaimer } from '../lib/session-popups';

/**
 * The 18+ disclaimer (SPEC §2, §4): no close button, Escape and the cover do nothing; it stays
 * until accepted for this session. Leaving shows that the site is for adults only.
 */
export function DisclaimerPopup({ onAccept }: { onAccept: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(false);
  return (
    <Modal
      title={left ? t('disclaimer.under_age_title') : t('disclaimer.title')}
      onClose={() => undefined}
      dismissible={false}
      testId="disclaimer-popup"
    >
      {left ? (
        <div className="disclaimer" data-testid="disclaimer-under-age">
          <p className="disclaimer-age" aria-hidden="true">
            18+
          </p>
          <p>{t('disclaimer.under_age_body')}</p>
          <div className="dialog-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setLeft(false)}
            >
              {t('disclaimer.back')}
            </button>
          </div>
        </div>
      ) : (
        <div className="disclaimer">
          <p className="disclaimer-age" aria-hidden="true">
            18+
          </p>
          <p>{t('disclaimer.body_age')}</p>
          <p>{t('disclaimer.body_responsible')}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => setLeft(true)}>
              {t('disclaimer.leave')}
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                acceptDisclaimer();
                onAccept();
              }}
            >
              {t('disclaimer.accept')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
