import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { useMemberVip } from '../api/get-member-vip';
import { useVipLevels } from '../api/get-vip-levels';
import type { MemberVip, VipLevel } from '../lib/types';
import { formatRate, remaining } from '../lib/vip';
import { useMoney } from '../../../hooks/use-money';

/**
 * The member centre's VIP page (playerRank): the member's rank, how far each total is toward the
 * next one, and every rank with what it gives.
 */
export function VipPanel() {
  const { t } = useTranslation();
  const member = useMemberVip();
  const levels = useVipLevels();

  let mine;
  if (member.isPending) mine = <PageLoader />;
  else if (member.isError) {
    mine = (
      <LoadError
        error={member.error}
        onRetry={() => void member.refetch()}
        retryLabel={t('vip.retry')}
      />
    );
  } else mine = <MyRank vip={member.data} />;

  let ladder;
  if (levels.isPending) ladder = <PageLoader />;
  else if (levels.isError) {
    ladder = (
      <LoadError
        error={levels.error}
        onRetry={() => void levels.refetch()}
        retryLabel={t('vip.retry')}
      />
    );
  } else if (levels.data.levels.length === 0) {
    ladder = <p className="muted">{t('vip.no_levels')}</p>;
  } else {
    ladder = <LevelTable levels={levels.data.levels} current={member.data?.vipRankLevel ?? null} />;
  }

  return (
    <div className="cashier-stack" data-testid="vip-panel">
      <Section block="cashier-section" title={t('vip.my_level')} testId="vip-my-level">
        {mine}
      </Section>
      <Section block="cashier-section" title={t('vip.all_levels')} testId="vip-levels">
        {ladder}
      </Section>
    </div>
  );
}

function MyRank({ vip }: { vip: MemberVip }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  if (vip.vipLabelName === null) return <p className="muted">{t('vip.no_levels')}</p>;
  const { progress, nextLevel, benefits } = vip;
  return (
    <>
      <div className="vip-current">
        <span className="vip-badge" aria-hidden="true">
          <Icon name="crown" size={28} />
        </span>
        <div>
          <p className="vip-current-label" data-testid="vip-current-label">
            {vip.vipLabelName}
          </p>
          <p className="muted">
            {vip.hasVip ? t('vip.rank_n', { rank: vip.vipRankLevel }) : t('vip.no_rank_yet')}
          </p>
        </div>
      </div>
      {nextLevel && progress.nextValidBet !== null && progress.nextDeposits !== null ? (
        <div className="vip-progress" data-testid="vip-progress">
          <p className="vip-next">{t('vip.next_level', { label: nextLevel.labelName })}</p>
          <ProgressBar
            testId="vip-progress-bet"
            label={t('vip.valid_bet')}
            current={progress.validBet}
            target={progress.nextValidBet}
            percent={progress.validBetPercent}
          />
          <ProgressBar
            testId="vip-progress-deposits"
            label={t('vip.deposits')}
            current={progress.deposits}
            target={progress.nextDeposits}
            percent={progress.depositsPercent}
          />
          <p className="muted">{t('vip.both_needed')}</p>
        </div>
      ) : (
        <p className="vip-next" data-testid="vip-top">
          {t('vip.top_level')}
        </p>
      )}
      {benefits ? (
        <dl className="info-grid" data-testid="vip-benefits">
          <div>
            <dt>{t('vip.rebate')}</dt>
            <dd>{formatRate(benefits.rebateRateBps)}</dd>
          </div>
          {Object.entries(benefits.rebateRatesBps).map(([gameType, bps]) => (
            <div key={gameType}>
              <dt>
                {t('vip.rebate_on', {
                  type: t(`categories.${gameType}` as 'categories.RNG', { defaultValue: gameType }),
                })}
              </dt>
              <dd>{formatRate(bps)}</dd>
            </div>
          ))}
          <div>
            <dt>{t('vip.withdrawals_a_day')}</dt>
            <dd>{benefits.dailyWithdrawCount ?? t('vip.no_limit')}</dd>
          </div>
          <div>
            <dt>{t('vip.withdraw_limit')}</dt>
            <dd>
              {benefits.dailyWithdrawAmount !== null
                ? fmt.money(benefits.dailyWithdrawAmount)
                : t('vip.no_limit')}
            </dd>
          </div>
        </dl>
      ) : null}
    </>
  );
}

function ProgressBar({
  label,
  current,
  target,
  percent,
  testId,
}: {
  label: string;
  current: string;
  target: string;
  percent: number;
  testId: string;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const left = remaining(current, target);
  const done = left === remaining('0', '0');
  return (
    <div className="vip-bar" data-testid={testId}>
      <div className="vip-bar-head">
        <span className="vip-bar-label">{label}</span>
        <span className="vip-bar-figures">
          {fmt.money(current)} / {fmt.money(target)}
        </span>
      </div>
      <div
        className="vip-bar-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span className="vip-bar-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="vip-bar-left">
        {done ? t('vip.reached') : t('vip.to_go', { amount: fmt.money(left) })}
      </p>
    </div>
  );
}

function LevelTable({ levels, current }: { levels: VipLevel[]; current: number | null }) {
  const fmt = useMoney();
  const { t } = useTranslation();
  return (
    // Focusable so a keyboard can scroll the table sideways on a phone.
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t('vip.all_levels')}>
      <table className="profit-table vip-table">
        <caption className="visually-hidden">{t('vip.all_levels')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('vip.level')}</th>
            <th scope="col">{t('vip.valid_bet')}</th>
            <th scope="col">{t('vip.deposits')}</th>
            <th scope="col">{t('vip.rebate')}</th>
            <th scope="col">{t('vip.withdrawals_a_day')}</th>
            <th scope="col">{t('vip.withdraw_limit')}</th>
            <th scope="col">{t('vip.upgrade_bonus')}</th>
          </tr>
        </thead>
        <tbody>
          {levels.map((level) => {
            const mine = level.rankLevel === current;
            return (
              <tr
                key={level.rankLevel}
                className={mine ? 'is-current' : undefined}
                aria-current={mine ? 'true' : undefined}
                data-testid={`vip-level-${level.rankLevel}`}
              >
                <th scope="row">
                  {level.labelName}
                  {mine ? <span className="vip-you"> {t('vip.you')}</span> : null}
                </th>
                <td>{fmt.amount(level.validBetThreshold)}</td>
                <td>{fmt.amount(level.depositThreshold)}</td>
                <td>{formatRate(level.benefits.rebateRateBps)}</td>
                <td>{level.benefits.dailyWithdrawCount ?? t('vip.no_limit')}</td>
                <td>
                  {level.benefits.dailyWithdrawAmount !== null
                    ? fmt.money(level.benefits.dailyWithdrawAmount)
                    : t('vip.no_limit')}
                </td>
                <td>{fmt.amount(level.benefits.upgradeBonus)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
