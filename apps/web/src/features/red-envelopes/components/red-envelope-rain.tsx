import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type RedEnvelopeGrab } from '@taya/contracts';
import { Modal } from '../../../components/modal';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { useNow } from '../../../hooks/use-now';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { useRequestId } from '../../../lib/request-id';
import { readStored, writeStored } from '../../../lib/storage';
import { useMoney } from '../../../hooks/use-money';
import { useCurrentEnvelope, type CurrentEnvelope } from '../api/get-current-envelope';
import { useGrabEnvelope } from '../api/grab-envelope';
import { EnvelopeIcon } from './envelope-icon';

/** The window whose rain the member closed, so it does not fall again in this session. */
const dismissedKey = 'taya.redEnvelope.dismissed';

/** How many envelopes fall at once: enough to look like rain, few enough to tap one. */
const dropCount = 12;

/** Fixed positions and timings, so the rain looks the same on every render. */
const drops = Array.from({ length: dropCount }, (_, i) => ({
  left: (i * 37 + 7) % 88,
  delay: ((i * 53) % 40) / 10,
  duration: 4 + ((i * 29) % 30) / 10,
  tilt: ((i * 17) % 30) - 15,
}));

type Refusal = 'already_opened' | 'window_closed' | 'all_taken' | 'limit' | 'not_for_you';

type Outcome =
  { kind: 'won'; grab: RedEnvelopeGrab } | { kind: Refusal } | { kind: 'error'; message: string };

const windowKey = (e: CurrentEnvelope) => `${e.promotionId}@${e.window.opensAt}`;

/** What a refused grab means to the member, from the state and reason the server sent. */
function refusal(error: unknown): Refusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const reason = (error.value as { reason?: string } | null)?.reason;
  switch (reason) {
    case 'window_grabbed':
      return 'already_opened';
    case 'window_closed':
    case 'ended':
    case 'not_started':
      return 'window_closed';
    case 'budget_spent':
      return 'all_taken';
    case 'limit_reached':
      return 'limit';
    case 'audience':
      return 'not_for_you';
    default:
      return null;
  }
}

function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/**
 * The red-envelope rain: while a window is open, a logged-in member who has not opened this
 * window's envelope sees envelopes fall (still, for those who asked for less motion); tapping one
 * opens it and shows what it held, or why it could not be opened.
 */
export function RedEnvelopeRain() {
  const current = useCurrentEnvelope();
  const envelope = current.data?.envelope ?? null;
  const [dismissed, setDismissed] = useState(() => readStored('session', dismissedKey));
  const [outcome, setOutcome] = useState<{ key: string; value: Outcome } | null>(null);
  // The window whose envelope the member tapped: the rain stays until the answer is shown, even
  // when the refreshed current envelope already says it was opened.
  const [engaged, setEngaged] = useState<string | null>(null);

  if (!envelope || !envelope.open) return null;
  const key = windowKey(envelope);
  const shown = outcome?.key === key ? outcome.value : null;
  if (dismissed === key) return null;
  if (engaged !== key && (envelope.grabbed || !envelope.poolLeft)) return null;

  const close = () => {
    writeStored('session', dismissedKey, key);
    setDismissed(key);
  };
  return (
    <RainDialog
      envelope={envelope}
      outcome={shown}
      onEngage={() => setEngaged(key)}
      onOutcome={(value) => setOutcome({ key, value })}
      onClose={close}
    />
  );
}

function RainDialog({
  envelope,
  outcome,
  onEngage,
  onOutcome,
  onClose,
}: {
  envelope: CurrentEnvelope;
  outcome: Outcome | null;
  onEngage: () => void;
  onOutcome: (outcome: Outcome) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reduced = useReducedMotion();
  const grab = useGrabEnvelope();
  const requestId = useRequestId();
  const now = useNow();
  const [openedAt] = useState(() => Date.now());
  const closesIn = Math.max(0, envelope.closesIn - Math.floor((now.getTime() - openedAt) / 1000));

  const open = () => {
    if (grab.isPending || outcome) return;
    const id = requestId.take(windowKey(envelope));
    onEngage();
    grab.mutate(
      { promotionId: envelope.promotionId, requestId: id },
      {
        onSuccess: (result) => {
          requestId.settle();
          onOutcome({ kind: 'won', grab: result });
        },
        onError: (error) => {
          requestId.settle(error);
          const kind = refusal(error);
          onOutcome(kind ? { kind } : { kind: 'error', message: errorText(t, error) });
        },
      },
    );
  };

  return (
    <Modal
      title={envelope.title}
      onClose={onClose}
      closeOnCover={false}
      className="envelope-modal"
      testId="red-envelope-rain"
    >
      {outcome ? (
        <OutcomeView outcome={outcome} currency={envelope.currency} onClose={onClose} />
      ) : (
        <>
          <p className="envelope-hint">{t('red_envelope.rain.hint')}</p>
          <p className="envelope-closes muted" aria-live="off">
            {t('red_envelope.rain.closes_in', { time: clock(closesIn) })}
          </p>
          <div
            className={reduced ? 'envelope-sky is-still' : 'envelope-sky'}
            data-testid="envelope-sky"
            aria-busy={grab.isPending}
          >
            {drops.map((drop, i) => (
              <button
                key={i}
                type="button"
                className="envelope-drop"
                style={
                  {
                    '--drop-left': `${drop.left}%`,
                    // Negative: the rain is already falling when the dialog opens.
                    '--drop-delay': `-${drop.delay}s`,
                    '--drop-duration': `${drop.duration}s`,
                    '--drop-tilt': `${drop.tilt}deg`,
                  } as CSSProperties
                }
                aria-label={t('red_envelope.rain.open_one')}
                disabled={grab.isPending}
                onClick={open}
              >
                <EnvelopeIcon />
              </button>
            ))}
          </div>
        </>
      )}
    </Modal>
  );
}

function OutcomeView({
  outcome,
  currency,
  onClose,
}: {
  outcome: Outcome;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { money } = useMoney();
  let body;
  if (outcome.kind === 'won') {
    body = (
      <>
        <EnvelopeIcon opened />
        <p className="envelope-won-label">{t('red_envelope.rain.won')}</p>
        <p className="envelope-won-amount" data-testid="envelope-amount">
          {money(outcome.grab.amount, currency)}
        </p>
        <p className="muted">
          {t('red_envelope.rain.won_note', {
            turnover: money(outcome.grab.turnoverAdded, currency),
          })}
        </p>
      </>
    );
  } else if (outcome.kind === 'error') {
    body = <p role="alert">{outcome.message}</p>;
  } else {
    body = (
      <>
        <EnvelopeIcon opened />
        <p data-testid="envelope-refused">{t(`red_envelope.rain.${outcome.kind}`)}</p>
      </>
    );
  }
  return (
    <div className="envelope-outcome" role="status" data-testid="envelope-outcome">
      {body}
      <div className="envelope-actions">
        <Link className="button button-secondary" to={paths.redEnvelope.href()} onClick={onClose}>
          {t('red_envelope.rain.my_envelopes')}
        </Link>
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('app.close')}
        </button>
      </div>
    </div>
  );
}
