import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { missionPeriods, type MissionItem, type MissionPeriod } from '@taya/contracts';
import { FormAlert } from '../../../components/form-alert';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { Tabs } from '../../../components/tabs';
import { errorText } from '../../../lib/error-text';
import { useRequestId } from '../../../lib/request-id';
import { useClaimMission } from '../api/claim-mission';
import { useLeaderboard } from '../api/get-leaderboard';
import { useMissions } from '../api/get-missions';
import { isAmountTask, progressPercent, timeLeft } from '../lib/progress';
import { useMoney } from '../../../hooks/use-money';

/** The server's clock, moved on by the device's elapsed time, ticking once a minute. */
function useServerNow(serverNow: string | undefined, fetchedAt: number) {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setTick(Date.now()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  if (!serverNow) return new Date(tick);
  return new Date(Date.parse(serverNow) + Math.max(0, tick - fetchedAt));
}

function TimeLeft({ end, now }: { end: string; now: Date }) {
  const { t } = useTranslation();
  const left = timeLeft(new Date(end), now);
  const text =
    left.days > 0
      ? t('missions.time_left_days', { days: left.days, hours: left.hours })
      : t('missions.time_left_hours', { hours: left.hours, minutes: left.minutes });
  return (
    <p className="mission-time muted" data-testid="mission-time-left">
      {text}
    </p>
  );
}

function MissionCard({ mission }: { mission: MissionItem }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const claim = useClaimMission();
  const requestId = useRequestId();
  const amount = isAmountTask(mission.task);
  const show = (value: string) => (amount ? fmt.money(value) : value);
  const progress = mission.progress ?? (amount ? '0.00' : '0');
  const percent = progressPercent(mission.task, progress, mission.target);
  const state = mission.state;
  const onClaim = () => {
    const id = requestId.take(mission.id + mission.periodKey);
    claim.mutate(
      { missionId: mission.id, requestId: id },
      {
        onSuccess: () => requestId.settle(),
        onError: (error) => requestId.settle(error),
      },
    );
  };
  return (
    <li className="mission-card" data-testid="mission" data-state={state ?? 'visitor'}>
      <div className="mission-head">
        <h4 className="mission-title">{mission.title}</h4>
        <span className="mission-reward" data-testid="mission-reward">
          {t('missions.reward', {
            amount: fmt.money(mission.reward, mission.currency),
          })}
        </span>
      </div>
      {mission.description ? <p className="mission-text muted">{mission.description}</p> : null}
      <div
        className="mission-bar"
        role="progressbar"
        aria-label={mission.title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="mission-bar-fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="mission-foot">
        <span className="mission-progress" data-testid="mission-progress">
          {t('missions.progress', { progress: show(progress), target: show(mission.target) })}
        </span>
        {mission.turnoverMultipleTenths > 0 ? (
          <span className="mission-turnover muted">
            {t('missions.turnover', { multiple: mission.turnoverMultipleTenths / 10 })}
          </span>
        ) : null}
        {state === 'claimable' ? (
          <button
            type="button"
            className="button button-primary mission-action"
            onClick={onClaim}
            disabled={claim.isPending}
            data-testid="mission-claim"
          >
            {claim.isPending ? t('missions.claiming') : t('missions.claim')}
          </button>
        ) : state !== null ? (
          <span className={`mission-status is-${state}`} data-testid="mission-status">
            {t(`missions.state.${state}`)}
          </span>
        ) : null}
      </div>
      {claim.isError ? <FormAlert message={errorText(t, claim.error)} /> : null}
      {claim.isSuccess ? (
        <p className="mission-paid" role="status">
          {t('missions.claimed_notice', {
            amount: fmt.money(claim.data.amount, mission.currency),
          })}
        </p>
      ) : null}
    </li>
  );
}

function Leaderboard() {
  const fmt = useMoney();
  const { t } = useTranslation();
  const [period, setPeriod] = useState<MissionPeriod>('daily');
  const board = useLeaderboard(period);
  let body;
  if (board.isPending) body = <PageLoader />;
  else if (board.isError) {
    body = (
      <LoadError
        error={board.error}
        onRetry={() => void board.refetch()}
        retryLabel={t('missions.retry')}
      />
    );
  } else {
    const data = board.data;
    body = (
      <div aria-busy={board.isPlaceholderData}>
        {data.me ? (
          <p className="leaderboard-me" data-testid="leaderboard-me">
            {data.me.rank === null
              ? t('missions.my_rank_none')
              : t('missions.my_rank', {
                  rank: data.me.rank,
                  amount: fmt.money(data.me.validBet, data.currency),
                })}
          </p>
        ) : null}
        {data.list.length === 0 ? (
          <p className="muted" data-testid="leaderboard-empty">
            {t('missions.leaderboard_empty')}
          </p>
        ) : (
          <div className="table-scroll">
            <table className="leaderboard-table" data-testid="leaderboard">
              <thead>
                <tr>
                  <th scope="col">{t('missions.rank')}</th>
                  <th scope="col">{t('missions.player')}</th>
                  <th scope="col">{t('missions.valid_bet')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((row) => (
                  <tr key={`${row.rank}-${row.name}`} data-testid="leaderboard-row">
                    <td>{row.rank}</td>
                    <th scope="row">{row.name}</th>
                    <td>{fmt.amount(row.validBet)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="mission-leaderboard" data-testid="mission-leaderboard">
      <h3 className="mission-group-title">{t('missions.leaderboard')}</h3>
      <Tabs
        label={t('missions.leaderboard')}
        items={missionPeriods.map((key) => ({ key, label: t(`missions.period.${key}`) }))}
        selected={period}
        onSelect={setPeriod}
      >
        {body}
      </Tabs>
    </div>
  );
}

/**
 * Missions and leaderboard (member centre, missionLeaderboard): the day's and the week's
 * missions with the member's progress, the time left and a claim button once done, then the
 * period's leaderboard with the member's own rank.
 */
export function MissionsPanel() {
  const { t } = useTranslation();
  const missions = useMissions();
  const now = useServerNow(missions.data?.now, missions.dataUpdatedAt);

  let body;
  if (missions.isPending) body = <PageLoader />;
  else if (missions.isError) {
    body = (
      <LoadError
        error={missions.error}
        onRetry={() => void missions.refetch()}
        retryLabel={t('missions.retry')}
      />
    );
  } else if (missions.data.list.length === 0) {
    body = (
      <p className="muted" data-testid="missions-empty">
        {t('missions.none')}
      </p>
    );
  } else {
    const list = missions.data.list;
    body = missionPeriods.map((period) => {
      const items = list.filter((m) => m.period === period);
      if (items.length === 0) return null;
      return (
        <div key={period} className="mission-group" data-testid={`missions-${period}`}>
          <div className="mission-group-head">
            <h3 className="mission-group-title">{t(`missions.period.${period}`)}</h3>
            <TimeLeft end={items[0]!.periodEndsAt} now={now} />
          </div>
          <ul className="mission-list">
            {items.map((m) => (
              <MissionCard key={`${m.id}-${m.periodKey}`} mission={m} />
            ))}
          </ul>
        </div>
      );
    });
  }

  return (
    <Section block="cashier-section" title={t('member.tabs.missionLeaderboard')} testId="missions">
      {body}
      <Leaderboard />
    </Section>
  );
}
