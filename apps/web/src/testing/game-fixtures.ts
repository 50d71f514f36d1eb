import {
  gameCardSchema,
  slotOpenSchema,
  slotSpinSchema,
  type GameCard,
  type Jackpot,
} from '@taya/contracts';
import { ok, type FakeRoutes, type RecordedRequest } from './fake-api';

type JackpotPool = Jackpot['pools'][number];

/** The in-house slot as the catalogue lists it for the Philippines merchant. */
export function gameCardFixture(overrides: Partial<GameCard> = {}): GameCard {
  const name = overrides.gameName ?? 'Taya Fortune';
  return gameCardSchema.parse({
    nodeId: 'TAYAPH-TAYA-FORTUNE',
    gameId: overrides.nodeId ?? 'TAYAPH-TAYA-FORTUNE',
    gameCode: 'TAYA_FORTUNE',
    gameName: name,
    nodeName: name,
    iconUrl: null,
    showIcon: null,
    vassalage: 'TAYA',
    gameType: 'RNG',
    isGame: 'GAME',
    isNew: true,
    maintenance: false,
    platform: 'html5',
    ...overrides,
  });
}

export const fortune = gameCardFixture();

/** `count` distinct games ("Game 1", "Game 2", …) of one type and vendor. */
export function someGames(count: number, extra: Partial<GameCard> = {}): GameCard[] {
  return Array.from({ length: count }, (_, i) =>
    gameCardFixture({
      nodeId: `G${i + 1}`,
      gameId: `G${i + 1}`,
      gameCode: `G${i + 1}`,
      gameName: `Game ${i + 1}`,
      isNew: false,
      ...extra,
    }),
  );
}

export function vendorLane(
  gameType: string,
  vendors: { code: string; name: string; count?: number }[],
) {
  return {
    title: gameType,
    gameType,
    cards: vendors.map((vendor) => ({
      vassalage: vendor.code,
      displayName: vendor.name,
      gameType,
      isGame: 'VASSALAGE' as const,
      lagerIcon: null,
      maintenance: false,
      seamlessStatus: true,
      accountTypeId: null,
      gameCount: vendor.count ?? 1,
    })),
  };
}

/** A winner board entry, as the server sends it (name already masked). */
export function winner(name: string, amount: string, gameName = 'Taya Fortune') {
  return {
    vo: {
      customerName: name,
      winAmount: amount,
      gameName,
      nodeId: 'TAYAPH-TAYA-FORTUNE',
      gameType: 'RNG',
      vendor: 'TAYA',
      iconUrl: null,
    },
  };
}

/** GCSGAME_gameList over `catalog`, filtering and paging like the server. */
export function gameListRoute(catalog: readonly GameCard[]) {
  return (request: RecordedRequest) => {
    const gameType = request.query.get('gameType');
    const vassalage = request.query.get('vassalage');
    const name = request.query.get('gameName')?.toLowerCase();
    const pageNo = Number(request.query.get('pageNo') ?? 1);
    const pageSize = Number(request.query.get('pageSize') ?? 20);
    const matching = catalog.filter(
      (game) =>
        (!gameType || game.gameType === gameType) &&
        (!vassalage || game.vassalage === vassalage) &&
        (!name || game.gameName.toLowerCase().includes(name)),
    );
    return ok({
      games: matching.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      totalPages: Math.ceil(matching.length / pageSize),
      totalCount: matching.length,
    });
  };
}

/**
 * The lobby's calls with today's catalogue: one vendor (TAYA) with one game, no winners yet, no
 * jackpot pool, and (for members) no favourites or recent games. Tests replace what they are about.
 */
export function gameRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /wps/relay/GCSGAME_hotGamesV2': () => ok({ list: [fortune] }),
    'GET /wps/relay/GCSGAME_gameVendor': () =>
      ok({ data: { lanes: [vendorLane('RNG', [{ code: 'TAYA', name: 'Taya Games' }])] } }),
    'GET /wps/relay/GCSGAME_getVassGameType': () => ok({ content: { RNG: ['TAYA'] } }),
    'GET /wps/relay/GCSGAME_gameList': gameListRoute([fortune]),
    'GET /wps/relay/GCSGAME_getRankList': () => ok({ list: [] }),
    'GET /wps/games/jackpot': () => ok({ pools: [] }),
    'GET /wps/relay/MCSFE_getFavoriteGameIds': () => ok({ list: [] }),
    'GET /wps/relay/MCSFE_getFavoriteGames': () => ok({ content: [], pageNum: 1, totalPages: 0 }),
    'GET /wps/relay/GCS_recentGame': () => ok({ list: [], page: 1, pageSize: 20 }),
    ...overrides,
  };
}

/** Taya Fortune's rules as the slot server sends them on open. */
export const fortuneRules = {
  code: 'TAYA_FORTUNE',
  rows: 3,
  reels: 5,
  lines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [0, 1, 1, 1, 0],
    [2, 1, 1, 1, 2],
    [1, 0, 1, 2, 1],
    [1, 2, 1, 0, 1],
    [0, 1, 0, 1, 0],
    [2, 1, 2, 1, 2],
    [1, 1, 0, 1, 1],
    [1, 1, 2, 1, 1],
    [0, 2, 0, 2, 0],
    [2, 0, 2, 0, 2],
    [0, 2, 2, 2, 0],
  ],
  pays: {
    NINE: [15, 45, 180],
    TEN: [15, 45, 180],
    JACK: [15, 60, 240],
    QUEEN: [20, 60, 240],
    KING: [30, 90, 360],
    ACE: [30, 100, 400],
    PEARL: [50, 150, 600],
    COIN: [60, 250, 1000],
    DRAGON: [80, 300, 1000],
    WILD: [],
    SCATTER: [],
  },
  wild: 'WILD',
  scatter: 'SCATTER',
  scatterPays: [3, 15, 100],
  betOptions: ['1.00', '2.00', '5.00', '10.00', '20.00', '50.00', '100.00'],
};

export function slotOpenFixture(balance = '1000.00') {
  return slotOpenSchema.parse({
    session: 'slot-session-0001',
    playerId: 'acc-1',
    balance,
    currency: 'TLB',
    game: fortuneRules,
  });
}

/** Three kings on the top line (line index 1) paying 30 × the line bet. */
export function kingsSpin(bet: string, payout: string, balance: string) {
  return slotSpinSchema.parse({
    roundId: 'round-0001',
    bet,
    payout,
    stops: [0, 0, 0, 0, 0],
    grid: [
      ['KING', 'NINE', 'TEN'],
      ['KING', 'JACK', 'ACE'],
      ['KING', 'PEARL', 'QUEEN'],
      ['TEN', 'COIN', 'NINE'],
      ['JACK', 'ACE', 'DRAGON'],
    ],
    lineWins: [{ line: 1, symbol: 'KING', count: 3, multiple: 30 }],
    scatterCount: 0,
    scatterMultiple: 0,
    balance,
    currency: 'TLB',
    jackpot: null,
  });
}

/** A jackpot pool as `GET /wps/games/jackpot` lists it. */
export function jackpotPool(overrides: Partial<JackpotPool> = {}): JackpotPool {
  return {
    id: 'pool-1',
    name: 'Taya Grand Jackpot',
    currency: 'TLB',
    value: '52345.67',
    at: '2026-03-01T10:00:00.000Z',
    contributionPercent: '1.00',
    vendors: ['TAYA'],
    lastWin: { customerName: 'de***er', amount: '61234.50', at: '2026-02-20T08:30:00.000Z' },
    ...overrides,
  };
}
