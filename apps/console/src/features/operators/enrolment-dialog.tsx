import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import type { OpsOperatorEnrolment } from '@taya/contracts';
import { Dialog } from '../../components/dialog';
import { DateTime } from '../../components/display';

/**
 * The one-time enrolment link of a new operator (or of a reset second factor), shown once: as
 * text with a copy button and as a QR code. The authenticator's secret is not shown here: the
 * operator sees it on the enrolment page only.
 */
export function EnrolmentDialog({
  enrolment,
  onClose,
}: {
  enrolment: OpsOperatorEnrolment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const link = enrolment ? new URL(enrolment.enrolPath, window.location.origin).toString() : '';
  const copy = async () => {
    await navigator.clipboard?.writeText(link);
    setCopied(true);
  };
  return (
    <Dialog
      open={enrolment !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
      title={t('operators.enrolment.title', { username: enrolment?.username ?? '' })}
      description={t('operators.enrolment.text')}
    >
      {enrolment && (
        <div className="enrol-qr">
          <QRCodeSVG value={link} size={160} marginSize={2} title={t('operators.enrolment.qr')} />
          <div>
            <label className="inline-label" htmlFor="enrolment-link">
              {t('operators.enrolment.link')}
            </label>
            <input
              id="enrolment-link"
              className="input"
              readOnly
              value={link}
              data-testid="enrolment-link"
              onFocus={(e) => e.target.select()}
            />
            <p className="field-hint">
              {t('operators.enrolment.expires')} <DateTime iso={enrolment.expiresAt} />
            </p>
            <button type="button" className="btn btn-small" onClick={() => void copy()}>
              {copied ? t('operators.enrolment.copied') : t('operators.enrolment.copy')}
            </button>
          </div>
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
