/**
 * Game query keys. The catalogue (lists, hot games, vendors, winners, the jackpot) is the same for
 * every visitor of a merchant, so it is keyed by language only; the member's own lists
 * (favourites, recent games, bets) carry the session token so one account's data never shows for
 * another.
 */
export const gameKeys = {
  catalog: ['games', 'catalog'] as const,
  list: (language: string, params: object) =>
    ['games', 'catalog', language, 'list', params] as const,
  hot: (language: string) => ['games', 'catalog', language, 'hot'] as const,
  vendors: (language: string) => ['games', 'catalog', language, 'vendors'] as const,
  vendorTypes: () => ['games', 'catalog', 'vendor-types'] as const,
  winners: (language: string) => ['games', 'catalog', language, 'winners'] as const,
  jackpot: (language: string) => ['games', 'catalog', language, 'jackpot'] as const,
  leaderboard: (language: string, period: string) =>
    ['games', 'catalog', language, 'leaderboard', period] as const,

  member: (token: string | null) => ['games', 'member', token] as const,
  favouriteIds: (token: string | null) => ['games', 'member', token, 'favourite-ids'] as const,
  favourites: (token: string | null) => ['games', 'member', token, 'favourites'] as const,
  recent: (token: string | null) => ['games', 'member', token, 'recent'] as const,
  bets: (token: string | null) => ['games', 'member', token, 'bets'] as const,
  profit: (token: string | null) => ['games', 'member', token, 'profit'] as const,
};
