/**
 * Security-centre query keys. Every key carries the session token, so one account's details never
 * show for another after a log-out and log-in in the same tab.
 */
export const securityKeys = {
  all: (token: string | null) => ['security', token] as const,
  profile: (token: string | null) => ['security', token, 'profile'] as const,
  overview: (token: string | null) => ['security', token, 'overview'] as const,
  logins: (token: string | null) => ['security', token, 'logins'] as const,
  changes: (token: string | null) => ['security', token, 'changes'] as const,
};
