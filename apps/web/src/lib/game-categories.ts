/** The game types a bet can have, in the side menu's order. */
export const betGameTypes = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'LOTT',
  'ELOTT',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
] as const;
export type BetGameType = (typeof betGameTypes)[number];

export function isBetGameType(value: string): value is BetGameType {
  return (betGameTypes as readonly string[]).includes(value);
}

/** The side menu's category list (SPEC §2), HOME first, in the order players see it. */
export const menuCategories = ['HOME', 'HOT', ...betGameTypes] as const;
export type MenuCategory = (typeof menuCategories)[number];

export function isMenuCategory(value: unknown): value is MenuCategory {
  return typeof value === 'string' && (menuCategories as readonly string[]).includes(value);
}
