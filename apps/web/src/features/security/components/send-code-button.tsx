import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../hooks/use-countdown';

/** SPEC §9: one code request a second at most, whatever the button state. */
const minRequestGapMs = 1000;

/**
 * The "Send code" button of the security centre's forms: after a send it counts down 60 s × the
 * code's lifetime in minutes. `send` starts the request and resolves with that lifetime (or null
 * when it failed or was refused before going out).
 */
export function SendCodeButton({
  send,
  pending,
  sent,
}: {
  send: () => Promise<number | null>;
  pending: boolean;
  sent: boolean;
}) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const lastRequest = useRef(0);

  const onClick = async () => {
    const startedAt = Date.now();
    if (pending || countdown.running || startedAt - lastRequest.current < minRequestGapMs) return;
    lastRequest.current = startedAt;
    const minutes = await send();
    if (minutes !== null) countdown.start(60_000 * (minutes > 0 ? minutes : 1));
  };

  const label = countdown.running
    ? t('auth.sms_resend_in', { seconds: countdown.remaining })
    : pending
      ? t('auth.sms_sending')
      : sent
        ? t('auth.sms_resend')
        : t('auth.sms_send');

  return (
    <button
      type="button"
      className="button button-secondary sms-send"
      onClick={() => void onClick()}
      disabled={pending || countdown.running}
    >
      {label}
    </button>
  );
}
