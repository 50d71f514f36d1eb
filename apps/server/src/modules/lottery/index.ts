import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { LotteryFeed } from './feed';
import { SandboxResultFeed, resultFeedOf } from './feed-provider';
import { registerResultFeedSandboxRoutes } from './feed-routes';
import { registerLotteryRoutes } from './routes';
import { LotteryService } from './service';

export { LotteryService } from './service';

export interface LotteryServices {
  lottery: LotteryService;
}

/** Lottery issues on schedule, bets, draws (commit–reveal, feed or operator), settlement. */
export const lotteryModule = defineModule<Services>()({
  name: 'lottery',
  build: ({ app, database, production, services }) => {
    // No results feed is contracted: outside production the sandbox feed serves what operators
    // publish to it; without a feed result, operators enter results and the demo draw follows.
    const resultFeed = production ? null : new SandboxResultFeed(database.db);
    const lottery = new LotteryService(
      database.db,
      services.system,
      services.wallet,
      // Stakes, payouts and refunds go through the kernel, whose settled-bet stream records the
      // bet records and the withdrawal turnover (counted there once, not here).
      services.play,
      services.games,
      resultFeed
        ? {
            feed: resultFeedOf(resultFeed, (err, gameCode, issueId) =>
              app.log.warn(
                { err: { type: err instanceof Error ? err.name : typeof err }, gameCode, issueId },
                'lottery results feed failed',
              ),
            ),
          }
        : {},
    );
    const feed = new LotteryFeed(database.db, (row) => lottery.issueWire(row));
    return { services: { lottery }, resultFeed, feed };
  },
  routes: (app, { services, resultFeed, feed }) => {
    registerLotteryRoutes(app, services.lottery, feed);
    if (resultFeed) registerResultFeedSandboxRoutes(app, resultFeed);
  },
  jobs: ({ services: { lottery } }) => [
    { name: 'lottery.schedule', cron: '* * * * *', run: async () => lottery.scheduleDue() },
    { name: 'lottery.draw', cron: '* * * * *', run: async () => lottery.drawDue() },
    { name: 'lottery.settle', cron: '* * * * *', run: async () => lottery.settleDue() },
  ],
  // A one-minute game closes and draws on the second, finer than the queue's cron: every node
  // also closes, draws and settles what is due each second (each step is safe to run anywhere).
  // Issues are also scheduled at start and every half minute, so betting opens without waiting.
  start: ({ services: { lottery } }, { app }) => {
    let ticking = false;
    let ticks = 0;
    const tick = setInterval(() => {
      if (ticking) return;
      ticking = true;
      const schedule = ticks++ % 30 === 0 ? lottery.scheduleDue() : Promise.resolve();
      schedule
        .then(() => lottery.drawDue())
        .then(() => lottery.settleDue())
        .catch((err: Error) => app.log.error({ err: { type: err.name } }, 'lottery tick failed'))
        .finally(() => {
          ticking = false;
        });
    }, 1000);
    tick.unref();
    return () => clearInterval(tick);
  },
  close: ({ feed }) => feed.stop(),
});
