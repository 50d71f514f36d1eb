import type { OriginalGame } from '@taya/contracts';

/** Where the server answers the originals' calls (packages/contracts originals.ts). */
export const originalsApi = {
  info: (game: OriginalGame) => `/originals/${game}`,
  seeds: (game: OriginalGame) => `/originals/${game}/seeds`,
  rotate: (game: OriginalGame) => `/originals/${game}/seeds/rotate`,
  bets: (game: OriginalGame) => `/originals/${game}/bets`,
  history: (game: OriginalGame) => `/originals/${game}/history`,
  demoSession: (game: OriginalGame) => `/originals/demo/${game}/session`,
  demoBets: (game: OriginalGame) => `/originals/demo/${game}/bets`,
  actions: (game: OriginalGame, roundId: string) => `/originals/${game}/rounds/${roundId}/actions`,
  demoActions: (game: OriginalGame, roundId: string) =>
    `/originals/demo/${game}/rounds/${roundId}/actions`,
  active: (game: OriginalGame) => `/originals/${game}/active`,
  demoActive: (game: OriginalGame, session: string) =>
    `/originals/demo/${game}/active?session=${encodeURIComponent(session)}`,
};
