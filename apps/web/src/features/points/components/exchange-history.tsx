import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { QueryPager } from '../../../components/record-pager';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useRedemptions } from '../api/get-redemptions';
import type { PointReward, Redemption } from '../lib/types';
import { RedemptionStatusChip } from './redemption-status-chip';
import { usePointsFormat } from './use-points-format';
import { useMoney } from '../../../hooks/use-money';

/** The member's redemptions, newest first, with their state and the operator's reason. */
export function ExchangeHistory({ rewards }: { rewards: PointReward[] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useRedemptions(page);
  // The list names rewards in English; the mall's own list has them in the player's language.
  const names = new Map(rewards.map((r) => [r.id, r.name]));

  if (history.isPending) return <PageLoader />;
  if (history.isError) {
    return (
      <LoadError
        error={history.error}
        onRetry={() => void history.refetch()}
        retryLabel={t('points.retry')}
      />
    );
  }
  if (history.data.list.length === 0 && page === 1) {
    return (
      <div className="empty-state" data-testid="history-empty">
        <span className="empty-state-icon">
          <Icon name="receipt" size={28} />
        </span>
        <p className="empty-state-title">{t('points.no_history')}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="record-list" data-testid="exchange-history">
        {history.data.list.map((item) => (
          <HistoryRow
            key={item.id}
            item={item}
            name={names.get(item.rewardId) ?? item.rewardName}
          />
        ))}
      </ul>
      <QueryPager query={history} page={page} onPage={setPage} />
    </>
  );
}

function HistoryRow({ item, name }: { item: Redemption; name: string }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const points = usePointsFormat();
  return (
    <li className="record" data-testid={`redemption-${item.id}`}>
      <div className="record-main">
        <span className="record-type">
          {name} × {item.quantity}
        </span>
        <RedemptionStatusChip status={item.status} />
      </div>
      <div className="record-meta">
        <span className="record-amount is-debit">
          {t('points.spent', { points: points(item.points) })}
        </span>
        {item.amount !== null ? (
          <span>{t('points.worth', { amount: fmt.money(item.amount) })}</span>
        ) : null}
      </div>
      <div className="record-meta">
        <time dateTime={item.createdAt}>{formatTime(item.createdAt)}</time>
        {item.decidedAt ? (
          <span>{t('points.decided_at', { time: formatTime(item.decidedAt) })}</span>
        ) : null}
      </div>
      {item.status === 'Rejected' ? (
        <p className="cashier-note" data-testid="redemption-reason">
          {item.decisionNote
            ? t('points.rejected_reason', { reason: item.decisionNote })
            : t('points.rejected_refunded')}
        </p>
      ) : item.decisionNote ? (
        <p className="cashier-note">{item.decisionNote}</p>
      ) : null}
      {item.status === 'In Process' ? (
        <p className="record-meta">{t('points.redeem_pending_note')}</p>
      ) : null}
    </li>
  );
}
