import type { ComponentType } from 'react';
import { onDemand } from '../lib/on-demand';
import { paths } from '../lib/paths';

/**
 * Every page and every layout but the site's own, each loaded on demand: a first visit downloads
 * the code of the page it opens and nothing else. `router.tsx` mounts them inside a `Suspense`
 * that shows the page loader while a page's code arrives.
 */
const loaders: (() => Promise<unknown>)[] = [];

function named<P extends object>(load: () => Promise<ComponentType<P>>) {
  const page = onDemand(load);
  loaders.push(page.load);
  return page.Component;
}

/**
 * Loads the code of every page now. Tests call it once up front, so that a page's first render
 * waits on the page's data, as in a browser with the code cached, not on loading its modules.
 */
export function loadAllPages(): Promise<unknown> {
  return Promise.all(loaders.map((load) => load()));
}

const home = onDemand(() => import('./routes/home-page').then((m) => m.HomePage));
loaders.push(home.load);
export const HomePage = home.Component;

/**
 * Starts loading the home page's code at once when the app opens on it (most visits do), beside
 * the catalogue and the system status, instead of after them.
 */
export function preloadPageFor(pathname: string): void {
  if (pathname === paths.home.path || (paths.homeAliases as readonly string[]).includes(pathname)) {
    void home.load();
  }
}
export const PopupRoute = named(() => import('./routes/popup-route').then((m) => m.PopupRoute));
export const DownloadPage = named(() =>
  import('./routes/download-page').then((m) => m.DownloadPage),
);
export const ResetPasswordPage = named(() =>
  import('../features/auth/routes/reset-password-page').then((m) => m.ResetPasswordPage),
);
export const MemberCentrePage = named(() =>
  import('./routes/member-centre-page').then((m) => m.MemberCentrePage),
);
export const GamePage = named(() => import('./routes/game-page').then((m) => m.GamePage));

export const ArticlesRoute = named(() =>
  import('../features/content/routes/articles').then((m) => m.ArticlesRoute),
);
export const ArticleRoute = named(() =>
  import('../features/content/routes/articles').then((m) => m.ArticleRoute),
);
export const AccountGameListRoute = named(() =>
  import('../features/games/routes/account-game-list').then((m) => m.AccountGameListRoute),
);
export const GameCentreRoute = named(() =>
  import('../features/games/routes/game-centre').then((m) => m.GameCentreRoute),
);
export const GameListCentreRoute = named(() =>
  import('../features/games/routes/game-list-centre').then((m) => m.GameListCentreRoute),
);
export const LiveCentreRoute = named(() =>
  import('./routes/live-centre').then((m) => m.LiveCentreRoute),
);
export const LiveTableRoute = named(() =>
  import('../features/live/routes/live-table').then((m) => m.LiveTableRoute),
);
export const LiveVerifyRoute = named(() =>
  import('../features/live/routes/live-verify').then((m) => m.LiveVerifyRoute),
);
export const CockfightRoute = named(() =>
  import('../features/cockfight/routes/cockfight-page').then((m) => m.CockfightRoute),
);
export const SportsCentreRoute = named(() =>
  import('./routes/sports-centre').then((m) => m.SportsCentreRoute),
);
export const SportsMatchRoute = named(() =>
  import('../features/sports/routes/match-page').then((m) => m.SportsMatch),
);
export const SportsMyBetsRoute = named(() =>
  import('../features/sports/routes/my-bets-page').then((m) => m.SportsMyBets),
);
export const LobbyRoute = named(() =>
  import('../features/games/routes/lobby').then((m) => m.LobbyRoute),
);
export const WinnersRoute = named(() =>
  import('../features/games/routes/winners').then((m) => m.WinnersRoute),
);
export const LotteryGameRoute = named(() =>
  import('../features/lottery/routes/lottery-game').then((m) => m.LotteryGameRoute),
);
export const LotteryHallRoute = named(() =>
  import('../features/lottery/routes/lottery-hall').then((m) => m.LotteryHallRoute),
);
export const LotteryResultsRoute = named(() =>
  import('../features/lottery/routes/lottery-results').then((m) => m.LotteryResultsRoute),
);
export const LotteryVerifyRoute = named(() =>
  import('../features/lottery/routes/lottery-verify').then((m) => m.LotteryVerifyRoute),
);
export const OriginalGameRoute = named(() =>
  import('../features/originals/routes/original-game').then((m) => m.OriginalGameRoute),
);
export const OriginalLaunchRoute = named(() =>
  import('../features/originals/routes/original-game').then((m) => m.OriginalLaunchRoute),
);
export const OriginalVerifyRoute = named(() =>
  import('../features/originals/routes/original-verify').then((m) => m.OriginalVerifyRoute),
);
export const PointsMallRoute = named(() =>
  import('../features/points/routes/points-mall').then((m) => m.PointsMallRoute),
);
export const PromotionsRoute = named(() =>
  import('../features/promotions/routes/promotions').then((m) => m.PromotionsRoute),
);
export const RedEnvelopeRoute = named(() =>
  import('../features/red-envelopes/routes/red-envelope').then((m) => m.RedEnvelopeRoute),
);
export const ChatPage = named(() =>
  import('../features/support/routes/chat-page').then((m) => m.ChatPage),
);

export const GameLayout = named(() => import('./layouts/game-layout').then((m) => m.GameLayout));
export const AgentLayout = named(() => import('./layouts/agent-layout').then((m) => m.AgentLayout));
export const AgentCentreLayout = named(() =>
  import('./layouts/agent-centre-layout').then((m) => m.AgentCentreLayout),
);
export const AgentLandingPage = named(() =>
  import('./routes/agent-landing-page').then((m) => m.AgentLandingPage),
);
export const AgentHomePage = named(() =>
  import('./routes/agent-home-page').then((m) => m.AgentHomePage),
);
export const AgentCentrePage = named(() =>
  import('./routes/agent-centre-page').then((m) => m.AgentCentrePage),
);
