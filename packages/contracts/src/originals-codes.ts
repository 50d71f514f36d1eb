/**
 * The originals' short names (the path segment) and catalogue codes. Plain data, apart from the
 * schemas in `originals.ts`, so a lobby tile can use it without loading zod.
 */
export const originalGames = {
  dice: 'TAYA_DICE',
  limbo: 'TAYA_LIMBO',
  plinko: 'TAYA_PLINKO',
  keno: 'TAYA_KENO',
  mines: 'TAYA_MINES',
  /** The Colour Game's shared timed rounds (its page is /house/color-game). */
  'color-game': 'TAYA_COLOR',
  /** One catalogue entry for the three scratch cards; the card is a bet parameter. */
  scratch: 'TAYA_SCRATCH',
  crash: 'TAYA_CRASH',
  /** 75-ball bingo, only where the merchant offers Tagalog (SPEC §1: category BG). */
  bingo: 'TAYA_BINGO',
  // Video poker, one catalogue code per pay table (category VP): Jacks or Better 9/6, Deuces Wild.
  'jacks-or-better': 'TAYA_VP_JOB',
  'deuces-wild': 'TAYA_VP_DEUCES',
  /** Blackjack, one hand against the dealer from a shoe of its own each round (category TG). */
  blackjack: 'TAYA_BLACKJACK',
} as const;
export type OriginalGame = keyof typeof originalGames;
