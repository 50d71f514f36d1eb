/**
 * The public GET calls a page makes first, exactly as the web app writes them, for a visitor
 * in the default language. The build writes this list into index.html; the server answers the
 * calls while it sends the page and writes the answers into it (apps/server/src/platform/
 * first-answers.ts), and the API client takes each one instead of its first fetch
 * (`lib/first-answers.ts`). A call missing here is simply fetched; `e2e/first-answers.e2e.ts`
 * checks that home makes none of these calls over the network.
 *
 * Plain data: the Vite config imports it.
 */
export const firstAnswersPlan = {
  language: 'EN',
  device: 'WEB',
  pages: {
    '/': [
      '/wps/system/status',
      '/wps/system/notices?language=EN',
      '/wps/relay/GCSGAME_gameVendor?language=EN',
      '/wps/cashier/channels/public',
      '/wps/relay/MCSFE_getListAnnouncements?types=PU&platform=W&execution=B&language=EN',
      '/wps/relay/MCSFE_getListAnnouncements?types=B&platform=W&execution=B&language=EN',
      '/wps/games/jackpot?language=EN',
      '/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=EN&limitNum=20',
      '/wps/relay/GCSGAME_hotGamesV2?language=EN',
    ],
  },
  /**
   * What the page's shell shows until the app renders, in the home page's own classes: the
   * marquee's place and the first banner (`data-resolve`: the server writes in the address its
   * redirect gives, the merchant's first `w_home` picture, or leaves the picture out), so the biggest picture on a phone's first screen arrives with the page. Phones
   * only (`.page-shell`): wider screens lay the page out beside the menu.
   */
  shells: {
    '/':
      '<main class="site-main page-shell" aria-hidden="true"><div class="home"><div class="lobby">' +
      '<div class="notice-marquee notice-marquee-placeholder"></div>' +
      '<div class="home-banners"><div class="home-banner-frame">' +
      '<img data-resolve class="home-banner-image" src="/wps/content/banners/w_home/first-image" alt="" fetchpriority="high" />' +
      '</div></div></div></div></main>',
  },
} as const;
