/** VIP query keys; they carry the session token so one account's rank never shows for another. */
export const vipKeys = {
  all: (token: string | null) => ['vip', token] as const,
  levels: (token: string | null, language: string) => ['vip', token, 'levels', language] as const,
  member: (token: string | null, language: string) => ['vip', token, 'member', language] as const,
};
