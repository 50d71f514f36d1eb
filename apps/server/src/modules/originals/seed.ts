import type { Tx } from '../../platform/db';
import type { Seed } from '../../platform/seed';
import { merchantCodes, merchantsSpeaking } from '../system';
import { originalLimits } from './schema';

/**
 * The originals' limits for the two markets, in their currencies' minor units (kyat amounts 40
 * times the peso ones), at 99 %: bets of 1 to 10,000, at most 100,000 won above a stake.
 */
export const originalsLimitsSeed: Seed = {
  name: 'originals/limits@1',
  run: (tx) => seedLimits(tx, ['dice', 'limbo']),
};

/**
 * Plinko and keno, the same limits. Their best cells pay 1,000× (plinko 16 rows high, keno's top
 * rows), so a bet above 100.10 (peso) on such a cell is refused by the max profit.
 */
export const originalsLimitsPlinkoKenoSeed: Seed = {
  name: 'originals/limits-plinko-keno@1',
  run: (tx) => seedLimits(tx, ['plinko', 'keno']),
};

async function seedLimits(tx: Tx, names: readonly string[]): Promise<void> {
  for (const [merchantCode, scale] of [
    [merchantCodes.ph, 1n],
    [merchantCodes.mm, 40n],
  ] as const) {
    for (const game of names) {
      await tx
        .insert(originalLimits)
        .values({
          merchantCode,
          game,
          minBet: 1_00n * scale,
          maxBet: 10_000_00n * scale,
          maxProfit: 100_000_00n * scale,
          rtpBps: 9900,
        })
        .onConflictDoNothing();
    }
  }
}

/**
 * The scratch cards' limits: a card costs 1 to 200 (the pagoda card's 500× top prize stays within
 * the 100,000 of profit), kyat amounts 40 times the peso ones, at 99 %.
 */
export const originalsScratchLimitsSeed: Seed = {
  name: 'originals/scratch-limits@1',
  async run(tx) {
    for (const [merchantCode, scale] of [
      [merchantCodes.ph, 1n],
      [merchantCodes.mm, 40n],
    ] as const) {
      await tx.insert(originalLimits).values({
        merchantCode,
        game: 'scratch',
        minBet: 1_00n * scale,
        maxBet: 200_00n * scale,
        maxProfit: 100_000_00n * scale,
        rtpBps: 9900,
      });
    }
  },
};

/** Crash's limits for the two markets, as the other originals' (its RTP is always 99 %). */
export const originalsCrashLimitsSeed: Seed = {
  name: 'originals/crash-limits@1',
  async run(tx) {
    for (const [merchantCode, scale] of [
      [merchantCodes.ph, 1n],
      [merchantCodes.mm, 40n],
    ] as const) {
      await tx
        .insert(originalLimits)
        .values({
          merchantCode,
          game: 'crash',
          minBet: 1_00n * scale,
          maxBet: 10_000_00n * scale,
          maxProfit: 100_000_00n * scale,
          rtpBps: 9900,
        })
        .onConflictDoNothing();
    }
  },
};

/**
 * Mines and video poker for the two markets. Mines: bets of 1 to 10,000, 100,000 of profit (a
 * round cashes out by itself before a gem could win more). Video poker pays up to 800 times the
 * stake: bets of 1 to 100 (at most 79,900 won above a stake). RTP 99 % (mines; video poker's
 * pay tables fix theirs).
 */
export const originalsStepsLimitsSeed: Seed = {
  name: 'originals/limits-steps@1',
  async run(tx) {
    for (const [merchantCode, scale] of [
      [merchantCodes.ph, 1n],
      [merchantCodes.mm, 40n],
    ] as const) {
      for (const [game, maxBet] of [
        ['mines', 10_000_00n],
        ['jacks-or-better', 100_00n],
        ['deuces-wild', 100_00n],
      ] as const) {
        await tx.insert(originalLimits).values({
          merchantCode,
          game,
          minBet: 1_00n * scale,
          maxBet: maxBet * scale,
          maxProfit: 100_000_00n * scale,
          rtpBps: 9900,
        });
      }
    }
  },
};

/**
 * Bingo's card prices where it is offered (merchants with Tagalog, TYPH): a card costs 1 to 500;
 * the best card (X, 100×) wins at most 49,500 above its price, within the 100,000 of profit.
 */
export const originalsBingoLimitsSeed: Seed = {
  name: 'originals/bingo-limits@1',
  async run(tx) {
    for (const merchant of await merchantsSpeaking(tx, 'TY')) {
      const scale = merchant.code === merchantCodes.mm ? 40n : 1n;
      await tx
        .insert(originalLimits)
        .values({
          merchantCode: merchant.code,
          game: 'bingo',
          minBet: 1_00n * scale,
          maxBet: 500_00n * scale,
          maxProfit: 100_000_00n * scale,
          rtpBps: 9900,
        })
        .onConflictDoNothing();
    }
  },
};

/**
 * The Colour Game's limits for the two markets, as crash's. Its pay table is the traditional one
 * (RTP 199/216 = 92.13 %) whatever the row's `rtp_bps` says: the row keeps the column's default.
 */
export const originalsColorLimitsSeed: Seed = {
  name: 'originals/color-game-limits@1',
  async run(tx) {
    for (const [merchantCode, scale] of [
      [merchantCodes.ph, 1n],
      [merchantCodes.mm, 40n],
    ] as const) {
      await tx
        .insert(originalLimits)
        .values({
          merchantCode,
          game: 'color-game',
          minBet: 1_00n * scale,
          maxBet: 10_000_00n * scale,
          maxProfit: 100_000_00n * scale,
          rtpBps: 9900,
        })
        .onConflictDoNothing();
    }
  },
};

/**
 * Blackjack for the two markets: bets of 1 to 5,000; four doubled hands all won are 8 × the
 * stake above what was put up, 40,000 at most, within the 100,000 of profit. Its return is basic
 * strategy's (the rate column does not apply).
 */
export const originalsBlackjackLimitsSeed: Seed = {
  name: 'originals/limits-blackjack@1',
  async run(tx) {
    for (const [merchantCode, scale] of [
      [merchantCodes.ph, 1n],
      [merchantCodes.mm, 40n],
    ] as const) {
      await tx
        .insert(originalLimits)
        .values({
          merchantCode,
          game: 'blackjack',
          minBet: 1_00n * scale,
          maxBet: 5_000_00n * scale,
          maxProfit: 100_000_00n * scale,
          rtpBps: 9900,
        })
        .onConflictDoNothing();
    }
  },
};
