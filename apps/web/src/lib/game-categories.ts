/** The side menu's category list (SPEC §2), HOME first, in the order players see it. */
export const menuCategories = [
  'HOME',
  'HOT',
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
export type MenuCategory = (typeof menuCategories)[number];

export function isMenuCategory(value: unknown): value is MenuCategory {
  return typeof value === 'string' && (menuCategories as readonly string[]).includes(value);
}
