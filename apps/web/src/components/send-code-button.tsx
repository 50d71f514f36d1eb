import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../hooks/use-countdown';
import { TextField, type TextFieldProps } from './text-field';

/** SPEC §9: one code request a second at most, whatever the button state. */
const minRequestGapMs = 1000;

type Countdown = ReturnType<typeof useCountdown>;

export interface SendCodeButtonProps {
  /** Starts the request; resolves with the code's lifetime in minutes, null when none went out. */
  send: () => Promise<number | null>;
  pending: boolean;
  /** A code went out already: the label offers to send again. */
  sent: boolean;
  /** The owner's countdown, when it shows something by it; else the button keeps its own. */
  countdown?: Countdown;
  /** Log-in flows take half the round trip off: the code's clock ran while the answer travelled. */
  lessHalfRoundTrip?: boolean;
  /** Checked before anything else; false leaves the click unsent and uncounted. */
  ready?: () => boolean;
}

/**
 * The "Send code" button beside a code field (SPEC §4): after a send it is disabled with a
 * per-second countdown of 60 s × the code's lifetime in minutes.
 */
export function SendCodeButton({
  send,
  pending,
  sent,
  countdown: given,
  lessHalfRoundTrip = false,
  ready,
}: SendCodeButtonProps) {
  const { t } = useTranslation();
  const own = useCountdown();
  const countdown = given ?? own;
  const lastRequest = useRef(0);

  const onClick = async () => {
    if (ready && !ready()) return;
    const startedAt = Date.now();
    if (pending || countdown.running || startedAt - lastRequest.current < minRequestGapMs) return;
    lastRequest.current = startedAt;
    const { start } = countdown;
    const minutes = await send();
    if (minutes === null) return;
    const lifetime = 60_000 * (minutes > 0 ? minutes : 1);
    start(lessHalfRoundTrip ? lifetime - (Date.now() - startedAt) / 2 : lifetime);
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

/** The input for a code sent by SMS or e-mail, with its "Send code" button beside it. */
export function SentCodeField({
  sender,
  ...field
}: Omit<TextFieldProps, 'label' | 'required' | 'inputMode' | 'autoComplete' | 'maxLength'> & {
  sender: SendCodeButtonProps;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      {...field}
      label={t('auth.verify_code_label')}
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={12}
      action={<SendCodeButton {...sender} />}
    />
  );
}
