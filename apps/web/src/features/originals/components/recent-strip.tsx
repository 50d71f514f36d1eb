import { useTranslation } from 'react-i18next';
import type { OriginalRound } from '@taya/contracts';
import { paysStake } from '../lib/boards';
import { drawnSuffix, drawnValue } from '../lib/rounds';

/** The player's latest results on this page, newest first: green wins, red losses. */
export function RecentStrip({ rounds }: { rounds: readonly OriginalRound[] }) {
  const { t } = useTranslation();
  return (
    <ol className="og-recent" aria-label={t('originals.recent')} data-testid="og-recent">
      {rounds.length === 0 ? (
        <li className="og-recent-empty">{t('originals.recent_empty')}</li>
      ) : null}
      {rounds.map((round) => (
        <li
          key={round.roundId}
          className={paysStake(round.multiplier) ? 'is-win' : 'is-loss'}
          data-testid="og-recent-item"
        >
          {drawnValue(round)}
          {drawnSuffix(round.game)}
        </li>
      ))}
    </ol>
  );
}
