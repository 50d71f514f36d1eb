import type { IconName } from '../../../components/icon';
import type { MenuCategory } from '../../../lib/game-categories';
import { paths } from '../../../lib/paths';

/** SPEC §2: the home page's category sections, in this order. */
export const lobbyCategories = [
  'RNG',
  'LIVE',
  'FISH',
  'SPORTS',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
] as const satisfies readonly MenuCategory[];

/** SPEC §2: on the HOME category these vendor blocks are hidden. */
export const hiddenOnHome: readonly MenuCategory[] = ['FISH', 'ESPORTS', 'COCKFIGHT'];

/** SPEC §9: 7 shown on the home page (of up to 12 hot games). */
export const homeSectionLimit = 7;

export const categoryIcons: Record<MenuCategory, IconName> = {
  HOME: 'home',
  HOT: 'flame',
  RNG: 'slots',
  LIVE: 'live',
  FISH: 'fish',
  PVP: 'cards',
  LOTT: 'ball',
  ELOTT: 'ticket',
  SPORTS: 'football',
  ESPORTS: 'gamepad',
  COCKFIGHT: 'feather',
};

/** Where a category's full list lives, if it has a page of its own. */
export function categoryPage(category: MenuCategory): string | null {
  switch (category) {
    case 'HOT':
      return paths.hot.href();
    case 'RNG':
      return paths.rng.href();
    case 'LIVE':
      return paths.live.href();
    case 'FISH':
      return paths.fish.href();
    case 'PVP':
      return paths.pvp.href();
    case 'SPORTS':
      return paths.sports.href();
    case 'ESPORTS':
      return paths.esports.href();
    case 'LOTT':
      return paths.lott.href();
    case 'ELOTT':
      return paths.elott.href();
    case 'COCKFIGHT':
      return paths.cockfight.href();
    default:
      return null;
  }
}
