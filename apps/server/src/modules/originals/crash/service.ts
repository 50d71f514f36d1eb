import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import {
  minorToDecimal,
  originalGames,
  type CrashBetAnswer,
  type CrashBetBody,
  type CrashCashoutBody,
  type CrashMyBets,
  type CrashState,
  type MerchantInfo,
} from '@taya/contracts';
import { CRASH_ENGINE_ID, crashText, multiplierAt } from '@taya/games';
import type { Db, Tx } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import type { IdentityService } from '../../identity';
import type { WalletService } from '../../wallet';
import type { PlayKernel } from '../../play';
import { bettorId, bettorMerchant, bettorName, requireSession, type Bettor } from '../bettor';
import { DemoPurse, demoScale, type DemoSession } from '../demo-purse';
import { limitsOf } from '../limits';
import { originalsVendor, stakeOf, type Member, type OriginalsService } from '../service';
import { activeChain, saltWire, type ChainOptions } from './chain';
import type { CrashFeed } from './feed';
import { crashBets, crashChains, crashRounds } from './schema';
import { betWire, cashoutPayout, hundredthsOf, roundWire, type CrashBetRow } from './wire';

export const crashGame = 'crash';
export const crashGameCode = originalGames.crash;
/** Crash pays 99 % whatever the merchant's limits say: one chain, one crash point for all. */
export const crashRtpBps = 9900;
export const crashRtpText = '99.00';

export interface CrashOptions extends ChainOptions {
  /** How long a round takes bets, and the pause after a crash before the next one's betting. */
  bettingMs: number;
  pauseMs: number;
  /** The server's clock (ms since the epoch); tests step it by hand. */
  now: () => number;
}

const amountProblem = (message: string) =>
  new AppError('request_param_err', `Invalid body: amount (${message})`, [
    { path: 'amount', code: 'invalid', message },
  ]);

/** The kernel round holding one merchant's bets of a crash round. */
export const kernelRoundId = (round: number, merchantCode: string) =>
  `crash-${round}-${merchantCode}`;

/**
 * Crash for players: the live state, bets (into the round taking bets; while one runs, into the
 * next), cash-outs at the server's multiplier when the request arrives, and each player's bets.
 * The rounds themselves are driven by `CrashRunner`.
 */
export class CrashService {
  constructor(
    readonly db: Db,
    readonly deps: {
      play: PlayKernel;
      identity: Pick<IdentityService, 'usernames'>;
      wallet: Pick<WalletService, 'cashBalance'>;
      originals: Pick<OriginalsService, 'merchant' | 'catalogGame'>;
      feed: CrashFeed;
      options: CrashOptions;
    },
  ) {
    this.purse = new DemoPurse(db, crashGame, () => this.now);
  }

  /** Free play's sessions. */
  readonly purse: DemoPurse;

  get now(): number {
    return this.deps.options.now();
  }

  async state(merchantCode: string | undefined): Promise<CrashState> {
    const merchant = await this.deps.originals.merchant(merchantCode);
    const { maintenance } = await this.deps.originals.catalogGame(merchant.merchantCode, {
      gameCode: crashGameCode,
    });
    const limits = await limitsOf(this.db, merchant, crashGame);
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    return {
      ...(await this.feedState()),
      currency: merchant.currency,
      minBet: dec(limits.minBet),
      maxBet: dec(limits.maxBet),
      maxProfit: dec(limits.maxProfit),
      maintenance,
    };
  }

  /** The state every watcher shares (the feed's first message). */
  async feedState(): Promise<
    Omit<CrashState, 'currency' | 'minBet' | 'maxBet' | 'maxProfit' | 'maintenance'>
  > {
    const chain = await activeChain(this.db, this.deps.options);
    const live = await this.liveRound(this.db);
    const bets = live
      ? await this.db
          .select()
          .from(crashBets)
          .where(eq(crashBets.round, live.number))
          .orderBy(desc(crashBets.stake), asc(crashBets.createdAt))
          .limit(200)
      : [];
    return {
      engine: CRASH_ENGINE_ID,
      rtp: crashRtpText,
      ...saltWire(chain),
      terminatingHash: chain.terminatingHash,
      chainLength: chain.length,
      live: this.liveWire(live),
      bets: bets.map(betWire),
      history: await this.history(20),
    };
  }

  /** The last crashed rounds, newest first, each with its chain's terminating hash. */
  async history(limit: number) {
    const rows = await this.db
      .select({
        round: crashRounds,
        terminatingHash: crashChains.terminatingHash,
        salt: crashChains.salt,
        saltSandbox: crashChains.saltSandbox,
      })
      .from(crashRounds)
      .innerJoin(crashChains, eq(crashChains.id, crashRounds.chainId))
      .where(eq(crashRounds.status, 'crashed'))
      .orderBy(desc(crashRounds.number))
      .limit(limit);
    return rows.map((r) => roundWire(r.round, r));
  }

  /** The round in play: the running one, else the one taking bets (null before the first). */
  async liveRound(db: Db | Tx) {
    const [row] = await db
      .select()
      .from(crashRounds)
      .where(ne(crashRounds.status, 'crashed'))
      .orderBy(asc(crashRounds.number))
      .limit(1);
    return row ?? null;
  }

  liveWire(live: typeof crashRounds.$inferSelect | null): CrashState['live'] {
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      round: live?.number ?? 1,
      phase: !live
        ? 'waiting'
        : live.status === 'running'
          ? 'running'
          : live.bettingEndsAt
            ? 'betting'
            : 'waiting',
      bettingEndsAt: iso(live?.bettingEndsAt ?? null),
      startedAt: iso(live?.startedAt ?? null),
      serverNow: new Date(this.now).toISOString(),
    };
  }

  private async merchantOf(bettor: Bettor): Promise<MerchantInfo> {
    const merchant = await this.deps.originals.merchant(bettorMerchant(bettor));
    const { maintenance } = await this.deps.originals.catalogGame(merchant.merchantCode, {
      gameCode: crashGameCode,
    });
    if (maintenance) throw new AppError('game_maintenance');
    return merchant;
  }

  async bet(bettor: Bettor, body: CrashBetBody): Promise<CrashBetAnswer> {
    if (bettor.kind === 'demo') requireSession(body.session);
    const merchant = await this.merchantOf(bettor);
    const scale = bettor.kind === 'demo' ? demoScale : merchant.currencyScale;
    const stake = stakeOf(body.amount, scale);
    const player = bettorId(bettor);
    const repeat = await this.byRequest(this.db, player, body.requestId);
    if (repeat) return this.answer(repeat, bettor, merchant, null);
    let asked: bigint | null = null;
    if (body.autoCashout !== undefined) {
      asked = hundredthsOf(body.autoCashout);
      if (asked < 101n)
        throw new AppError('request_param_err', 'Invalid body: autoCashout', [
          { path: 'autoCashout', code: 'invalid', message: 'at least 1.01' },
        ]);
    }
    const limits = await limitsOf(this.db, merchant, crashGame);
    const dec = (v: bigint) => minorToDecimal(v, scale);
    if (stake < limits.minBet) throw amountProblem(`the smallest bet is ${dec(limits.minBet)}`);
    if (stake > limits.maxBet) throw amountProblem(`the largest bet is ${dec(limits.maxBet)}`);
    // The max profit caps every bet: it cashes out by itself where its profit would pass it.
    const cap = ((stake + limits.maxProfit) * 100n) / stake;
    if (cap < 101n)
      throw amountProblem(`a bet may win at most ${dec(limits.maxProfit)} above its stake`);
    const auto = asked === null || asked > cap ? cap : asked;
    const name = await bettorName(this.deps.identity, bettor);
    const placed = await this.db.transaction(async (tx) => {
      const round = await this.openRound(tx);
      const again = await this.byRequest(tx, player, body.requestId);
      if (again) return { row: again, balance: null };
      const [already] = await tx
        .select({ id: crashBets.id })
        .from(crashBets)
        .where(and(eq(crashBets.round, round.number), eq(crashBets.player, player)));
      if (already) throw new AppError('conflict', 'You have a bet in this round already');
      const id = randomUUID();
      let balance: bigint;
      let kernelRound: string | null = null;
      if (bettor.kind === 'member') {
        const { game } = await this.deps.originals.catalogGame(merchant.merchantCode, {
          gameCode: crashGameCode,
        });
        kernelRound = kernelRoundId(round.number, merchant.merchantCode);
        await this.deps.play.openSharedRound(tx, {
          id: kernelRound,
          merchantCode: merchant.merchantCode,
          gameId: game.id,
          gameCode: game.gameCode,
          gameType: game.gameType,
          vendorCode: originalsVendor,
          engine: CRASH_ENGINE_ID,
          state: { shared: true, game: crashGame, round: round.number },
          // Recovery voids the round (every stake back) should no runner crash it in an hour.
          recoverAfter: new Date(this.now + 3_600_000),
        });
        const held = await this.deps.play.placeMany(tx, {
          bets: [
            {
              id,
              roundId: kernelRound,
              merchantCode: merchant.merchantCode,
              currency: merchant.currency,
              player,
              stake,
              key: `crash:${round.number}:${player}:bet`,
              actor: `game:${crashGameCode}`,
              detail: { round: round.number, autoCashout: crashText(auto) },
            },
          ],
        });
        balance = held.cashAfter.get(player)!;
      } else {
        balance = await this.purse.take(tx, bettor.session, stake);
      }
      const [row] = await tx
        .insert(crashBets)
        .values({
          id,
          round: round.number,
          merchantCode: merchant.merchantCode,
          player,
          demo: bettor.kind === 'demo',
          name,
          currency: bettor.kind === 'demo' ? 'DEMO' : merchant.currency,
          scale,
          requestId: body.requestId,
          stake,
          autoCashout: auto,
          kernelRoundId: kernelRound,
        })
        .returning();
      return { row: row!, balance, queued: round.bettingEndsAt === null };
    });
    if (placed.balance !== null) this.deps.feed.publish({ type: 'bet', ...betWire(placed.row) });
    return this.answer(placed.row, bettor, merchant, placed.balance);
  }

  /** The round taking bets, share-locked so the runner starts it only once these bets are in. */
  private async openRound(tx: Tx) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [round] = await tx
        .select()
        .from(crashRounds)
        .where(eq(crashRounds.status, 'open'))
        .orderBy(asc(crashRounds.number))
        .limit(1)
        .for('share');
      if (round) return round;
    }
    throw new AppError('conflict', 'No round takes bets yet');
  }

  private async byRequest(db: Db | Tx, player: string, requestId: string) {
    const [row] = await db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.player, player), eq(crashBets.requestId, requestId)));
    return row ?? null;
  }

  private async answer(
    row: CrashBetRow,
    bettor: Bettor,
    merchant: MerchantInfo,
    balance: bigint | null,
  ): Promise<CrashBetAnswer> {
    const [round] = await this.db
      .select({ status: crashRounds.status, bettingEndsAt: crashRounds.bettingEndsAt })
      .from(crashRounds)
      .where(eq(crashRounds.number, row.round));
    const cash = balance ?? (await this.balanceOf(bettor, merchant));
    return {
      ...betWire(row),
      queued: round?.status === 'open' && round.bettingEndsAt === null,
      balance: minorToDecimal(cash, row.scale),
    };
  }

  private async balanceOf(bettor: Bettor, merchant: MerchantInfo): Promise<bigint> {
    if (bettor.kind === 'demo')
      return (await this.purse.cash(this.db, bettor.session, { live: false })) ?? 0n;
    return this.deps.wallet.cashBalance(
      { merchantCode: merchant.merchantCode, currency: merchant.currency },
      bettor.member.accountId,
    );
  }

  /**
   * Cashes out the player's bet in the running round at the multiplier of the server's clock
   * now; refused once the round has crashed. A bet whose auto cash-out has been reached is
   * cashed out there already; a repeat answers the same.
   */
  async cashout(bettor: Bettor, body: CrashCashoutBody) {
    void body;
    const player = bettorId(bettor);
    const now = this.now;
    const result = await this.db.transaction(async (tx) => {
      const [round] = await tx
        .select()
        .from(crashRounds)
        .where(eq(crashRounds.status, 'running'))
        .for('share');
      if (!round) throw new AppError('conflict', 'No round is running');
      const [bet] = await tx
        .select()
        .from(crashBets)
        .where(and(eq(crashBets.round, round.number), eq(crashBets.player, player)))
        .for('update');
      if (!bet) throw new AppError('not_found', 'No bet of yours in this round');
      if (bet.cashout !== null) return { row: bet, fresh: false };
      if (now >= round.crashAt!.getTime()) throw new AppError('conflict', 'The round has crashed');
      const at = BigInt(multiplierAt(now - round.startedAt!.getTime()));
      const cashout = bet.autoCashout !== null && bet.autoCashout <= at ? bet.autoCashout : at;
      const [row] = await tx
        .update(crashBets)
        .set({ cashout, payout: cashoutPayout(bet.stake, cashout) })
        .where(eq(crashBets.id, bet.id))
        .returning();
      return { row: row!, fresh: true };
    });
    if (result.fresh) this.deps.feed.publish({ type: 'cashout', ...betWire(result.row) });
    return betWire(result.row);
  }

  /** A member's last 20 crash bets with their rounds' crash points. */
  async mine(member: Member): Promise<CrashMyBets> {
    const rows = await this.db
      .select({ bet: crashBets, round: crashRounds })
      .from(crashBets)
      .innerJoin(crashRounds, eq(crashRounds.number, crashBets.round))
      .where(and(eq(crashBets.player, member.accountId), eq(crashBets.demo, false)))
      .orderBy(desc(crashBets.round))
      .limit(20);
    return {
      list: rows.map(({ bet, round }) => ({
        ...betWire(bet),
        crashPoint: round.status === 'crashed' ? crashText(round.crashPoint) : null,
        at: bet.createdAt.toISOString(),
      })),
    };
  }

  /** A demo session's play money now (its stakes taken, its crashed rounds paid). */
  demoBalance(session: string): Promise<DemoSession> {
    return this.purse.balance(session);
  }

  /** Opens a demo session for crash: 2,000.00 DEMO for two hours (the originals' table). */
  async openDemo(merchantCode: string | undefined): Promise<DemoSession> {
    const merchant = await this.deps.originals.merchant(merchantCode);
    const { game } = await this.deps.originals.catalogGame(merchant.merchantCode, {
      gameCode: crashGameCode,
    });
    return this.purse.open(game);
  }
}
