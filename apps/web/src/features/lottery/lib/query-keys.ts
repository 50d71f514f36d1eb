/**
 * Lottery query keys. Calls that answer per account (the open issue's staked amount, my bets)
 * carry the session token, so one account's bets never show for another after a log-out.
 */
export const lotteryKeys = {
  all: ['lottery'] as const,
  /** Everything of one account: the open issues' staked amounts and the bets. */
  account: (token: string | null) => ['lottery', token] as const,
  menu: (prizeMode: string | null, language: string) =>
    ['lottery', 'menu', prizeMode, language] as const,
  history: (gameCode: string, pageNo: number, pageSize: number) =>
    ['lottery', 'history', gameCode, pageNo, pageSize] as const,
  historyOf: (gameCode: string) => ['lottery', 'history', gameCode] as const,
  openNumero: (token: string | null, gameCode: string) =>
    ['lottery', token, 'open', gameCode] as const,
  myBets: (token: string | null, gameCode: string | null, pageNo: number) =>
    ['lottery', token, 'bets', gameCode, pageNo] as const,
  myBetsAll: (token: string | null) => ['lottery', token, 'bets'] as const,
  recent: (token: string | null) => ['lottery', token, 'recent'] as const,
  verify: (gameCode: string, issueId: string) => ['lottery', 'verify', gameCode, issueId] as const,
};
