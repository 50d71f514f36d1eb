import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OriginalRound } from '@taya/contracts';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useMoney } from '../../../hooks/use-money';
import { paysStake } from '../lib/boards';
import { drawnSuffix, drawnValue, shortMultiplier, verifyHref } from '../lib/rounds';

/** The player's last rounds of the game, newest first, each verifiable once its seed is out. */
export function HistoryTable({ rounds, rtp }: { rounds: readonly OriginalRound[]; rtp: string }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  const when = useDateTimeFormat();
  if (rounds.length === 0) {
    return <p className="og-hint">{t('originals.history.empty')}</p>;
  }
  return (
    <div
      className="og-table-wrap"
      tabIndex={0}
      role="region"
      aria-label={t('originals.history.title')}
    >
      <table className="og-table" data-testid="og-history">
        <thead>
          <tr>
            <th scope="col">{t('originals.history.time')}</th>
            <th scope="col">{t('originals.history.bet')}</th>
            <th scope="col">{t('originals.history.result')}</th>
            <th scope="col">{t('originals.history.multiplier')}</th>
            <th scope="col">{t('originals.history.payout')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('originals.fair.verify')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rounds.map((round) => {
            const href = verifyHref(round, rtp);
            return (
              <tr
                key={round.roundId}
                className={paysStake(round.multiplier) ? 'is-win' : 'is-loss'}
                data-testid="og-history-row"
              >
                <td>{when(round.at)}</td>
                <td>{fmt.amount(round.amount)}</td>
                <td className="og-num">
                  {typeof round.outcome.hand === 'string'
                    ? t(`originals.poker.hands.${round.outcome.hand}`, {
                        defaultValue: round.outcome.hand,
                      })
                    : drawnValue(round)}
                  {drawnSuffix(round.game)}
                </td>
                <td className="og-num">{shortMultiplier(round.multiplier)}×</td>
                <td className="og-num og-payout">{fmt.amount(round.payout)}</td>
                <td>
                  {href ? (
                    <Link to={href} className="og-link" data-testid="og-history-verify">
                      {t('originals.fair.verify')}
                    </Link>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
