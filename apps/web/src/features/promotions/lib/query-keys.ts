/**
 * Promotion query keys. What a promotion shows depends on who asks (a visitor, or which member),
 * so every key carries the session token; the list and detail also carry the language.
 */
export const promotionKeys = {
  all: ['promotions'] as const,
  forSession: (token: string | null) => ['promotions', token] as const,
  list: (token: string | null, language: string) =>
    ['promotions', token, 'list', language] as const,
  detail: (token: string | null, language: string, id: string) =>
    ['promotions', token, 'detail', language, id] as const,
  /** The public-state counts (the reward badge). */
  summary: (token: string | null) => ['promotions', token, 'summary'] as const,
  /** Every page of the member's claims history. */
  claims: (token: string | null) => ['promotions', token, 'claims'] as const,
  bonuses: (token: string | null, language: string) =>
    ['promotions', token, 'bonuses', language] as const,
};
