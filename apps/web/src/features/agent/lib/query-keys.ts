/**
 * Agent-centre query keys. Every key carries the session token so one agent's team never shows
 * for another after a log-out and log-in in the same tab.
 */
export const agentKeys = {
  all: (token: string | null) => ['agent', token] as const,
  overview: (token: string | null) => ['agent', token, 'overview'] as const,
  subordinates: (token: string | null) => ['agent', token, 'subordinates'] as const,
  invitation: (token: string | null) => ['agent', token, 'invitation'] as const,
  contracts: (token: string | null) => ['agent', token, 'contracts'] as const,
  settlements: (token: string | null) => ['agent', token, 'settlements'] as const,
  teamBets: (token: string | null) => ['agent', token, 'team-bets'] as const,
  teamLoss: (token: string | null) => ['agent', token, 'team-loss'] as const,
  revenue: (token: string | null) => ['agent', token, 'revenue'] as const,
  transactions: (token: string | null) => ['agent', token, 'transactions'] as const,
};
