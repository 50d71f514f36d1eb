import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { CopyButton } from './copy-button';

/**
 * An invitation to share: its code and its link, each with a copy button, and the link as a QR
 * code. `texts` names the catalogue namespace whose `code`, `link`, `qr_title` and `qr_caption`
 * label it (`agent.invitation` or `referral.invite`); `testId` prefixes the test ids of the code,
 * the link and the QR code.
 */
export function InvitationCard({
  code,
  link,
  texts,
  testId,
}: {
  code: string;
  link: string;
  texts: 'agent.invitation' | 'referral.invite';
  testId: 'invitation' | 'referral';
}) {
  const { t } = useTranslation();
  return (
    <div className="agent-invitation">
      <dl className="agent-invitation-list">
        <div className="receiving-row">
          <dt>{t(`${texts}.code`)}</dt>
          <dd>
            <span className="receiving-value" data-testid={`${testId}-code`}>
              {code}
            </span>
            <CopyButton value={code} label={t(`${texts}.code`)} />
          </dd>
        </div>
        <div className="receiving-row">
          <dt>{t(`${texts}.link`)}</dt>
          <dd>
            <a className="receiving-value" href={link} data-testid={`${testId}-link`}>
              {link}
            </a>
            <CopyButton value={link} label={t(`${texts}.link`)} />
          </dd>
        </div>
      </dl>
      <figure className="agent-qr" data-testid={`${testId}-qr`}>
        <QRCodeSVG
          value={link}
          size={168}
          marginSize={2}
          bgColor="#ffffff"
          fgColor="#000000"
          title={t(`${texts}.qr_title`)}
        />
        <figcaption className="muted">{t(`${texts}.qr_caption`)}</figcaption>
      </figure>
    </div>
  );
}
