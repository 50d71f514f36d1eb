import { useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trialAccountType } from '@taya/contracts';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { Tabs } from '../../../components/tabs';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { paths, searchParams } from '../../../lib/paths';
import { useCustomerType, useSessionToken } from '../../../lib/session';
import { usePointBalance } from '../api/get-point-balance';
import { usePointConfig } from '../api/get-point-config';
import { usePointRewards } from '../api/get-point-rewards';
import { ConvertDialog } from '../components/convert-dialog';
import { ExchangeHistory } from '../components/exchange-history';
import { PointsDetail } from '../components/points-detail';
import { RedeemDialog } from '../components/redeem-dialog';
import { RewardGrid } from '../components/reward-grid';
import { usePointsFormat } from '../components/use-points-format';
import { conversionRule } from '../lib/points';
import type { PointReward } from '../lib/types';

const mallTabs = ['rewards', 'history', 'detail'] as const;
type MallTab = (typeof mallTabs)[number];

/**
 * The points mall (/pointMall): the member's points and their cash conversion, the rewards to
 * redeem with the payment password, the exchange history and the points detail. Visitors see the
 * rewards with a log-in prompt; trial players are asked for a real account.
 */
export function PointsMallRoute() {
  const { t } = useTranslation();
  const titleId = useId();
  const token = useSessionToken();
  const customerType = useCustomerType();
  const viewer =
    token === null ? 'visitor' : customerType === trialAccountType ? 'trial' : 'member';
  const isMember = viewer === 'member';
  const [params, setParams] = useSearchParams();
  const requested = params.get(searchParams.tab);
  const tab: MallTab =
    isMember && (mallTabs as readonly (string | null)[]).includes(requested)
      ? (requested as MallTab)
      : 'rewards';
  const rewards = usePointRewards();
  const balance = usePointBalance(isMember);
  const config = usePointConfig(isMember);
  const [redeeming, setRedeeming] = useState<PointReward | null>(null);
  const [converting, setConverting] = useState(false);
  useDocumentTitle(t('screens.points_mall'));

  const select = (next: MallTab) =>
    setParams(next === 'rewards' ? {} : { [searchParams.tab]: next });
  const points = balance.data?.balance ?? null;
  const rule = conversionRule(config.data);

  let panel;
  if (tab === 'history') panel = <ExchangeHistory rewards={rewards.data ?? []} />;
  else if (tab === 'detail') panel = <PointsDetail />;
  else if (rewards.isPending) panel = <PageLoader />;
  else if (rewards.isError) {
    panel = (
      <LoadError
        error={rewards.error}
        onRetry={() => void rewards.refetch()}
        retryLabel={t('points.retry')}
      />
    );
  } else {
    panel = (
      <RewardGrid rewards={rewards.data} viewer={viewer} balance={points} onRedeem={setRedeeming} />
    );
  }

  return (
    <section className="points-mall" aria-labelledby={titleId} data-testid="points-mall">
      <h1 id={titleId} className="member-title">
        {t('screens.points_mall')}
      </h1>
      {isMember ? (
        <PointsSummary
          balance={balance}
          canConvert={rule !== null && points !== null && points >= rule.min}
          convertible={rule !== null}
          onConvert={() => setConverting(true)}
        />
      ) : (
        <GuestPrompt viewer={viewer} />
      )}
      {isMember ? (
        <Tabs
          label={t('screens.points_mall')}
          items={mallTabs.map((key) => ({ key, label: t(`points.tabs.${key}`) }))}
          selected={tab}
          onSelect={select}
        >
          {panel}
        </Tabs>
      ) : (
        panel
      )}
      {redeeming && points !== null ? (
        <RedeemDialog
          reward={redeeming}
          balance={points}
          onClose={() => setRedeeming(null)}
          onShowHistory={() => {
            setRedeeming(null);
            select('history');
          }}
        />
      ) : null}
      {converting && rule && points !== null ? (
        <ConvertDialog rule={rule} balance={points} onClose={() => setConverting(false)} />
      ) : null}
    </section>
  );
}

function PointsSummary({
  balance,
  canConvert,
  convertible,
  onConvert,
}: {
  balance: ReturnType<typeof usePointBalance>;
  canConvert: boolean;
  convertible: boolean;
  onConvert: () => void;
}) {
  const { t } = useTranslation();
  const points = usePointsFormat();
  return (
    <div className="panel points-summary" data-testid="points-summary">
      <span className="points-summary-icon" aria-hidden="true">
        <Icon name="crown" size={28} />
      </span>
      <div className="points-summary-text">
        <span className="muted">{t('points.my_points')}</span>
        {balance.isError ? (
          <LoadError
            error={balance.error}
            onRetry={() => void balance.refetch()}
            retryLabel={t('points.retry')}
          />
        ) : (
          <strong className="points-balance" data-testid="points-balance" aria-live="polite">
            {balance.data ? points(balance.data.balance) : '…'}
          </strong>
        )}
      </div>
      {convertible ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={onConvert}
          disabled={!canConvert}
        >
          {t('points.convert')}
        </button>
      ) : null}
    </div>
  );
}

function GuestPrompt({ viewer }: { viewer: 'visitor' | 'trial' | 'member' }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="panel points-summary" data-testid="points-guest">
      <span className="points-summary-icon" aria-hidden="true">
        <Icon name="gift" size={28} />
      </span>
      <p className="points-summary-text">
        {viewer === 'trial' ? t('errors.in_need_true_account') : t('points.guest_prompt')}
      </p>
      {viewer === 'trial' ? (
        <Link className="button button-primary" to={paths.register.href()}>
          {t('account.register_real')}
        </Link>
      ) : (
        <Link className="button button-primary" to={paths.login.href()} state={{ from: location }}>
          {t('points.login')}
        </Link>
      )}
    </div>
  );
}
