import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pointTxTypeIds } from '@taya/contracts';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { QueryPager } from '../../../components/record-pager';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { usePointsDetail } from '../api/get-points-detail';
import type { PointsDetailPage } from '../lib/types';
import { usePointsFormat } from './use-points-format';

type Row = PointsDetailPage['list'][number];
type Kind = 'earn' | 'redeem' | 'refund' | 'convert';

function kindOf(txTypeId: string): Kind | null {
  return (pointTxTypeIds as readonly string[]).includes(txTypeId)
    ? (txTypeId.slice('point_'.length) as Kind)
    : null;
}

/** Points earned and spent: when, from which game type or on what, and how many. */
export function PointsDetail() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const detail = usePointsDetail(page);

  if (detail.isPending) return <PageLoader />;
  if (detail.isError) {
    return (
      <LoadError
        error={detail.error}
        onRetry={() => void detail.refetch()}
        retryLabel={t('points.retry')}
      />
    );
  }
  if (detail.data.list.length === 0 && page === 1) {
    return (
      <div className="empty-state" data-testid="detail-empty">
        <span className="empty-state-icon">
          <Icon name="chart" size={28} />
        </span>
        <p className="empty-state-title">{t('points.no_detail')}</p>
        <p className="empty-state-body">{t('points.no_detail_body')}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="record-list" data-testid="points-detail">
        {detail.data.list.map((row, index) => (
          <DetailRow key={`${row.txTimeInTimestamp}-${index}`} row={row} />
        ))}
      </ul>
      <QueryPager query={detail} page={page} onPage={setPage} />
    </>
  );
}

function DetailRow({ row }: { row: Row }) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const points = usePointsFormat();
  const kind = kindOf(row.txTypeId);
  const amount = Number(row.amount);
  const what =
    kind === 'earn' && row.remark
      ? t(`categories.${row.remark}` as 'categories.RNG', { defaultValue: row.remark })
      : kind === 'convert' && row.remark
        ? t('points.converted_to', { amount: row.remark })
        : row.remark;
  return (
    <li className="record" data-testid="points-detail-row" data-kind={kind ?? row.txTypeId}>
      <div className="record-main">
        <span className="record-type">{kind ? t(`points.kind.${kind}`) : row.txTypeId}</span>
        <span className={`record-amount ${amount >= 0 ? 'is-credit' : 'is-debit'}`}>
          {amount > 0 ? '+' : amount < 0 ? '−' : ''}
          {points(Math.abs(amount))}
        </span>
      </div>
      <div className="record-meta">
        <time dateTime={new Date(row.txTimeInTimestamp).toISOString()}>
          {formatTime(new Date(row.txTimeInTimestamp).toISOString())}
        </time>
        {what ? <span>{what}</span> : null}
      </div>
    </li>
  );
}
