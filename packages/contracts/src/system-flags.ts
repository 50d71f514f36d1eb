// The system status's plain values, apart from its schemas (system.ts): a page that needs only
// these does not load zod.

/** §4: 0 normal, 1 maintenance, 2 region restriction (maintenance wins). */
export const SystemStatus = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;
export type SystemStatusCode = (typeof SystemStatus)[keyof typeof SystemStatus];

/** Feature flags by module id (§3) plus the agent-policy and change-password-verify flags. */
export const featureFlagIds = [
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'USERNAMEREG3',
  'AGENTPOLICY3',
  'CHNGPASSVERIF3',
  /** The 18+ disclaimer popup, shown until accepted in the session. */
  'DISCLAIMER3',
] as const;
export type FeatureFlagId = (typeof featureFlagIds)[number];

export const resourceTypes = [
  'FACEBOOK_1',
  'TIKTOK_1',
  'YOUTUBE_1',
  'Twitter_1',
  'INSTAGRAM_1',
  'VIBER',
  'WHATSAPP1',
  'TELEGRAM_2',
  'Android',
  'MOBILECONFIG',
  // The operator's licence statement (label) and its details page (url): the site footer's.
  'LICENCE',
] as const;

export interface WhitelabelNode {
  modId: string;
  enabled: '1' | '0';
  childrenNodes: WhitelabelNode[];
}
/** Flattens the whitelabel tree to flags; a child is on only when every ancestor is on. */
export function flattenWhitelabel(nodes: readonly WhitelabelNode[]): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  const walk = (list: readonly WhitelabelNode[], parentOn: boolean) => {
    for (const node of list) {
      const on = parentOn && node.enabled === '1';
      flags[node.modId] = on;
      walk(node.childrenNodes, on);
    }
  };
  walk(nodes, true);
  return flags;
}
