import { z } from 'zod';
import { amountString, balanceString } from './wallet';

/** Game types of SPEC §1: categories and the sub-types games carry. */
export const gameTypes = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'LOTT',
  'ELOTT',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'MINI',
  'JP',
  'BG',
  'SC',
  'VP',
  'TG',
  'AC',
] as const;
export type GameType = (typeof gameTypes)[number];

/** One game as the list calls show it (API-NOTES GCSGAME_gameList). */
export const gameCardSchema = z.object({
  nodeId: z.string(),
  gameId: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  nodeName: z.string(),
  iconUrl: z.string().nullable(),
  showIcon: z.string().nullable(),
  vassalage: z.string(),
  gameType: z.string(),
  /** "GAME", or "VASSALAGE" for a vendor lobby card. */
  isGame: z.enum(['GAME', 'VASSALAGE']),
  isNew: z.boolean(),
  maintenance: z.boolean(),
  platform: z.string(),
});
export type GameCard = z.infer<typeof gameCardSchema>;

/** The interface language alone, the lobby calls' common query (`GCSGAME_gameVendor`). */
export const languageQuerySchema = z.object({ language: z.string().max(10).optional() });

export const gameListQuerySchema = z.object({
  gameType: z.string().max(20).optional(),
  vassalage: z.string().max(30).optional(),
  gameName: z.string().max(60).optional(),
  language: z.string().max(10).optional(),
  clientType: z.coerce.number().int().optional(),
  platform: z.string().max(40).optional(),
  merchant: z.string().max(32).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(999).default(20),
});

export const gameListSchema = z.object({
  games: z.array(gameCardSchema),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});

/** GCSGAME_hotGamesV2's query: whose lobby (the merchant) and in which language. */
export const hotGamesQuerySchema = languageQuerySchema.extend({
  merchantCode: z.string().max(32).optional(),
  isPlatform: z.string().optional(),
});

/** GCSGAME_hotGamesV2: the games most played lately. */
export const hotGamesSchema = z.object({ list: z.array(gameCardSchema) });
export type HotGames = z.infer<typeof hotGamesSchema>;

export const vendorCardSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameType: z.string(),
  isGame: z.literal('VASSALAGE'),
  lagerIcon: z.string().nullable(),
  maintenance: z.boolean(),
  seamlessStatus: z.boolean(),
  accountTypeId: z.number().int().nullable(),
  gameCount: z.number().int(),
});

export const gameVendorSchema = z.object({
  data: z.object({
    lanes: z.array(
      z.object({ title: z.string(), gameType: z.string(), cards: z.array(vendorCardSchema) }),
    ),
  }),
});

/** GCSGAME_getVassGameType: vendor codes by game type, e.g. `{RNG: ['TAYA']}`. */
export const vendorTypesSchema = z.object({
  content: z.record(z.string(), z.array(z.string())),
});
export type VendorTypes = z.infer<typeof vendorTypesSchema>;

/** `/lgw/games/game_menus`'s query: the prize mode and the device asking. */
export const gameMenusQuerySchema = languageQuerySchema.extend({
  prizeMode: z.string().max(20).optional(),
  device: z.enum(['WEB', 'H5', 'APP']).default('WEB'),
});

/** `/lgw/games/game_menus`: each game type with the vendors that offer it. */
export const gameMenusSchema = z.object({
  menus: z.array(
    z.object({
      gameType: z.string(),
      vendors: z.array(
        z.object({
          vassalage: z.string(),
          displayName: z.string(),
          maintenance: z.boolean(),
          gameCount: z.number().int(),
        }),
      ),
    }),
  ),
});

export const launchQuerySchema = z.object({
  nodeId: z.string().min(1).max(80).optional(),
  gameId: z.string().min(1).max(80).optional(),
  /** 1 real money, 0 free (demo) play. */
  accountType: z.coerce.number().int().min(0).max(1).default(1),
  vassalage: z.string().max(30).optional(),
  platform: z.string().max(40).optional(),
  clientType: z.coerce.number().int().optional(),
  language: z.string().max(10).optional(),
});

export const launchSchema = z.object({ content: z.object({ game_url: z.string() }) });

/** MCSFE_getFavoriteGameIds: the node ids of the player's favourite games. */
export const favouriteIdsSchema = z.object({ list: z.array(z.string()) });
export type FavouriteIds = z.infer<typeof favouriteIdsSchema>;

/** MCSFE_getFavoriteGames's query: one page of favourites. */
export const favouriteGamesQuerySchema = languageQuerySchema.extend({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(999).default(20),
  clientType: z.coerce.number().int().optional(),
  platform: z.string().max(40).optional(),
});

export const favouriteBodySchema = z.object({
  nodeId: z.string().min(1).max(80),
  vendor: z.string().max(30).optional(),
  gameType: z.string().max(20).optional(),
  game: z.unknown().optional(),
});

/** MCSFE_removeFavoriteGame's query: the game to take out of the favourites. */
export const removeFavouriteQuerySchema = z.strictObject({ nodeId: z.string().min(1).max(80) });

/** MCSFE_addFavoriteGame and MCSFE_removeFavoriteGame: the game's favourite state now. */
export const favouriteStateSchema = z.object({ nodeId: z.string(), favourite: z.boolean() });

export const favouritePageSchema = z.object({
  content: z.array(gameCardSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
});

/** GCS_recentGame's query: one page of the player's recently played games. */
export const recentGamesQuerySchema = languageQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(20).default(20),
  gameType: z.string().max(20).optional(),
  clientType: z.coerce.number().int().optional(),
});

/** GCS_recentGame: the player's recently played games, newest first. */
export const recentGamesSchema = z.object({
  list: z.array(gameCardSchema),
  page: z.number(),
  pageSize: z.number(),
});
export type RecentGames = z.infer<typeof recentGamesSchema>;

/** GCSGAME_getRankList's query: the game category and how many winners. */
export const rankListQuerySchema = languageQuerySchema.extend({
  gameCategory: z.string().max(20).default('ALL'),
  limitNum: z.coerce.number().int().min(1).max(20).default(20),
});

export const rankListSchema = z.object({
  list: z.array(
    z.object({
      vo: z.object({
        customerName: z.string(),
        winAmount: amountString,
        gameName: z.string(),
        nodeId: z.string(),
        gameType: z.string(),
        vendor: z.string(),
        iconUrl: z.string().nullable(),
      }),
    }),
  ),
});

export const betRecordQuerySchema = z.strictObject({
  gameType: z.string().max(20).optional(),
  vendor: z.string().max(30).optional(),
  nodeId: z.string().max(80).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const betRecordPageSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      roundId: z.string(),
      vendor: z.string(),
      nodeId: z.string(),
      gameName: z.string(),
      gameType: z.string(),
      stake: amountString,
      validBet: amountString,
      payout: amountString,
      winLoss: balanceString,
      status: z.enum(['open', 'settled', 'cancelled']),
      placedAt: z.string(),
      settledAt: z.string().nullable(),
    }),
  ),
  totals: z.object({
    count: z.number().int(),
    stake: amountString,
    validBet: amountString,
    payout: amountString,
    winLoss: balanceString,
  }),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});

export const profitQuerySchema = z.strictObject({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});

export const profitSchema = z.object({
  byGameType: z.array(
    z.object({
      gameType: z.string(),
      count: z.number().int(),
      validBet: amountString,
      payout: amountString,
      winLoss: balanceString,
    }),
  ),
  total: z.object({
    count: z.number().int(),
    validBet: amountString,
    payout: amountString,
    winLoss: balanceString,
  }),
});

/** The in-house slot server's answers (the /seamless game page). */
export const slotOpenSchema = z.object({
  session: z.string(),
  playerId: z.string(),
  balance: balanceString,
  currency: z.string(),
  game: z.object({
    code: z.string(),
    rows: z.number().int(),
    reels: z.number().int(),
    lines: z.array(z.array(z.number().int())),
    pays: z.record(z.string(), z.array(z.number().int())),
    wild: z.string(),
    scatter: z.string(),
    scatterPays: z.array(z.number().int()),
    betOptions: z.array(amountString),
  }),
});

export const slotSpinBodySchema = z.strictObject({
  session: z.string().min(10).max(200),
  playerId: z.string().min(1).max(80),
  gameCode: z.string().min(1).max(40),
  bet: amountString,
  /** The interface language, for names in the answer (a jackpot's). */
  language: z.string().max(10).optional(),
  /**
   * The game page's own id for this press of Spin: the same id again (a retry after a lost
   * answer) answers the same spin, and moves no money twice.
   */
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{8,64}$/, '8 to 64 letters, digits, dots, dashes or underscores')
    .optional(),
});

export const slotSpinSchema = z.object({
  roundId: z.string(),
  bet: amountString,
  payout: amountString,
  stops: z.array(z.number().int()),
  grid: z.array(z.array(z.string())),
  lineWins: z.array(
    z.object({
      line: z.number().int(),
      symbol: z.string(),
      count: z.number().int(),
      multiple: z.number().int(),
    }),
  ),
  scatterCount: z.number().int(),
  scatterMultiple: z.number().int(),
  balance: balanceString,
  currency: z.string(),
  /** The jackpot this spin's bet hit, already paid into the balance; null on most spins. */
  jackpot: z.object({ poolId: z.string(), name: z.string(), amount: amountString }).nullable(),
});

/** The merchant's progressive jackpot pools (`GET /wps/games/jackpot`): real money in the ledger. */
export const jackpotSchema = z.object({
  pools: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      currency: z.string(),
      /** The pool's value now: its ledger balance. */
      value: amountString,
      /** When the value was read (ISO 8601). */
      at: z.string(),
      /** Share of each qualifying bet that feeds the pool, in percent ("1.00"). */
      contributionPercent: z.string(),
      /** Vendors (display names) whose games feed and may hit the pool. */
      vendors: z.array(z.string()),
      lastWin: z
        .object({ customerName: z.string(), amount: amountString, at: z.string() })
        .nullable(),
    }),
  ),
});
export type Jackpot = z.infer<typeof jackpotSchema>;

/** `PUT /ops/games/maintenance`: the maintenance flag is set. */
export const gameMaintenanceSchema = z.object({ done: z.literal(true) });
