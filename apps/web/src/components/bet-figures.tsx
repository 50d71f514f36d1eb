import { useTranslation } from 'react-i18next';
import { useMoney } from '../hooks/use-money';

/** The lower half of a bet's row in a bet list: its stake, valid bet and payout, then its round. */
export function BetFigures({
  bet,
}: {
  bet: { stake: string; validBet: string; payout: string; roundId: string };
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  return (
    <>
      <dl className="bet-figures">
        <div>
          <dt>{t('bets.stake')}</dt>
          <dd>{fmt.money(bet.stake)}</dd>
        </div>
        <div>
          <dt>{t('bets.valid_bet')}</dt>
          <dd>{fmt.money(bet.validBet)}</dd>
        </div>
        <div>
          <dt>{t('bets.payout')}</dt>
          <dd>{fmt.money(bet.payout)}</dd>
        </div>
      </dl>
      <div className="record-meta">
        <span className="record-reference">{t('bets.round', { id: bet.roundId })}</span>
      </div>
    </>
  );
}
