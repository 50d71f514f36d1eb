import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../lib/use-countdown';

/** The time left to bet on an issue, or that betting has closed. */
export function IssueCountdown({ seconds, testId }: { seconds: number | null; testId?: string }) {
  const { t } = useTranslation();
  if (seconds === null) return null;
  return seconds > 0 ? (
    <span className="lottery-countdown" data-testid={testId}>
      <span className="lottery-countdown-label">{t('lottery.closes_in')}</span>
      <span className="lottery-countdown-time" role="timer" aria-live="off">
        {formatCountdown(seconds)}
      </span>
    </span>
  ) : (
    <span className="lottery-countdown is-closed" data-testid={testId}>
      {t('lottery.betting_closed')}
    </span>
  );
}
