import type { MissionPeriod } from '@taya/contracts';

/**
 * Mission query keys. Progress, states and one's own rank belong to one account, so every key
 * carries the session token; the list also carries the language of its texts.
 */
export const missionKeys = {
  forSession: (token: string | null) => ['missions', token] as const,
  list: (token: string | null, language: string) => ['missions', token, 'list', language] as const,
  /** The mission summary (the red badge: missions waiting to be claimed). */
  summary: (token: string | null) => ['missions', token, 'summary'] as const,
  leaderboard: (token: string | null, period: MissionPeriod) =>
    ['missions', token, 'leaderboard', period] as const,
};

/** Progress moves as bets settle; half a minute old is fresh enough. */
export const missionStaleTime = 30_000;
