import type { MenuCategory } from './game-categories';

/**
 * Every route of SPEC §2 and how to build a link to it. Route strings are written here and
 * nowhere else: the router reads `path`, screens and links call `href`.
 */

/** Query parameter names the routes read (SPEC §2). */
export const searchParams = {
  category: 'category',
  vassalage: 'vassalage',
  gameCode: 'gameCode',
  referralCode: 'referralCode',
  /** An agent's invitation link (/?affiliateCode=…): opens the register popup with the code in. */
  affiliateCode: 'affiliateCode',
  tab: 'tab',
  /** The game page (/seamless): the one-time launch token, the vendor and the game code. */
  token: 'token',
  vendor: 'vendor',
  game: 'game',
  /** The live-chat page (/chat): the chat and its access key. */
  chatSession: 'session',
  chatKey: 'key',
  /** The lottery verify page (/lotteryVerify): the issue to check. */
  issue: 'issue',
} as const;

/** Member-centre tabs other screens link to (SPEC §2: /member?tab=…). */
export const memberTabs = {
  myWallet: 'transferFund',
  deposit: 'depositv2',
  withdraw: 'withdraw',
  transferUpline: 'transferUpline',
  accountRecord: 'transactionHistory',
  bettingRecord: 'personalHistoryCopy',
  profit: 'personalProfit',
  messages: 'messageV2',
  vipLevel: 'playerRank',
  rewardCenter: 'rewardCenter',
  bonusDetails: 'bonusDetails',
  myAccount: 'securityCenter',
  referral: 'referral',
  missions: 'missionLeaderboard',
} as const;

/** Every member-centre page of SPEC §2, as the `tab` query names them. */
export const memberCentreTabs = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'playerRank',
] as const;
export type MemberCentreTab = (typeof memberCentreTabs)[number];

/**
 * The agent-centre pages of SPEC §2 under their spec screen names, which are also their path
 * segments (/agentHome/agentTeamOverview). Deposit, withdraw, platform messages and customer
 * service have no spec screen name of their own there.
 */
export const agentCentrePages = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
  'deposit',
  'withdraw',
  'messages',
  'customerService',
] as const;
export type AgentCentrePage = (typeof agentCentrePages)[number];

/** The help centre's sections a link may open at (/help#<tag>). */
export const helpTags = [
  'aboutus',
  'deposit',
  'withdraw',
  'game',
  'faqs',
  'terms',
  'licence',
  'responsible',
] as const;
export type HelpTag = (typeof helpTags)[number];

type QueryValue = string | null | undefined;

/** What the originals' verify page reads from its address (every one optional: it is a form). */
export type OriginalsVerifyParam =
  | 'game'
  | 'serverSeed'
  | 'serverSeedHash'
  | 'clientSeed'
  | 'nonce'
  | 'params'
  | 'rtp'
  | 'amount'
  // Bingo: a card's own seed and nonce (the game's are serverSeed and nonce).
  | 'cardSeed'
  | 'cardNonce'
  /** A round played in steps: mines' tiles opened ("4,7,cashout"), video poker's holds ("10100"). */
  | 'moves';

function withQuery(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.set(name, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function withHash(path: string, anchor: string | undefined): string {
  return anchor ? `${path}#${encodeURIComponent(anchor)}` : path;
}

/** A route that takes no parameters. */
function simple<P extends string>(path: P) {
  return { path, href: (): P => path } as const;
}

/** A route that takes one optional query parameter. */
function queried<P extends string>(path: P, param: string) {
  return { path, href: (value?: string): string => withQuery(path, { [param]: value }) } as const;
}

export const paths = {
  home: {
    path: '/',
    /**
     * SPEC §2: choosing a category other than RNG or PVP keeps the player on the home page; the
     * category rides in the query so the choice is a plain link.
     */
    href: (category?: MenuCategory): string =>
      withQuery('/', { [searchParams.category]: category === 'HOME' ? undefined : category }),
  },
  /** Older spellings of the home page that stay valid. */
  homeAliases: ['/index', '/index.html', '/home'] as const,

  login: simple('/login'),
  /** Where the forgot-password e-mail's link leads (`?token=…`). */
  resetPassword: simple('/reset-password'),
  register: queried('/register', searchParams.referralCode),
  help: {
    path: '/help',
    href: (anchor?: 'term' | HelpTag): string => withHash('/help', anchor),
  },
  /** The feedback popup over the home page (SPEC §2 lists the popup; the path is ours). */
  feedback: simple('/feedback'),

  promotions: {
    path: '/promotions',
    href: (promotionId?: string): string => withHash('/promotions', promotionId),
  },
  pointMall: simple('/pointMall'),
  /** The red-envelope screen (SPEC §2 names the screen; the path is ours). */
  redEnvelope: simple('/redEnvelope'),
  /** The winners leaderboard of the day, week and month (the path is ours). */
  winners: simple('/winners'),
  /** Every game category with its vendors, and a search across all games (the path is ours). */
  lobby: simple('/lobby'),
  /** The blog and the news, each a list and a page per article (the paths are ours). */
  blog: simple('/blog'),
  blogPost: {
    path: '/blog/:slug',
    href: (slug: string): string => `/blog/${encodeURIComponent(slug)}`,
  },
  news: simple('/news'),
  newsItem: {
    path: '/news/:slug',
    href: (slug: string): string => `/news/${encodeURIComponent(slug)}`,
  },

  // Game centre
  sports: simple('/sports'),
  esports: simple('/esports'),
  /** The house sportsbook: one match (sports and e-sports alike) and the member's tickets (ours). */
  sportsFixture: {
    path: '/sports/match/:fixture',
    href: (fixture: string): string => `/sports/match/${encodeURIComponent(fixture)}`,
  },
  sportsMyBets: simple('/sports/my-bets'),
  lott: simple('/lott'),
  elott: simple('/elott'),

  // Game list centre
  live: simple('/live'),
  /** A house live table, and the verify page of one of its finished shoes (the paths are ours). */
  liveTable: {
    path: '/live/:table',
    href: (table: string): string => `/live/${encodeURIComponent(table)}`,
  },
  liveShoe: {
    path: '/live/:table/shoes/:shoe',
    href: (table: string, shoe: number): string =>
      `/live/${encodeURIComponent(table)}/shoes/${shoe}`,
  },
  /** Cockfight (the first arena the merchant offers), and one arena by code (the path is ours). */
  cockfight: simple('/cockfight'),
  cockfightArena: {
    path: '/cockfight/:arena',
    href: (arena: string): string => `/cockfight/${encodeURIComponent(arena)}`,
  },
  fish: simple('/fish'),
  rng: queried('/rng', searchParams.vassalage),
  pvp: simple('/pvp'),
  hot: simple('/hot'),

  // Account game lists (auth required)
  favorite: simple('/favorite'),
  recent: simple('/recent'),

  // Lottery (auth required)
  lottery: queried('/lottery', searchParams.gameCode),
  seaLottery: queried('/seaLottery', searchParams.gameCode),
  vnLottery: queried('/vnLottery', searchParams.gameCode),
  /** A lottery game's result history and the verify page of one issue (the paths are ours). */
  lotteryResults: queried('/lotteryResults', searchParams.gameCode),
  lotteryVerify: {
    path: '/lotteryVerify',
    href: (gameCode: string, issueId?: string): string =>
      withQuery('/lotteryVerify', {
        [searchParams.gameCode]: gameCode,
        [searchParams.issue]: issueId,
      }),
  },

  // Game pages (no side menu). Note /vnlottery and /sealottery differ from the lottery routes
  // above only by case, which is why the router matches case-sensitively.
  seamless: simple('/seamless'),
  lottert: simple('/lottert'),
  vnlottery: simple('/vnlottery'),
  sealottery: simple('/sealottery'),

  /**
   * The house originals (dice, limbo): a game's page, `?mode=demo` opening it with play money,
   * and the verify page that replays a round from its seeds in the browser (the paths are ours:
   * not /originals/…, which is the API's, so a reload of a page gets the page).
   */
  original: {
    path: '/house/:game',
    href: (game: string, demo = false): string =>
      withQuery(`/house/${encodeURIComponent(game)}`, { mode: demo ? 'demo' : undefined }),
  },
  /**
   * An original's address in the API's shape (`/originals/dice?mode=demo`), opened in the app:
   * it leads to the page above (the server's launch answers `/house/…` itself).
   */
  originalLaunch: { path: '/originals/:game' },
  originalsVerify: {
    path: '/house/verify',
    href: (query: Partial<Record<OriginalsVerifyParam, string>> = {}): string =>
      withQuery('/house/verify', query),
  },

  agent: simple('/agent'),
  agentHome: {
    path: '/agentHome',
    href: (page?: AgentCentrePage): string => (page ? `/agentHome/${page}` : '/agentHome'),
  },
  member: queried('/member', searchParams.tab),

  /** The app download guides the iOS and Android resources point at (SPEC §1, §2). */
  downloadIos: simple('/download/ios'),
  downloadAndroid: simple('/download/android'),
  /** The live-chat page, which launches a chat. */
  chat: simple('/chat'),
} as const;

/** An agent's invitation link: the home page, which opens the register popup with the code. */
export function inviteHref(code: string): string {
  return withQuery(paths.home.path, { [searchParams.affiliateCode]: code });
}

/** Where a side-menu category leads (SPEC §2: only RNG and PVP leave the home page). */
export function categoryHref(category: MenuCategory): string {
  if (category === 'RNG') return paths.rng.href();
  if (category === 'PVP') return paths.pvp.href();
  return paths.home.href(category);
}
