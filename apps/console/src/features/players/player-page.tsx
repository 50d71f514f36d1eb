import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge, DateTime, Money } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { StatCard, StatGrid } from '../../components/stat-card';
import { ErrorState, LoadingState } from '../../components/states';
import { formatMinor } from '../../lib/format';
import { fetchPlayer } from './api';
import { PlayerActions } from './player-actions';
import { PlayerTabs } from './player-tabs';

export const playerKey = (id: string) => ['ops', 'player', id] as const;

/** `/console/players/:id`: the player's 360° view, its lists in tabs and the actions on it. */
export default function PlayerPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const summary = useQuery({
    queryKey: playerKey(id),
    queryFn: ({ signal }) => fetchPlayer(id, signal),
  });

  if (summary.isPending) return <LoadingState />;
  if (summary.error)
    return (
      <div className="page">
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      </div>
    );
  const p = summary.data;
  const currency = p.balances.currency ?? undefined;
  const locked = p.locks.loginLockedUntil !== null || p.locks.loginAddressLocks.length > 0;

  return (
    <div className="page">
      <PageHeader
        title={p.username}
        description={[p.fullname, p.nickname].filter(Boolean).join(' · ') || p.id}
        actions={<PlayerActions player={p} />}
      />
      <p>
        <Badge tone={p.status === 'active' ? 'good' : 'bad'}>
          <span data-testid="player-status">{t(`players.statuses.${p.status}`)}</span>
        </Badge>{' '}
        {locked && <Badge tone="warn">{t('players.loginLocked')}</Badge>}{' '}
        {p.promotionsExcluded && <Badge tone="warn">{t('players.promotionsExcluded')}</Badge>}{' '}
        {p.tags.map((tag) => (
          <span key={tag}>
            <Badge tone="info">{tag}</Badge>{' '}
          </span>
        ))}
      </p>
      <StatGrid>
        <StatCard
          label={t('players.cash')}
          value={
            <span data-testid="player-cash">
              <Money minor={p.balances.cash} {...(currency ? { currency } : {})} />
            </span>
          }
        />
        <StatCard
          label={t('players.bonus')}
          value={<Money minor={p.balances.bonus} {...(currency ? { currency } : {})} />}
        />
        <StatCard
          label={t('players.locked')}
          value={<Money minor={p.balances.locked} {...(currency ? { currency } : {})} />}
          sub={t('players.lockedSub')}
        />
        <StatCard
          label={t('players.vip')}
          value={p.vipLevel}
          sub={t('players.points', { points: p.points })}
        />
        <StatCard
          label={t('players.turnover')}
          value={<Money minor={p.turnover.done} />}
          sub={t('players.turnoverOf', { required: formatMinor(p.turnover.required) })}
        />
      </StatGrid>
      <section className="card">
        <dl className="details">
          <dt>{t('players.id')}</dt>
          <dd>
            <code>{p.id}</code>
          </dd>
          <dt>{t('players.merchant')}</dt>
          <dd>{p.merchantCode}</dd>
          <dt>{t('players.mobile')}</dt>
          <dd>
            {p.mobile
              ? `${p.countryDialingCode ? `${p.countryDialingCode.replace(/^\+?/, '+')} ` : ''}${p.mobile}`
              : '—'}
          </dd>
          <dt>{t('players.email')}</dt>
          <dd>{p.email ?? '—'}</dd>
          <dt>{t('players.agents')}</dt>
          <dd>
            {p.upline.length === 0
              ? '—'
              : p.upline.map((a, i) => (
                  <span key={a.id}>
                    {i > 0 && ' ← '}
                    {a.username}
                  </span>
                ))}
          </dd>
          <dt>{t('players.createdAt')}</dt>
          <dd>
            <DateTime iso={p.createdAt} />
            {p.registerIp && <span className="muted"> · {p.registerIp}</span>}
          </dd>
          <dt>{t('players.lastLoginAt')}</dt>
          <dd>
            <DateTime iso={p.lastLoginAt} />{' '}
            <span className="muted">{t('players.loginCount', { count: p.loginCount })}</span>
          </dd>
          {locked && (
            <>
              <dt>{t('players.lockedUntil')}</dt>
              <dd>
                {p.locks.loginLockedUntil && <DateTime iso={p.locks.loginLockedUntil} />}
                {p.locks.loginAddressLocks.map((l) => (
                  <div key={l.address}>
                    {l.address} · <DateTime iso={l.until} />
                  </div>
                ))}
              </dd>
            </>
          )}
        </dl>
      </section>
      <PlayerTabs playerId={p.id} currency={currency} />
      <p>
        <Link to="/players">{t('players.back')}</Link>
      </p>
    </div>
  );
}
