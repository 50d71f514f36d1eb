import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { minorToDecimal, parseAmount } from '@taya/contracts';
import { evaluateSpin, payoutOf, randomStops, tayaFortune, type SlotDefinition } from '@taya/games';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SeamlessClient } from './seamless-client';
import { tayaDemoSessions, tayaSlotRounds } from './schema';

/** The in-house vendor's code; it speaks the seamless protocol like any other vendor. */
export const tayaVendorCode = 'TAYA';

const slots: Record<string, SlotDefinition> = { [tayaFortune.code]: tayaFortune };

/** Play money a demo session starts with (minor units). */
export const demoStartingBalance = 2_000_00n;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Total bets offered, in minor units; each divides by the 20 lines. */
export const betOptions = [100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n];

interface Answer {
  balance: string;
  currency: string;
}

/**
 * The in-house vendor's slot server. It draws each spin with the operating system's CSPRNG,
 * debits the bet and credits the win through the seamless wallet (signed calls, its own
 * transaction ids), and keeps every round it drew, so any round can be recalled and checked.
 */
export class TayaSlotServer {
  constructor(
    private readonly db: Db,
    private readonly wallet: SeamlessClient,
    /** The jackpot a round's bet hit and was paid, if any (the platform's pools). */
    private readonly jackpotOf: (
      roundId: string,
      playerId: string,
      language?: string,
    ) => Promise<{ poolId: string; name: string; amount: string } | null> = async () => null,
  ) {}

  private definition(gameCode: string): SlotDefinition {
    const def = slots[gameCode];
    if (!def) throw new AppError('not_found', 'No such game');
    return def;
  }

  /** Opens a game for a launch token: the wallet names the player and the balance. */
  async open(launchToken: string) {
    const auth = await this.wallet.call<
      Answer & { sessionToken: string; playerId: string; gameCode: string }
    >('authenticate', { launchToken });
    return {
      session: auth.sessionToken,
      playerId: auth.playerId,
      balance: auth.balance,
      currency: auth.currency,
      game: this.gameView(this.definition(auth.gameCode)),
    };
  }

  private gameView(def: SlotDefinition) {
    return {
      code: def.code,
      rows: def.rows,
      reels: def.reels.length,
      lines: def.lines.map((line) => [...line]),
      pays: Object.fromEntries(
        Object.entries(def.pays).map(([symbol, pays]) => [symbol, pays ? [...pays] : []]),
      ),
      wild: def.wild,
      scatter: def.scatter,
      scatterPays: [...def.scatterPays],
      betOptions: betOptions.map((b) => minorToDecimal(b, 2)),
    };
  }

  /** What a game page needs to draw and explain a game. */
  describe(gameCode: string) {
    return this.gameView(this.definition(gameCode));
  }

  /** Checks a game and a bet for a spin. */
  prepare(gameCode: string, betText: string) {
    const bet = parseAmount(betText, 2);
    if (bet === null || !betOptions.includes(bet)) {
      throw new AppError('request_param_err', 'Choose one of the offered bets', [
        { path: 'bet', code: 'invalid', message: 'Choose one of the offered bets' },
      ]);
    }
    return { def: this.definition(gameCode), bet };
  }

  /** Draws one spin with the CSPRNG, and what it pays. */
  drawFor(def: SlotDefinition, bet: bigint) {
    const outcome = evaluateSpin(
      def,
      randomStops(def, (n) => randomInt(n)),
    );
    return { outcome, payout: payoutOf(def, outcome, bet) };
  }

  async spin(input: {
    session: string;
    playerId: string;
    gameCode: string;
    bet: string;
    language?: string;
  }) {
    const { def, bet } = this.prepare(input.gameCode, input.bet);
    const roundId = randomUUID();
    const { outcome, payout } = this.drawFor(def, bet);
    await this.wallet.call<Answer>('bet', {
      sessionToken: input.session,
      playerId: input.playerId,
      txId: `${roundId}:bet`,
      roundId,
      amount: minorToDecimal(bet, 2),
    });
    await this.db.insert(tayaSlotRounds).values({
      id: roundId,
      accountId: input.playerId,
      gameCode: def.code,
      bet,
      payout,
      stops: outcome.stops,
      outcome: {
        grid: outcome.grid,
        lineWins: outcome.lineWins,
        scatterCount: outcome.scatterCount,
        scatterMultiple: outcome.scatterMultiple,
      },
      status: 'debited',
    });
    const settled = await this.settle(roundId, input.playerId, payout);
    const jackpot = await this.jackpotOf(roundId, input.playerId, input.language);
    return {
      roundId,
      bet: minorToDecimal(bet, 2),
      payout: minorToDecimal(payout, 2),
      stops: outcome.stops,
      grid: outcome.grid,
      lineWins: outcome.lineWins,
      scatterCount: outcome.scatterCount,
      scatterMultiple: outcome.scatterMultiple,
      balance: settled.balance,
      currency: settled.currency,
      jackpot,
    };
  }

  /** Credits a drawn round (again, if need be: the wallet answers a repeated win from memory). */
  private async settle(roundId: string, playerId: string, payout: bigint) {
    const answer = await this.wallet.call<Answer>('win', {
      playerId,
      txId: `${roundId}:win`,
      roundId,
      amount: minorToDecimal(payout, 2),
      final: true,
    });
    await this.db
      .update(tayaSlotRounds)
      .set({ status: 'settled' })
      .where(eq(tayaSlotRounds.id, roundId));
    return answer;
  }

  /**
   * The `taya.settle-rounds` job: rounds whose bet went through but whose win call did not
   * (a crash between the two) are settled now, with the same transaction id.
   */
  async settleStranded(olderThanMs = 30_000): Promise<number> {
    const stranded = await this.db
      .select()
      .from(tayaSlotRounds)
      .where(
        and(
          eq(tayaSlotRounds.status, 'debited'),
          lt(tayaSlotRounds.createdAt, new Date(Date.now() - olderThanMs)),
        ),
      )
      .limit(200);
    for (const round of stranded) await this.settle(round.id, round.accountId, round.payout);
    return stranded.length;
  }

  /** A round as it was drawn, for the player who played it. */
  async recall(roundId: string, playerId: string) {
    const [round] = await this.db
      .select()
      .from(tayaSlotRounds)
      .where(and(eq(tayaSlotRounds.id, roundId), eq(tayaSlotRounds.accountId, playerId)));
    if (!round) throw new AppError('not_found', 'No such round');
    return round;
  }
}

/** Free play: the same game and maths, with play money the vendor keeps for two hours. */
export class TayaDemo {
  constructor(
    private readonly db: Db,
    private readonly slots: TayaSlotServer,
  ) {}

  async open(gameCode: string) {
    const game = this.slots.describe(gameCode);
    const session = randomBytes(24).toString('base64url');
    await this.db.insert(tayaDemoSessions).values({
      tokenHash: digest(session),
      gameCode,
      balance: demoStartingBalance,
      expiresAt: new Date(Date.now() + 2 * 3_600_000),
    });
    return {
      session,
      playerId: 'demo',
      balance: minorToDecimal(demoStartingBalance, 2),
      currency: 'DEMO',
      game,
    };
  }

  async spin(input: { session: string; gameCode: string; bet: string }) {
    const { def, bet } = this.slots.prepare(input.gameCode, input.bet);
    const { outcome, payout } = this.slots.drawFor(def, bet);
    // One statement: take the bet and pay the win only if the play money covers the bet.
    const [row] = await this.db
      .update(tayaDemoSessions)
      .set({ balance: sql`${tayaDemoSessions.balance} - ${bet} + ${payout}` })
      .where(
        and(
          eq(tayaDemoSessions.tokenHash, digest(input.session)),
          eq(tayaDemoSessions.gameCode, input.gameCode),
          gt(tayaDemoSessions.expiresAt, new Date()),
          gte(tayaDemoSessions.balance, bet),
        ),
      )
      .returning({ balance: tayaDemoSessions.balance });
    if (!row) {
      const [live] = await this.db
        .select({ balance: tayaDemoSessions.balance })
        .from(tayaDemoSessions)
        .where(
          and(
            eq(tayaDemoSessions.tokenHash, digest(input.session)),
            gt(tayaDemoSessions.expiresAt, new Date()),
          ),
        );
      if (!live) throw new AppError('game_session_invalid', 'The demo has ended; open it again');
      throw new AppError('insufficient_funds');
    }
    return {
      roundId: randomUUID(),
      bet: minorToDecimal(bet, 2),
      payout: minorToDecimal(payout, 2),
      stops: outcome.stops,
      grid: outcome.grid,
      lineWins: outcome.lineWins,
      scatterCount: outcome.scatterCount,
      scatterMultiple: outcome.scatterMultiple,
      balance: minorToDecimal(row.balance, 2),
      currency: 'DEMO',
      // Play money feeds no pool and hits none.
      jackpot: null,
    };
  }
}
