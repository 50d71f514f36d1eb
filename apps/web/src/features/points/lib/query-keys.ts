/**
 * Points-mall query keys. Every key carries the session token, so one account's points never
 * show for another after a log-out and log-in in the same tab (a visitor's token is null).
 */
export const pointsKeys = {
  all: (token: string | null) => ['points', token] as const,
  balance: (token: string | null) => ['points', token, 'balance'] as const,
  rewards: (token: string | null, language: string) =>
    ['points', token, 'rewards', language] as const,
  config: (token: string | null) => ['points', token, 'config'] as const,
  redemptions: (token: string | null, page: number) =>
    ['points', token, 'redemptions', page] as const,
  detail: (token: string | null, page: number) => ['points', token, 'detail', page] as const,
};
