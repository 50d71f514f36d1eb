/**
 * The house games' tile art: hand-drawn square SVGs the web app serves from its public files
 * (`apps/web/public/art/games/v1`, drawn by `scripts/make-game-art.mjs`). The folder is versioned
 * and served as immutable for a year: a changed drawing goes to a new version's folder, never over
 * a file in this one. Shared by the server (the catalogue's seeds and its cards) and the web app
 * (pages that show a house game by its code, such as the lottery halls).
 */
export const houseGameArtBase = '/art/games/v1';

const art = (file: string) => `${houseGameArtBase}/${file}.svg`;

/** Game code → tile art, for the house slot, every house lottery, the originals and the live tables. */
export const houseGameArt = {
  // The in-house slot.
  TAYA_FORTUNE: art('taya-fortune'),
  // The house lottery (vendor LOTT): the fast e-lotteries by period, the Vietnamese draws by
  // region, 4D and the Thai draw.
  ELOTT_1M: art('elott-1m'),
  ELOTT_3M: art('elott-3m'),
  ELOTT_5M: art('elott-5m'),
  VN_NORTH: art('vn-north'),
  VN_CENTRAL: art('vn-central'),
  VN_SOUTH: art('vn-south'),
  SEA_4D: art('sea-4d'),
  THAI: art('thai'),
  // The originals.
  TAYA_DICE: art('dice'),
  TAYA_LIMBO: art('limbo'),
  TAYA_PLINKO: art('plinko'),
  TAYA_KENO: art('keno'),
  TAYA_MINES: art('mines'),
  TAYA_COLOR: art('colour-game'),
  TAYA_CRASH: art('crash'),
  TAYA_VP_JOB: art('vp-jacks-or-better'),
  TAYA_VP_DEUCES: art('vp-deuces-wild'),
  TAYA_SCRATCH: art('scratch'),
  TAYA_BINGO: art('bingo'),
  // The live tables (one catalogue entry per table).
  'TAYA_LIVE_BAC-1': art('live-baccarat'),
  'TAYA_LIVE_BAC-2': art('live-super6'),
  'TAYA_LIVE_DT-1': art('live-dragon-tiger'),
  'TAYA_LIVE_L9-1': art('live-lucky9'),
  'TAYA_LIVE_RO-1': art('live-roulette'),
  'TAYA_LIVE_SB-1': art('live-sic-bo'),
  TAYA_BLACKJACK: art('blackjack'),
  'TAYA_SABONG_SAB-1': art('sabong'),
  // The sportsbook's two catalogue entries.
  TAYA_SPORTS: art('sports'),
  TAYA_ESPORTS: art('esports'),
} as const;

export type HouseGameWithArt = keyof typeof houseGameArt;

/** Vendor code → its card's art, for the house vendors: Taya Games (TAYA) and Taya Lottery (LOTT). */
export const houseVendorArt = {
  TAYA: art('vendor-taya-games'),
  LOTT: art('vendor-taya-lottery'),
} as const;

/** A house vendor's card art by its code, or null for any other vendor. */
export function houseVendorArtUrl(vendorCode: string): string | null {
  return Object.hasOwn(houseVendorArt, vendorCode)
    ? houseVendorArt[vendorCode as keyof typeof houseVendorArt]
    : null;
}

/**
 * A house game's tile art by its catalogue code, or null when it has none. Every scratch card
 * (`TAYA_SCRATCH_…`) shares the scratch ticket.
 */
export function houseGameArtUrl(gameCode: string): string | null {
  if (Object.hasOwn(houseGameArt, gameCode)) return houseGameArt[gameCode as HouseGameWithArt];
  if (gameCode.startsWith('TAYA_SCRATCH_')) return houseGameArt.TAYA_SCRATCH;
  return null;
}
