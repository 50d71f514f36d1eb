import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ChangePasswordPopup } from '../../features/auth/components/change-password-popup';
import { AccountRecordPanel } from '../../features/cashier/components/account-record-panel';
import { DepositPanel } from '../../features/cashier/components/deposit-panel';
import { MyWalletPanel } from '../../features/cashier/components/my-wallet-panel';
import { TransferUplinePanel } from '../../features/cashier/components/transfer-upline-panel';
import { WithdrawPanel } from '../../features/cashier/components/withdraw-panel';
import { useMerchantWallets } from '../../features/cashier/api/get-merchant-wallets';
import { MessagesPanel } from '../../features/content/components/messages-panel';
import { UnreadMessageBadge } from '../../features/content/components/unread-message-badge';
import { BettingRecordPanel } from '../../features/games/components/betting-record-panel';
import { ProfitPanel } from '../../features/games/components/profit-panel';
import { BonusDetailsPanel } from '../../features/promotions/components/bonus-details-panel';
import { RewardBadge } from '../../features/promotions/components/reward-badge';
import { RewardCentrePanel } from '../../features/promotions/components/reward-centre-panel';
import { MissionBadge } from '../../features/missions/components/mission-badge';
import { MissionsPanel } from '../../features/missions/components/missions-panel';
import { VipPanel } from '../../features/vip/components/vip-panel';
import { ReferralPanel } from '../../features/referral/components/referral-panel';
import { SecurityCentrePanel } from '../../features/security/components/security-centre-panel';
import { MemberCentreRoute } from '../../features/member/routes/member-centre';
import { memberTabs, paths, searchParams, type MemberCentreTab } from '../../lib/paths';
import { isAgentType, useCustomerType } from '../../lib/session';

/**
 * The member centre with the screens this account gets (the others say they are not built yet).
 * "My wallet" only where the merchant has game wallets of its own (not `isSingle`); "transfer to
 * upline" only for agents. Trial players never get here: `RequireAuth` refuses them first.
 */
export function MemberCentrePage() {
  const customerType = useCustomerType();
  const merchantWallets = useMerchantWallets();
  const [params] = useSearchParams();
  // Until the merchant's answer is in (or when it failed), a link straight to the tab shows the
  // panel, which says it is loading or offers a retry, rather than "not built".
  const offerMyWallet = merchantWallets.data
    ? !merchantWallets.data.isSingle
    : params.get(searchParams.tab) === memberTabs.myWallet;

  // Agents invite from the agent centre's register centre (SPEC §6): an old link goes there.
  if (isAgentType(customerType) && params.get(searchParams.tab) === memberTabs.referral) {
    return <Navigate to={paths.agentHome.href('registerCenter')} replace />;
  }

  const panels: Partial<Record<MemberCentreTab, ReactNode>> = {
    [memberTabs.myAccount]: (
      <SecurityCentrePanel changePasswordPopup={(slot) => <ChangePasswordPopup {...slot} />} />
    ),
    [memberTabs.deposit]: <DepositPanel />,
    [memberTabs.withdraw]: <WithdrawPanel />,
    [memberTabs.accountRecord]: <AccountRecordPanel />,
    [memberTabs.bettingRecord]: <BettingRecordPanel />,
    [memberTabs.profit]: <ProfitPanel />,
    [memberTabs.messages]: <MessagesPanel block="cashier-section" />,
    [memberTabs.rewardCenter]: <RewardCentrePanel />,
    [memberTabs.bonusDetails]: <BonusDetailsPanel />,
    [memberTabs.missions]: <MissionsPanel />,
    [memberTabs.vipLevel]: <VipPanel />,
  };
  if (offerMyWallet) panels[memberTabs.myWallet] = <MyWalletPanel />;
  if (isAgentType(customerType)) panels[memberTabs.transferUpline] = <TransferUplinePanel />;
  // Members invite friends here; agents invite from the agent centre's register centre (SPEC §6).
  else panels[memberTabs.referral] = <ReferralPanel />;

  return (
    <MemberCentreRoute
      panels={panels}
      badges={{
        [memberTabs.messages]: <UnreadMessageBadge />,
        [memberTabs.rewardCenter]: <RewardBadge />,
        [memberTabs.missions]: <MissionBadge />,
      }}
    />
  );
}
