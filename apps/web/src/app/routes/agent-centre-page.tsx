import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DepositPanel } from '../../features/cashier/components/deposit-panel';
import { TransferDownlineDialog } from '../../features/cashier/components/transfer-downline-dialog';
import { WithdrawPanel } from '../../features/cashier/components/withdraw-panel';
import { DownlinePanel } from '../../features/agent/components/downline-panel';
import { RegisterCentrePanel } from '../../features/agent/components/register-centre-panel';
import { RevenuePanel } from '../../features/agent/components/revenue-panel';
import { SettlementRecordsPanel } from '../../features/agent/components/settlement-records-panel';
import { TeamBetsPanel } from '../../features/agent/components/team-bets-panel';
import { TeamLossPanel } from '../../features/agent/components/team-loss-panel';
import { TeamOverviewPanel } from '../../features/agent/components/team-overview-panel';
import { TeamTransactionsPanel } from '../../features/agent/components/team-transactions-panel';
import { MessagesPanel } from '../../features/content/components/messages-panel';
import { PlayerAnnouncementsPanel } from '../../features/content/components/player-announcements-panel';
import { AgentCentrePageRoute } from '../../features/agent/routes/agent-centre-page';
import { useSystemStatus } from '../../lib/system-status';
import { CustomerServiceButton } from '../../features/system/components/customer-service-button';
import { enabledAgentPages } from '../../lib/agent-screens';
import { NotFoundRoute } from './not-found';
import type { AgentCentrePage as Page } from '../../lib/paths';

/**
 * An agent-centre page with the screen built for it: the team, report and salary pages are the
 * agent feature's, counted in the merchant's time zone; deposit and withdraw are the cashier's
 * own panels, and a downline transfer is the cashier's form opened from the downline list;
 * customer service opens the merchant's channel; the announcements (the player announcements)
 * and platform messages are the content feature's.
 */
export function AgentCentrePage({ page }: { page: Page }) {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  // The status gate renders routes only once the status has arrived.
  const timeZone = status?.merchant.timeZone ?? 'UTC';
  // A page the merchant has turned off is not there.
  if (!enabledAgentPages(status).includes(page)) return <NotFoundRoute />;
  const panels: Partial<Record<Page, ReactNode>> = {
    agentAnnouncement: <PlayerAnnouncementsPanel timeZone={timeZone} />,
    agentTeamOverview: <TeamOverviewPanel timeZone={timeZone} />,
    registerCenter: <RegisterCentrePanel />,
    downlineManagmentView: (
      <DownlinePanel
        timeZone={timeZone}
        renderTransfer={(target, onClose) => (
          <TransferDownlineDialog username={target.username} onClose={onClose} />
        )}
      />
    ),
    personalHistoryCopy: <TeamBetsPanel timeZone={timeZone} />,
    palStatementsAgentCopy: <TeamLossPanel timeZone={timeZone} />,
    agentRevenueReport: <RevenuePanel timeZone={timeZone} />,
    agentDownlineTransactionDetailsCopy: <TeamTransactionsPanel timeZone={timeZone} />,
    agentDividendRecordCopy2: <SettlementRecordsPanel kind="dividend" timeZone={timeZone} />,
    agentDailyWages2: <SettlementRecordsPanel kind="daily" timeZone={timeZone} />,
    agentHourSalary: <SettlementRecordsPanel kind="hourly" timeZone={timeZone} />,
    agentRealtimeSalary: <SettlementRecordsPanel kind="realtime" timeZone={timeZone} />,
    deposit: <DepositPanel />,
    withdraw: <WithdrawPanel />,
    messages: <MessagesPanel block="agent-section" timeZone={timeZone} />,
    customerService: (
      <div className="panel agent-support">
        <p>{t('agent.customer_service_body')}</p>
        <CustomerServiceButton
          entries={status?.info.customerService ?? []}
          className="button button-primary"
        />
      </div>
    ),
  };
  return <AgentCentrePageRoute key={page} page={page} panel={panels[page]} />;
}
