import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryBet } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { RecordPager } from '../../../components/record-pager';
import { errorText } from '../../../lib/error-text';
import { useCancelLotteryBet } from '../api/cancel-lottery-bet';
import { useMyLotteryBets } from '../api/get-my-lottery-bets';
import { useBetLabels } from './use-bet-labels';
import { useLotteryMoney } from './use-lottery-money';

/** The member's bets on a game with status and payout; pending bets of the open issue can be cancelled. */
export function MyBets({
  gameCode,
  openIssueId,
  bettingOpen,
}: {
  gameCode: string;
  openIssueId: string | null;
  bettingOpen: boolean;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const bets = useMyLotteryBets(gameCode, page);
  const cancel = useCancelLotteryBet();
  const money = useLotteryMoney();
  const { betName } = useBetLabels();
  if (bets.isPending) return <PageLoader />;
  if (bets.isError) {
    return (
      <LoadError
        error={bets.error}
        onRetry={() => void bets.refetch()}
        retryLabel={t('lottery.retry')}
      />
    );
  }
  const list = bets.data.list;
  const cancellable = (bet: LotteryBet) =>
    bettingOpen && bet.status === 'pending' && bet.issueId === openIssueId && bet.chaseId === null;
  return (
    <div className="lottery-my-bets">
      <FormAlert message={cancel.isError ? errorText(t, cancel.error) : null} />
      {list.length === 0 ? (
        <p className="muted">{t('lottery.my_bets.empty')}</p>
      ) : (
        <ul className="lottery-bet-list">
          {list.map((bet) => (
            <li key={bet.id} className="lottery-bet-row" data-testid={`my-bet-${bet.id}`}>
              <div className="lottery-bet-main">
                <span className="lottery-bet-issue muted">
                  {t('lottery.issue', { issue: bet.issueId })}
                </span>
                <span className="lottery-bet-name">
                  {betName(bet.type, bet.selection, bet.positions ?? [])}
                </span>
                <span className="muted">
                  {t('lottery.slip.line_math', {
                    stake: money.wire(bet.unitStake),
                    units: bet.units,
                  })}
                  {bet.chaseId ? ` · ${t('lottery.my_bets.chase')}` : ''}
                </span>
              </div>
              <div className="lottery-bet-side">
                <span
                  className={`status-chip lottery-status is-${bet.status}`}
                  data-testid="bet-status"
                >
                  {t(`lottery.status.${bet.status}`)}
                </span>
                <span className="lottery-bet-cost">
                  {t('lottery.my_bets.cost', { amount: money.wire(bet.cost) })}
                </span>
                {bet.payout !== null ? (
                  <span className="lottery-bet-payout" data-testid="bet-payout">
                    {t('lottery.my_bets.payout', { amount: money.wire(bet.payout) })}
                  </span>
                ) : null}
                {cancellable(bet) ? (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate(bet.id)}
                  >
                    {t('lottery.my_bets.cancel')}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {bets.data.totalPages > 1 ? (
        <RecordPager
          page={page}
          hasMore={page < bets.data.totalPages}
          busy={bets.isFetching}
          onPage={setPage}
        />
      ) : null}
    </div>
  );
}
