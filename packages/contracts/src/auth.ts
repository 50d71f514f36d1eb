/** Who may call a route. A guest (no token) is a visitor. */
export const roles = ['visitor', 'trial', 'member', 'agent', 'operator'] as const;
export type Role = (typeof roles)[number];

/** Account types of the original platform: agents 1, 2, 41, 42; trial 4; other members 0. */
export const agentAccountTypes = [1, 2, 41, 42] as const;
export const trialAccountType = 4;
