import { useTranslation } from 'react-i18next';
import { SignedAmount } from './signed-amount';
import { useMoney } from '../hooks/use-money';

export interface BetTotalsProps {
  /** Over the whole filter; the stake is left out where the list does not give it. */
  totals: { count: number; stake?: string; validBet: string; payout: string; winLoss: string };
  /** How the count reads. */
  formatCount?: (count: number) => string;
  /** The list's test id; its count and win/loss take it with `-count` and `-win-loss`. */
  testId: string;
  /** Names the list "Totals" for screen readers. */
  labelled?: boolean;
}

/** The totals above a bet list: how many bets, then the money figures and the win/loss. */
export function BetTotals({ totals, formatCount = String, testId, labelled }: BetTotalsProps) {
  const fmt = useMoney();
  const { t } = useTranslation();
  return (
    <dl
      className="bet-totals"
      data-testid={testId}
      aria-label={labelled ? t('bets.totals') : undefined}
    >
      <div className="bet-totals-title">
        <dt>{t('bets.totals')}</dt>
        <dd>{t('bets.totals_scope')}</dd>
      </div>
      <div>
        <dt>{t('bets.count')}</dt>
        <dd data-testid={`${testId}-count`}>{formatCount(totals.count)}</dd>
      </div>
      {totals.stake !== undefined ? (
        <div>
          <dt>{t('bets.stake')}</dt>
          <dd>{fmt.money(totals.stake)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('bets.valid_bet')}</dt>
        <dd>{fmt.money(totals.validBet)}</dd>
      </div>
      <div>
        <dt>{t('bets.payout')}</dt>
        <dd>{fmt.money(totals.payout)}</dd>
      </div>
      <div>
        <dt>{t('bets.win_loss')}</dt>
        <dd>
          <SignedAmount value={totals.winLoss} testId={`${testId}-win-loss`} />
        </dd>
      </div>
    </dl>
  );
}
