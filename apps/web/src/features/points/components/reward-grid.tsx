import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { paths } from '../../../lib/paths';
import { redeemBlock } from '../lib/points';
import type { PointReward } from '../lib/types';
import { usePointsFormat } from './use-points-format';
import { useMoney } from '../../../hooks/use-money';

/**
 * The mall's rewards: picture, name, points needed, cash value, what is left and whether it can
 * be redeemed. `viewer` says who looks: a member redeems, a visitor is asked to log in, a trial
 * player to open a real account.
 */
export function RewardGrid({
  rewards,
  viewer,
  balance,
  onRedeem,
}: {
  rewards: PointReward[];
  viewer: 'member' | 'visitor' | 'trial';
  balance: number | null;
  onRedeem: (reward: PointReward) => void;
}) {
  const { t } = useTranslation();
  if (rewards.length === 0) {
    return (
      <div className="empty-state" data-testid="rewards-empty">
        <span className="empty-state-icon">
          <Icon name="gift" size={28} />
        </span>
        <p className="empty-state-title">{t('points.no_rewards')}</p>
      </div>
    );
  }
  return (
    <ul className="reward-grid" data-testid="reward-grid">
      {rewards.map((reward) => (
        <RewardCard
          key={reward.id}
          reward={reward}
          viewer={viewer}
          balance={balance}
          onRedeem={onRedeem}
        />
      ))}
    </ul>
  );
}

function RewardCard({
  reward,
  viewer,
  balance,
  onRedeem,
}: {
  reward: PointReward;
  viewer: 'member' | 'visitor' | 'trial';
  balance: number | null;
  onRedeem: (reward: PointReward) => void;
}) {
  const fmt = useMoney();
  const { t } = useTranslation();
  const location = useLocation();
  const points = usePointsFormat();
  const block = redeemBlock(reward, viewer === 'member' ? balance : null);
  const short = balance !== null ? reward.requiredPoints - balance : 0;

  let action;
  if (viewer === 'visitor') {
    action = (
      <Link
        className="button button-secondary button-block"
        to={paths.login.href()}
        state={{ from: location }}
      >
        {t('points.login_to_redeem')}
      </Link>
    );
  } else if (viewer === 'trial') {
    action = (
      <Link className="button button-secondary button-block" to={paths.register.href()}>
        {t('account.register_real')}
      </Link>
    );
  } else {
    action = (
      <button
        type="button"
        className="button button-primary button-block"
        disabled={block !== null || balance === null}
        onClick={() => onRedeem(reward)}
        aria-describedby={block ? `${reward.id}-block` : undefined}
      >
        {t('points.redeem')}
      </button>
    );
  }

  return (
    <li className="reward-card" data-testid={`reward-${reward.id}`}>
      <div className="reward-art">
        {reward.image ? (
          <img src={reward.image} alt="" loading="lazy" />
        ) : (
          <Icon name={reward.type === 'cash' ? 'ticket' : 'gift'} size={40} />
        )}
        {reward.type === 'cash' ? (
          <span className="reward-kind">{t('points.kind_cash')}</span>
        ) : null}
      </div>
      <div className="reward-body">
        <h3 className="reward-name">{reward.name}</h3>
        <p className="reward-points">
          <span className="reward-points-value">{points(reward.requiredPoints)}</span>{' '}
          {t('points.points_unit')}
        </p>
        {reward.amount !== null ? (
          <p className="reward-meta">{t('points.worth', { amount: fmt.money(reward.amount) })}</p>
        ) : null}
        <p className="reward-meta" data-testid="reward-stock">
          {block === 'sold_out'
            ? t('points.out_of_stock')
            : block === 'inactive'
              ? t('points.unavailable')
              : t('points.left', { n: reward.quantity })}
        </p>
        {block === 'not_enough' ? (
          <p className="reward-short" id={`${reward.id}-block`}>
            {t('points.need_more', { points: points(short) })}
          </p>
        ) : block ? (
          <p className="visually-hidden" id={`${reward.id}-block`}>
            {block === 'sold_out' ? t('points.out_of_stock') : t('points.unavailable')}
          </p>
        ) : null}
      </div>
      {action}
    </li>
  );
}
