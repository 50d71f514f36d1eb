import { useTranslation } from 'react-i18next';
import { type ReferralFriendStatus, type ReferralSummary } from '@taya/contracts';
import { InvitationCard } from '../../../components/invitation-card';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { Section } from '../../../components/section';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { paths } from '../../../lib/paths';
import { useMoney } from '../../../hooks/use-money';
import { useReferral } from '../api/get-referral';

const statusClass: Record<ReferralFriendStatus, string> = {
  rewarded: 'referral-status is-rewarded',
  qualified: 'referral-status is-qualified',
  in_progress: 'referral-status',
  not_eligible: 'referral-status is-muted',
};

/**
 * referral (invite friends): my invite link with its code and QR code, the running promotion's
 * terms, the friends who registered with my link (names masked) with their progress, and what
 * I have earned.
 */
export function ReferralPanel() {
  const { t } = useTranslation();
  const referral = useReferral();
  if (referral.isPending) return <PageLoader />;
  if (referral.isError) {
    return (
      <LoadError
        error={referral.error}
        onRetry={() => void referral.refetch()}
        retryLabel={t('referral.retry')}
      />
    );
  }
  return (
    <div className="referral-panel" data-testid="referral-panel">
      <InviteSection data={referral.data} />
      <FriendsSection data={referral.data} />
    </div>
  );
}

function useReferralMoney(currency: string) {
  const { money } = useMoney();
  return (amount: string) => money(amount, currency);
}

function InviteSection({ data }: { data: ReferralSummary }) {
  const { t } = useTranslation();
  const money = useReferralMoney(data.currency);
  const link = `${window.location.origin}${paths.register.href(data.code)}`;
  const promotion = data.promotion;
  return (
    <Section block="cashier-section" title={t('referral.invite.title')} testId="referral-invite">
      {promotion ? (
        <div className="referral-terms" data-testid="referral-terms">
          <p className="referral-headline">{promotion.title}</p>
          <p>
            {t('referral.invite.reward', {
              reward: money(promotion.reward),
              deposit: money(promotion.minDeposit),
              bet: money(promotion.minValidBet),
            })}
          </p>
          <p className="muted">
            {t('referral.invite.limits', {
              max: promotion.maxFriends,
              multiple: (promotion.turnoverMultipleTenths / 10).toString(),
            })}
          </p>
        </div>
      ) : (
        <p className="muted" data-testid="referral-off">
          {t('referral.invite.off')}
        </p>
      )}
      <InvitationCard code={data.code} link={link} texts="referral.invite" testId="referral" />
    </Section>
  );
}

function FriendsSection({ data }: { data: ReferralSummary }) {
  const { t } = useTranslation();
  const money = useReferralMoney(data.currency);
  const format = useDateTimeFormat();
  return (
    <Section block="cashier-section" title={t('referral.friends.title')} testId="referral-friends">
      <dl className="referral-totals">
        <div>
          <dt>{t('referral.friends.earned')}</dt>
          <dd data-testid="referral-earned">{money(data.totalEarned)}</dd>
        </div>
        <div>
          <dt>{t('referral.friends.invited')}</dt>
          <dd>{data.friends.length}</dd>
        </div>
        <div>
          <dt>{t('referral.friends.rewarded')}</dt>
          <dd>{data.friendsRewarded}</dd>
        </div>
      </dl>
      {data.friends.length === 0 ? (
        <p className="muted">{t('referral.friends.none')}</p>
      ) : (
        <ul className="referral-friends" data-testid="referral-friend-list">
          {data.friends.map((friend, i) => (
            <li key={`${friend.name}-${friend.registeredAt}-${i}`} className="referral-friend">
              <div className="referral-friend-head">
                <span className="referral-friend-name">{friend.name}</span>
                <span className={statusClass[friend.status]}>
                  {t(`referral.status.${friend.status}`)}
                </span>
              </div>
              <dl className="referral-friend-facts">
                <div>
                  <dt>{t('referral.friends.joined')}</dt>
                  <dd>{format(friend.registeredAt)}</dd>
                </div>
                <div>
                  <dt>{t('referral.friends.deposited')}</dt>
                  <dd>
                    {data.promotion
                      ? `${money(friend.deposited)} / ${money(data.promotion.minDeposit)}`
                      : money(friend.deposited)}
                  </dd>
                </div>
                <div>
                  <dt>{t('referral.friends.valid_bet')}</dt>
                  <dd>
                    {data.promotion
                      ? `${money(friend.validBet)} / ${money(data.promotion.minValidBet)}`
                      : money(friend.validBet)}
                  </dd>
                </div>
                {friend.reward ? (
                  <div>
                    <dt>{t('referral.friends.reward')}</dt>
                    <dd>{money(friend.reward)}</dd>
                  </div>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
