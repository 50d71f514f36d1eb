import type {
  betRecordPageSchema,
  favouritePageSchema,
  gameCardSchema,
  gameListSchema,
  gameVendorSchema,
  jackpotSchema,
  profitSchema,
  rankListSchema,
  slotOpenSchema,
  slotSpinSchema,
} from '@taya/contracts';

/** The contracts export schemas only; their parse result is the wire type (keeps zod out). */
type Parsed<S extends { parse: (input: unknown) => unknown }> = ReturnType<S['parse']>;

export type GameCard = Parsed<typeof gameCardSchema>;
export type GameListPage = Parsed<typeof gameListSchema>;
export type GameVendors = Parsed<typeof gameVendorSchema>;
export type VendorLane = GameVendors['data']['lanes'][number];
export type VendorCard = VendorLane['cards'][number];
export type FavouritePage = Parsed<typeof favouritePageSchema>;
export type RankList = Parsed<typeof rankListSchema>;
export type Winner = RankList['list'][number]['vo'];
export type BetRecordPage = Parsed<typeof betRecordPageSchema>;
export type BetRecord = BetRecordPage['list'][number];
export type Profit = Parsed<typeof profitSchema>;
export type SlotOpen = Parsed<typeof slotOpenSchema>;
export type SlotGame = SlotOpen['game'];
export type SlotSpin = Parsed<typeof slotSpinSchema>;
export type SlotJackpotWin = NonNullable<SlotSpin['jackpot']>;
export type JackpotPool = Parsed<typeof jackpotSchema>['pools'][number];
