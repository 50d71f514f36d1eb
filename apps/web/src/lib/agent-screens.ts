import { flattenWhitelabel, type SystemStatusValue } from '@taya/contracts';
import { agentCentrePages, type AgentCentrePage } from './paths';

/**
 * The merchant's agent-screen flags (API-NOTES: AGEINFO3, REGCEN, DOWNMAN, TRANSBETREPMEM3,
 * AGETEAMPNL3, AGEREV3, AGEDOWNTRANS3, DIVIDEND, DAYSAL, HOURSAL3) and the pages they turn on.
 * Pages without a flag are always there.
 */
export const agentPageFlags: Partial<Record<AgentCentrePage, string>> = {
  agentTeamOverview: 'AGEINFO3',
  registerCenter: 'REGCEN',
  downlineManagmentView: 'DOWNMAN',
  personalHistoryCopy: 'TRANSBETREPMEM3',
  palStatementsAgentCopy: 'AGETEAMPNL3',
  agentRevenueReport: 'AGEREV3',
  agentDownlineTransactionDetailsCopy: 'AGEDOWNTRANS3',
  agentDividendRecordCopy2: 'DIVIDEND',
  agentDailyWages2: 'DAYSAL',
  agentHourSalary: 'HOURSAL3',
};

/** The agent-centre pages this merchant offers, in menu order. */
export function enabledAgentPages(status: SystemStatusValue | undefined): AgentCentrePage[] {
  const flags = status ? flattenWhitelabel(status.info.whitelabel) : {};
  return agentCentrePages.filter((page) => {
    const flag = agentPageFlags[page];
    return flag === undefined || flags[flag] === true;
  });
}
