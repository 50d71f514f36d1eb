// The chat's plain values, apart from its schemas (support.ts).

/** Longest chat message, in characters. */
export const chatBodyMax = 1000;

export const chatRoles = ['member', 'visitor', 'operator'] as const;
export type ChatRole = (typeof chatRoles)[number];

/** WebSocket close code for a refused or ended chat (policy violation). */
export const chatPolicyViolation = 1008;
