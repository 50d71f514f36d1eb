import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { OperatorAction } from '@taya/contracts';
import type { Catalogue } from '../lib/i18n';
import type { SectionId } from './sections';

/**
 * Every screen of the console, one line each. A page is routed at `/console/<path>`, guarded by
 * `action` (a role without it gets a refusal and no nav entry), and listed in the left nav under
 * its `section` unless `nav: false`. Adding a screen: build it in `features/<feature>/`, default-
 * export the page component, add one line here and its `nav.pages.<key>` label in en.json.
 */
export interface ConsolePage {
  /** Under /console; may hold route params (`players/:id`), which keeps it out of the nav. */
  path: string;
  /** Its label: `nav.pages.<key>`. */
  key: keyof Catalogue['nav']['pages'];
  section: SectionId | null;
  action: OperatorAction;
  component: LazyExoticComponent<ComponentType>;
  /** false: reachable by link only (a detail page, a personal page). */
  nav?: boolean;
}

export const pages: readonly ConsolePage[] = [
  {
    path: 'audit',
    key: 'audit',
    section: 'audit',
    action: 'audit.read',
    component: lazy(() => import('../features/audit/audit-page')),
  },
  {
    path: 'sessions',
    key: 'sessions',
    section: null,
    action: 'session.read',
    component: lazy(() => import('../features/sessions/sessions-page')),
    nav: false,
  },
  {
    path: 'games/rounds',
    key: 'rounds',
    section: 'games',
    action: 'games.read',
    component: lazy(() => import('../features/games/rounds-page')),
  },
  {
    path: 'games/switches',
    key: 'gamingSwitches',
    section: 'games',
    action: 'games.read',
    component: lazy(() => import('../features/games/switches-page')),
  },
  {
    path: 'cashier/deposits',
    key: 'cashierDeposits',
    section: 'cashier',
    action: 'cashier.deposits.read',
    component: lazy(() => import('../features/cashier/deposits-page')),
  },
  {
    path: 'cashier/withdrawals',
    key: 'cashierWithdrawals',
    section: 'cashier',
    action: 'cashier.withdrawals.read',
    component: lazy(() => import('../features/cashier/withdrawals-page')),
  },
  {
    path: 'dashboard',
    key: 'dashboard',
    section: 'dashboard',
    action: 'cashier.deposits.read',
    component: lazy(() => import('../features/dashboard/dashboard-page')),
  },
  {
    path: 'cashier/channels',
    key: 'cashierChannels',
    section: 'cashier',
    action: 'cashier.deposits.read',
    component: lazy(() => import('../features/cashier/channels-page')),
  },
  {
    path: 'promotions',
    key: 'promotions',
    section: 'promotions',
    action: 'promotions.read',
    component: lazy(() => import('../features/promotions/promotions-page')),
  },
  {
    path: 'promotions/applications',
    key: 'promotionApplications',
    section: 'promotions',
    action: 'promotions.read',
    component: lazy(() => import('../features/promotions/applications-page')),
  },
  {
    path: 'support',
    key: 'supportDesk',
    section: 'support',
    action: 'support.read',
    component: lazy(() => import('../features/support/chat-desk-page')),
  },
  {
    path: 'players',
    key: 'players',
    section: 'players',
    action: 'players.read',
    component: lazy(() => import('../features/players/players-page')),
  },
  {
    path: 'players/:id',
    key: 'player',
    section: 'players',
    action: 'players.read',
    component: lazy(() => import('../features/players/player-page')),
    nav: false,
  },
  {
    path: 'approvals',
    key: 'approvals',
    section: 'players',
    action: 'approvals.read',
    component: lazy(() => import('../features/approvals/approvals-page')),
  },
  {
    path: 'lottery',
    key: 'lotteryIssues',
    section: 'lottery',
    action: 'lottery.read',
    component: lazy(() => import('../features/lottery/issues-page')),
  },
  {
    path: 'system/operators',
    key: 'operators',
    section: 'system',
    action: 'operators.read',
    component: lazy(() => import('../features/operators/operators-page')),
  },
  {
    path: 'system/maintenance',
    key: 'maintenance',
    section: 'system',
    action: 'system.read',
    component: lazy(() => import('../features/system/maintenance-page')),
  },
  {
    path: 'system/modules',
    key: 'modules',
    section: 'system',
    action: 'system.read',
    component: lazy(() => import('../features/system/modules-page')),
  },
  {
    path: 'system/restrictions',
    key: 'restrictions',
    section: 'system',
    action: 'system.read',
    component: lazy(() => import('../features/system/restrictions-page')),
  },
  {
    path: 'content/notices',
    key: 'contentNotices',
    section: 'content',
    action: 'content.read',
    component: lazy(() => import('../features/content/notices-page')),
  },
  {
    path: 'content/announcements',
    key: 'contentAnnouncements',
    section: 'content',
    action: 'content.read',
    component: lazy(() => import('../features/content/announcements-page')),
  },
  {
    path: 'content/banners',
    key: 'contentBanners',
    section: 'content',
    action: 'content.read',
    component: lazy(() => import('../features/content/banners-page')),
  },
  {
    path: 'content/popups',
    key: 'contentPopups',
    section: 'content',
    action: 'content.read',
    component: lazy(() => import('../features/content/popups-page')),
  },
  {
    path: 'content/help',
    key: 'contentHelp',
    section: 'content',
    action: 'content.read',
    component: lazy(() => import('../features/content/help-page')),
  },
  {
    path: 'content/articles',
    key: 'contentArticles',
    section: 'content',
    action: 'content.read',
    component: lazy(() => import('../features/content/articles-page')),
  },
  {
    path: 'content/messages',
    key: 'contentMessages',
    section: 'content',
    action: 'content.read',
    component: lazy(() => import('../features/content/messages-page')),
  },
  {
    path: 'content/feedback',
    key: 'contentFeedback',
    section: 'content',
    action: 'content.read',
    component: lazy(() => import('../features/content/feedback-page')),
  },
  {
    path: 'agents',
    key: 'agents',
    section: 'agents',
    action: 'agents.read',
    component: lazy(() => import('../features/agents/agents-page')),
  },
  {
    path: 'agents/settlements',
    key: 'agentSettlements',
    section: 'agents',
    action: 'agents.read',
    component: lazy(() => import('../features/agents/settlements-page')),
  },
  {
    path: 'agents/:id',
    key: 'agent',
    section: 'agents',
    action: 'agents.read',
    component: lazy(() => import('../features/agents/agent-page')),
    nav: false,
  },
  {
    path: 'promotions/missions',
    key: 'missions',
    section: 'promotions',
    action: 'promotions.read',
    component: lazy(() => import('../features/promotions/missions-page')),
  },
  {
    path: 'promotions/redemptions',
    key: 'pointRedemptions',
    section: 'promotions',
    action: 'points.read',
    component: lazy(() => import('../features/promotions/redemptions-page')),
  },
  {
    path: 'promotions/vip',
    key: 'vipLevels',
    section: 'promotions',
    action: 'promotions.read',
    component: lazy(() => import('../features/promotions/vip-page')),
  },
  {
    path: 'promotions/rewards',
    key: 'pointRewards',
    section: 'promotions',
    action: 'points.read',
    component: lazy(() => import('../features/promotions/rewards-page')),
  },
  {
    path: 'games/catalogue',
    key: 'gameCatalogue',
    section: 'games',
    action: 'games.read',
    component: lazy(() => import('../features/games/catalogue-page')),
  },
  {
    path: 'games/jackpots',
    key: 'jackpots',
    section: 'games',
    action: 'games.read',
    component: lazy(() => import('../features/games/jackpots-page')),
  },
  {
    path: 'games/originals',
    key: 'originals',
    section: 'games',
    action: 'games.read',
    component: lazy(() => import('../features/games/originals-page')),
  },
  {
    path: 'games/live',
    key: 'liveTables',
    section: 'games',
    action: 'games.read',
    component: lazy(() => import('../features/games/live-tables-page')),
  },
  {
    path: 'games/cockfight',
    key: 'cockfight',
    section: 'games',
    action: 'games.read',
    component: lazy(() => import('../features/games/cockfight-page')),
  },
  {
    path: 'games/sportsbook',
    key: 'sportsbook',
    section: 'games',
    action: 'games.read',
    component: lazy(() => import('../features/games/sportsbook-page')),
  },
  {
    path: 'player-settings',
    key: 'playerSettings',
    section: 'players',
    action: 'players.read',
    component: lazy(() => import('../features/players/settings-page')),
  },
  {
    path: 'support/canned-replies',
    key: 'cannedReplies',
    section: 'support',
    action: 'support.read',
    component: lazy(() => import('../features/support/canned-replies-page')),
  },
  {
    path: 'system/merchants',
    key: 'merchants',
    section: 'system',
    action: 'system.read',
    component: lazy(() => import('../features/system/merchants-page')),
  },
  {
    path: 'system/registration-rules',
    key: 'registrationRules',
    section: 'system',
    action: 'system.read',
    component: lazy(() => import('../features/system/registration-rules-page')),
  },
  {
    path: 'system/resources',
    key: 'resources',
    section: 'system',
    action: 'system.read',
    component: lazy(() => import('../features/system/resources-page')),
  },
];

/** The nav entries a role may open, grouped by section in the nav's order. */
export function navFor(
  may: (action: OperatorAction) => boolean,
  sectionList: readonly { id: SectionId; action: OperatorAction }[],
): { section: SectionId; pages: ConsolePage[] }[] {
  return sectionList
    .filter((s) => may(s.action))
    .map((s) => ({
      section: s.id,
      pages: pages.filter(
        (p) => p.section === s.id && p.nav !== false && !p.path.includes(':') && may(p.action),
      ),
    }))
    .filter((group) => group.pages.length > 0);
}
