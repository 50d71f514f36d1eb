/**
 * Content query keys. Notices are the same for every visitor of a merchant, so they are keyed by
 * language only; banners differ before and after log-in (and may be personalised), so they
 * carry the session token as well. Messages and their unread count belong to one account: they
 * carry the token so one account's never show for another after a log-out and log-in.
 */
export const contentKeys = {
  all: ['content'] as const,
  notices: (language: string) => ['content', 'notices', language] as const,
  /** The banner announcements (type B): a visitor's (no token) or one player's. */
  banners: (language: string, token: string | null) =>
    ['content', 'banners', language, token] as const,
  /** The player announcements (type PL) shown after log-in. */
  playerAnnouncements: (language: string, token: string | null) =>
    ['content', 'player-announcements', language, token] as const,
  /** The help centre's topics in one language (the same for every visitor of a merchant). */
  helpCentre: (language: string) => ['content', 'help-centre', language] as const,
  /** The announcement popup's list (type PL): a visitor's (no token) or one player's. */
  announcementList: (language: string, token: string | null) =>
    ['content', 'announcement-list', language, token] as const,
  /** The session popups (type PU) of one audience: B visitors, A players, F a first log-in. */
  sessionPopups: (language: string, token: string | null, execution: 'A' | 'B' | 'F') =>
    ['content', 'session-popups', language, token, execution] as const,
  /** Every page of one account's messages. */
  messages: (token: string | null) => ['content', 'messages', token] as const,
  /** Every loaded page of the published blog posts or news items in one language. */
  articles: (kind: string, language: string) => ['content', 'articles', kind, language] as const,
  /** One blog post or news item in one language (English when it has none). */
  article: (kind: string, slug: string, language: string) =>
    ['content', 'article', kind, slug, language] as const,
  /** One account's unread-message count (the red badges). */
  unreadCount: (token: string | null) => ['content', 'unread-count', token] as const,
};

/** Content changes rarely within a visit; a few minutes old is fresh enough. */
export const contentStaleTime = 5 * 60_000;
