import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { PlayKernel } from './kernel';
import { Recaller } from './recall';
import { BetStream } from './stream';
import { registerPlayOpsRoutes } from './ops-routes';
import { registerPlayRoutes } from './routes';

export {
  PlayKernel,
  type BatchBetGuard,
  type BetGuard,
  type BetResult,
  type BetRow,
  type OpenRound,
  type PlaceBet,
  type RoundRow,
  type SettleRound,
  type SettledBet,
  type SettledSink,
} from './kernel';
export type { InstantPlayed, InstantRound } from './instant';
export { BetStream, type NewBetRecord } from './stream';
export { playerGameRounds, playerOpenRounds, revealServerSeed } from './seeds';
export {
  accountRecords,
  accountTotalsByGameType,
  biggestWinsIn,
  lifetimeValidBets,
  memberValidBetsByGameType,
  mostPlayedGames,
  playByHourAndGame,
  topWinsByQuarter,
  recentGames,
  settledBetsRelation,
  validBetTotals,
  validBetsByMemberAndGameType,
} from './reads';

export interface PlayServices {
  play: PlayKernel;
  /** The settled-bet stream: its writer, its cursor and the reads of reports and games. */
  betStream: BetStream;
}

/**
 * The wagering kernel: rounds, bets held through the wallet until their outcome, recall, the
 * recovery job, operator void and resettle, and the settled-bet stream.
 */
export const playModule = defineModule<Services>()({
  name: 'play',
  build: ({ database, services }) => {
    const bets = services.metrics.bets;
    const play = new PlayKernel(database.db, services.wallet, (event, n) => bets.inc({ event }, n));
    play.onSettled(async (_tx, settled) => bets.inc({ event: 'settled' }, settled.length));
    const betStream = new BetStream(database.db);
    // Settled bets go to the settled-bet stream (which reports, VIP, points, missions and agents
    // read) and count toward the member's withdrawal turnover.
    play.onSettled(async (tx, settled) => {
      await betStream.recordSettled(
        tx,
        settled.map(({ bet, round }) => ({
          // A shared round (a lottery issue) holds many bets of one player: each is its own
          // record, named by the bet; a private round is one record per player.
          ...(round.state.shared === true
            ? { id: `${round.vendorCode}:${bet.id}`, roundId: bet.id }
            : { id: `${round.vendorCode}:${round.id}:${bet.accountId}`, roundId: round.id }),
          merchantCode: bet.merchantCode,
          accountId: bet.accountId,
          vendorCode: round.vendorCode,
          gameId: round.gameId,
          gameType: round.gameType,
          currency: bet.currency,
          stake: bet.stake,
          validBet: bet.validBet,
          payout: bet.payout,
          placedAt: bet.placedAt.toISOString(),
        })),
      );
      await services.cashier.recordTurnoverMany(
        settled.map(({ bet }) => ({
          accountId: bet.accountId,
          validBet: bet.validBet,
          merchant: { merchantCode: bet.merchantCode, currency: bet.currency },
        })),
        tx,
      );
    });
    return { services: { play, betStream }, recall: new Recaller(database.db) };
  },
  routes: (app, { services, recall }, ctx) => {
    const deps = { kernel: services.play, recall, system: ctx.services.system };
    registerPlayRoutes(app, deps);
    registerPlayOpsRoutes(app, { ...deps, db: ctx.database.db });
  },
  jobs: ({ services }) => [
    {
      name: 'play.recover',
      cron: '* * * * *',
      run: async () => services.play.recover(),
    },
  ],
});
