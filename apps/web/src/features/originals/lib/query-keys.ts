import type { OriginalGame } from '@taya/contracts';

/**
 * Originals query keys. A game's info is the same for everyone; a member's seeds and history
 * carry the session token so one account's never show for another.
 */
export const originalKeys = {
  info: (game: OriginalGame) => ['originals', 'info', game] as const,
  member: (token: string | null) => ['originals', 'member', token] as const,
  seeds: (token: string | null, game: OriginalGame) =>
    ['originals', 'member', token, game, 'seeds'] as const,
  history: (token: string | null, game: OriginalGame) =>
    ['originals', 'member', token, game, 'history'] as const,
};
