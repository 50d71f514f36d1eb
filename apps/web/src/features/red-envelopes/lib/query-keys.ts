/**
 * Red-envelope query keys. The current envelope differs per account (whether it opened this
 * window's envelope), so it carries the session token; the grabs belong to one account.
 */
export const redEnvelopeKeys = {
  all: ['red-envelopes'] as const,
  current: (token: string | null, language: string) =>
    ['red-envelopes', 'current', token, language] as const,
  list: (language: string) => ['red-envelopes', 'list', language] as const,
  grabs: (token: string | null) => ['red-envelopes', 'grabs', token] as const,
};
