import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoader } from '../components/page-loader';
import { agentCentrePages, paths } from '../lib/paths';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import {
  AccountGameListRoute,
  AgentCentreLayout,
  AgentCentrePage,
  AgentHomePage,
  AgentLandingPage,
  AgentLayout,
  ArticleRoute,
  ArticlesRoute,
  ChatPage,
  DownloadPage,
  GameLayout,
  GameListCentreRoute,
  GamePage,
  HomePage,
  LiveCentreRoute,
  LiveTableRoute,
  CockfightRoute,
  LiveVerifyRoute,
  LobbyRoute,
  LotteryGameRoute,
  LotteryHallRoute,
  LotteryResultsRoute,
  LotteryVerifyRoute,
  OriginalGameRoute,
  OriginalLaunchRoute,
  OriginalVerifyRoute,
  MemberCentrePage,
  PointsMallRoute,
  PopupRoute,
  ResetPasswordPage,
  PromotionsRoute,
  RedEnvelopeRoute,
  SportsCentreRoute,
  SportsMatchRoute,
  SportsMyBetsRoute,
  WinnersRoute,
} from './pages';
import { RequireAgent, RequireAuth } from './routes/guards';
import { NotFoundRoute } from './routes/not-found';

/**
 * Case-sensitive on purpose: /vnLottery (lottery lobby) and /vnlottery (game page) are different
 * routes in SPEC §2, as are /seaLottery and /sealottery.
 */
function page(path: string, element: ReactNode): RouteObject {
  return {
    path,
    element: <Suspense fallback={<PageLoader />}>{element}</Suspense>,
    caseSensitive: true,
  };
}

/** A layout loaded on demand: the page loader stands in for it and its page meanwhile. */
function lazyLayout(element: ReactNode): ReactNode {
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          page(paths.home.path, <HomePage />),
          ...paths.homeAliases.map((alias) => page(alias, <HomePage />)),
          page(paths.login.path, <PopupRoute popup="login" />),
          page(paths.register.path, <PopupRoute popup="register" />),
          page(paths.resetPassword.path, <ResetPasswordPage />),
          page(paths.help.path, <PopupRoute popup="help" />),
          page(paths.feedback.path, <PopupRoute popup="feedback" />),
          page(paths.promotions.path, <PromotionsRoute />),
          page(paths.pointMall.path, <PointsMallRoute />),
          page(paths.redEnvelope.path, <RedEnvelopeRoute />),
          page(paths.winners.path, <WinnersRoute />),
          page(paths.lobby.path, <LobbyRoute />),
          page(paths.blog.path, <ArticlesRoute kind="blog" />),
          page(paths.blogPost.path, <ArticleRoute kind="blog" />),
          page(paths.news.path, <ArticlesRoute kind="news" />),
          page(paths.newsItem.path, <ArticleRoute kind="news" />),
          page(paths.downloadIos.path, <DownloadPage platform="ios" />),
          page(paths.downloadAndroid.path, <DownloadPage platform="android" />),

          page(paths.sports.path, <SportsCentreRoute family="sports" />),
          page(paths.esports.path, <SportsCentreRoute family="esports" />),
          page(paths.sportsFixture.path, <SportsMatchRoute />),
          page(paths.sportsMyBets.path, <SportsMyBetsRoute />),
          page(paths.lott.path, <LotteryHallRoute kind="lott" />),
          page(paths.elott.path, <LotteryHallRoute kind="elott" />),
          page(paths.lotteryResults.path, <LotteryResultsRoute />),
          page(paths.lotteryVerify.path, <LotteryVerifyRoute />),
          page(paths.originalsVerify.path, <OriginalVerifyRoute />),

          page(paths.live.path, <LiveCentreRoute />),
          page(paths.liveTable.path, <LiveTableRoute />),
          page(paths.liveShoe.path, <LiveVerifyRoute />),
          page(paths.cockfight.path, <CockfightRoute />),
          page(paths.cockfightArena.path, <CockfightRoute />),
          page(paths.fish.path, <GameListCentreRoute kind="FISH" />),
          page(paths.rng.path, <GameListCentreRoute kind="RNG" />),
          page(paths.pvp.path, <GameListCentreRoute kind="PVP" />),
          page(paths.hot.path, <GameListCentreRoute kind="HOT" />),

          {
            element: <RequireAuth />,
            children: [
              page(paths.favorite.path, <AccountGameListRoute list="favorite" />),
              page(paths.recent.path, <AccountGameListRoute list="recent" />),
              page(paths.lottery.path, <LotteryGameRoute screen="lottery" />),
              page(paths.seaLottery.path, <LotteryGameRoute screen="sea_lottery" />),
              page(paths.vnLottery.path, <LotteryGameRoute screen="vn_lottery" />),
              page(paths.member.path, <MemberCentrePage />),
            ],
          },

          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      {
        element: lazyLayout(<GameLayout />),
        children: [
          page(paths.seamless.path, <GamePage kind="seamless" />),
          page(paths.lottert.path, <GamePage kind="lottert" />),
          page(paths.vnlottery.path, <GamePage kind="vnlottery" />),
          page(paths.sealottery.path, <GamePage kind="sealottery" />),
          page(paths.chat.path, <ChatPage />),
          page(paths.original.path, <OriginalGameRoute />),
          page(paths.originalLaunch.path, <OriginalLaunchRoute />),
        ],
      },
      {
        element: lazyLayout(<AgentLayout />),
        children: [page(paths.agent.path, <AgentLandingPage />)],
      },
      {
        // SPEC §2: guests and non-agents are sent to /agent from the centre and every page in it.
        element: <RequireAgent />,
        children: [
          {
            element: lazyLayout(<AgentCentreLayout />),
            children: [
              page(paths.agentHome.path, <AgentHomePage />),
              ...agentCentrePages.map((name) =>
                page(paths.agentHome.href(name), <AgentCentrePage page={name} />),
              ),
              { path: `${paths.agentHome.path}/*`, element: <NotFoundRoute /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The routes in the router's declarative mode: Taya loads data with TanStack Query, not with the
 * router's loaders, so the data router's code would be weight on every first load for nothing.
 */
function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  // A render error inside a route must not blank the whole site; going elsewhere tries again.
  return <ErrorBoundary resetKey={pathname}>{element}</ErrorBoundary>;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
