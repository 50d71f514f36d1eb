import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  colorGameColours,
  minorToDecimal,
  originalGames,
  type ColorBetAnswer,
  type ColorBetBody,
  type ColorHot,
  type ColorLive,
  type ColorMyBets,
  type ColorState,
  type MerchantInfo,
} from '@taya/contracts';
import { COLOR_GAME_ENGINE_ID, settleColourGame, type ColourBet } from '@taya/games';
import type { Db, Tx } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import type { IdentityService } from '../../identity';
import type { WalletService } from '../../wallet';
import type { PlayKernel } from '../../play';
import { bettorId, bettorMerchant, bettorName, requireSession, type Bettor } from '../bettor';
import { DemoPurse, demoScale, type DemoSession } from '../demo-purse';
import { limitsOf } from '../limits';
import { originalsVendor, stakeOf, type Member, type OriginalsService } from '../service';
import type { ColorFeed } from './feed';
import { colorBets, colorRounds } from './schema';
import { betWire, roundWire, type ColorBetRow, type ColorRoundRow } from './wire';

/** The short name of its limits row and demo sessions. */
export const colorGame = 'color-game';
export const colorGameCode = originalGames['color-game'];
/** The exact return of every Colour Game bet (GAMES.md: a house edge of 17/216, 7.87 %). */
export const colorRtpText = '92.13';

export interface ColorOptions {
  /** How long a round takes bets, how long its dice roll, how long the result shows. */
  bettingMs: number;
  rollingMs: number;
  resultMs: number;
  /** The server's clock (ms since the epoch); tests step it by hand. */
  now: () => number;
}

const stakeProblem = (index: number, message: string) =>
  new AppError('request_param_err', `Invalid body: stakes.${index}.amount (${message})`, [
    { path: `stakes.${index}.amount`, code: 'invalid', message },
  ]);

/** The kernel round holding one merchant's bets of a Colour Game round. */
export const kernelRoundId = (round: number, merchantCode: string) =>
  `color-${round}-${merchantCode}`;

/** What a set of colour stakes pays at most over the 216 throws (stakes included). */
export function bestPayout(stakes: readonly ColourBet[]): bigint {
  let best = 0n;
  for (const a of colorGameColours)
    for (const b of colorGameColours)
      for (const c of colorGameColours) {
        const paid = settleColourGame(stakes, { dice: [a, b, c] }).reduce(
          (sum, s) => sum + s.payout,
          0n,
        );
        if (paid > best) best = paid;
      }
  return best;
}

/**
 * The Colour Game for players: the live state, bets into the round taking bets (refused once its
 * timer has run out), each player's bets and free play. The rounds are driven by `ColorRunner`.
 */
export class ColorService {
  constructor(
    readonly db: Db,
    readonly deps: {
      play: PlayKernel;
      identity: Pick<IdentityService, 'usernames'>;
      wallet: Pick<WalletService, 'cashBalance'>;
      originals: Pick<OriginalsService, 'merchant' | 'catalogGame'>;
      feed: ColorFeed;
      options: ColorOptions;
    },
  ) {
    this.purse = new DemoPurse(db, colorGame, () => this.now);
  }

  /** Free play's sessions. */
  readonly purse: DemoPurse;

  get now(): number {
    return this.deps.options.now();
  }

  async state(merchantCode: string | undefined): Promise<ColorState> {
    const merchant = await this.deps.originals.merchant(merchantCode);
    const { maintenance } = await this.deps.originals.catalogGame(merchant.merchantCode, {
      gameCode: colorGameCode,
    });
    const limits = await limitsOf(this.db, merchant, colorGame);
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
    Omit<ColorState, 'currency' | 'minBet' | 'maxBet' | 'maxProfit' | 'maintenance'>
  > {
    const live = await this.liveRound(this.db);
    const bets = live
      ? await this.db
          .select()
          .from(colorBets)
          .where(eq(colorBets.round, live.number))
          .orderBy(desc(colorBets.stake), asc(colorBets.createdAt))
          .limit(200)
      : [];
    const { bettingMs, rollingMs } = this.deps.options;
    return {
      engine: COLOR_GAME_ENGINE_ID,
      rtp: colorRtpText,
      bettingMs,
      rollingMs,
      live: this.liveWire(live),
      bets: bets.map(betWire),
      history: await this.history(20),
      hot: await this.hot(),
    };
  }

  /** The last rolled rounds, newest first. */
  async history(limit: number) {
    const rows = await this.db
      .select()
      .from(colorRounds)
      .where(eq(colorRounds.status, 'rolled'))
      .orderBy(desc(colorRounds.number))
      .limit(limit);
    return rows.map(roundWire);
  }

  /** How often each colour showed on the dice of the last 100 rolled rounds. */
  async hot(): Promise<ColorHot> {
    const rows = await this.db
      .select({ dice: colorRounds.dice })
      .from(colorRounds)
      .where(eq(colorRounds.status, 'rolled'))
      .orderBy(desc(colorRounds.number))
      .limit(100);
    const counts = Object.fromEntries(colorGameColours.map((c) => [c, 0])) as ColorHot['counts'];
    for (const row of rows) for (const die of row.dice ?? []) counts[die as keyof typeof counts]++;
    return { rounds: rows.length, counts };
  }

  /** The newest round (null before the first). */
  async liveRound(db: Db | Tx): Promise<ColorRoundRow | null> {
    const [row] = await db.select().from(colorRounds).orderBy(desc(colorRounds.number)).limit(1);
    return row ?? null;
  }

  liveWire(live: ColorRoundRow | null): ColorLive {
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const now = this.now;
    const rollingEndsAt = live?.rolledAt
      ? new Date(live.rolledAt.getTime() + this.deps.options.rollingMs)
      : null;
    return {
      round: live?.number ?? 1,
      phase: !live
        ? 'waiting'
        : live.status === 'betting'
          ? 'betting'
          : rollingEndsAt && now < rollingEndsAt.getTime()
            ? 'rolling'
            : 'result',
      serverSeedHash: live?.seedHash ?? null,
      bettingEndsAt: iso(live?.bettingEndsAt ?? null),
      rollingEndsAt: iso(rollingEndsAt),
      nextAt: iso(live?.nextAt ?? null),
      result: live?.status === 'rolled' ? roundWire(live) : null,
      serverNow: new Date(now).toISOString(),
    };
  }

  private async merchantOf(bettor: Bettor): Promise<MerchantInfo> {
    const merchant = await this.deps.originals.merchant(bettorMerchant(bettor));
    const { maintenance } = await this.deps.originals.catalogGame(merchant.merchantCode, {
      gameCode: colorGameCode,
    });
    if (maintenance) throw new AppError('game_maintenance');
    return merchant;
  }

  /**
   * A bet of one or more colours, each with its stake (between the min and max bet; the best
   * throw may win at most the max profit above the stakes), into the round taking bets: held
   * through the kernel as ONE kernel bet of the stakes' sum. A repeat of a request id answers
   * the same bet.
   */
  async bet(bettor: Bettor, body: ColorBetBody): Promise<ColorBetAnswer> {
    if (bettor.kind === 'demo') requireSession(body.session);
    const merchant = await this.merchantOf(bettor);
    const scale = bettor.kind === 'demo' ? demoScale : merchant.currencyScale;
    const player = bettorId(bettor);
    const repeat = await this.byRequest(this.db, player, body.requestId);
    if (repeat) return this.answer(repeat, bettor, merchant, null);
    const limits = await limitsOf(this.db, merchant, colorGame);
    const dec = (v: bigint) => minorToDecimal(v, scale);
    const stakes: ColourBet[] = body.stakes.map((s, i) => {
      let amount: bigint;
      try {
        amount = stakeOf(s.amount, scale);
      } catch {
        throw stakeProblem(i, 'an amount above zero');
      }
      if (amount < limits.minBet)
        throw stakeProblem(i, `the smallest bet is ${dec(limits.minBet)}`);
      if (amount > limits.maxBet) throw stakeProblem(i, `the largest bet is ${dec(limits.maxBet)}`);
      return { colour: s.colour, amount };
    });
    const stake = stakes.reduce((sum, s) => sum + s.amount, 0n);
    if (bestPayout(stakes) - stake > limits.maxProfit)
      throw stakeProblem(0, `a bet may win at most ${dec(limits.maxProfit)} above its stakes`);
    const name = await bettorName(this.deps.identity, bettor);
    const now = this.now;
    const placed = await this.db.transaction(async (tx) => {
      const round = await this.openRound(tx, now);
      const again = await this.byRequest(tx, player, body.requestId);
      if (again) return { row: again, balance: null };
      const id = randomUUID();
      let balance: bigint;
      let kernelRound: string | null = null;
      const detail = Object.fromEntries(stakes.map((s) => [s.colour, s.amount.toString()]));
      if (bettor.kind === 'member') {
        const { game } = await this.deps.originals.catalogGame(merchant.merchantCode, {
          gameCode: colorGameCode,
        });
        kernelRound = kernelRoundId(round.number, merchant.merchantCode);
        await this.deps.play.openSharedRound(tx, {
          id: kernelRound,
          merchantCode: merchant.merchantCode,
          gameId: game.id,
          gameCode: game.gameCode,
          gameType: game.gameType,
          vendorCode: originalsVendor,
          engine: COLOR_GAME_ENGINE_ID,
          state: { shared: true, game: colorGame, round: round.number },
          seedCommitment: round.seedHash,
          // Recovery voids the round (every stake back) should no runner roll it in an hour.
          recoverAfter: new Date(now + 3_600_000),
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
              key: `color:${round.number}:${player}:${body.requestId}`,
              actor: `game:${colorGameCode}`,
              detail: { round: round.number, stakes: detail },
            },
          ],
        });
        balance = held.cashAfter.get(player)!;
      } else {
        balance = await this.purse.take(tx, bettor.session, stake);
      }
      const [row] = await tx
        .insert(colorBets)
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
          stakes: detail,
          stake,
          kernelRoundId: kernelRound,
        })
        .returning();
      return { row: row!, balance };
    });
    if (placed.balance !== null) this.deps.feed.publish({ type: 'bet', ...betWire(placed.row) });
    return this.answer(placed.row, bettor, merchant, placed.balance);
  }

  /** The round taking bets, share-locked so the runner rolls it only once these bets are in. */
  private async openRound(tx: Tx, now: number) {
    const [round] = await tx
      .select()
      .from(colorRounds)
      .where(eq(colorRounds.status, 'betting'))
      .orderBy(asc(colorRounds.number))
      .limit(1)
      .for('share');
    if (!round || now >= round.bettingEndsAt.getTime())
      throw new AppError('conflict', 'Betting is closed; wait for the next round');
    return round;
  }

  private async byRequest(db: Db | Tx, player: string, requestId: string) {
    const [row] = await db
      .select()
      .from(colorBets)
      .where(and(eq(colorBets.player, player), eq(colorBets.requestId, requestId)));
    return row ?? null;
  }

  private async answer(
    row: ColorBetRow,
    bettor: Bettor,
    merchant: MerchantInfo,
    balance: bigint | null,
  ): Promise<ColorBetAnswer> {
    const cash = balance ?? (await this.balanceOf(bettor, merchant));
    return { ...betWire(row), balance: minorToDecimal(cash, row.scale) };
  }

  private async balanceOf(bettor: Bettor, merchant: MerchantInfo): Promise<bigint> {
    if (bettor.kind === 'demo')
      return (await this.purse.cash(this.db, bettor.session, { live: false })) ?? 0n;
    return this.deps.wallet.cashBalance(
      { merchantCode: merchant.merchantCode, currency: merchant.currency },
      bettor.member.accountId,
    );
  }

  /** A member's last 20 Colour Game bets with their rounds' dice. */
  async mine(member: Member): Promise<ColorMyBets> {
    const rows = await this.db
      .select({ bet: colorBets, round: colorRounds })
      .from(colorBets)
      .innerJoin(colorRounds, eq(colorRounds.number, colorBets.round))
      .where(and(eq(colorBets.player, member.accountId), eq(colorBets.demo, false)))
      .orderBy(desc(colorBets.round), desc(colorBets.createdAt))
      .limit(20);
    return {
      list: rows.map(({ bet, round }) => ({
        ...betWire(bet),
        dice:
          round.status === 'rolled' ? (round.dice as ColorMyBets['list'][number]['dice']) : null,
        at: bet.createdAt.toISOString(),
      })),
    };
  }

  /** A demo session's play money now (its stakes taken, its rolled rounds paid). */
  demoBalance(session: string): Promise<DemoSession> {
    return this.purse.balance(session);
  }

  /** Opens a demo session: 2,000.00 DEMO for two hours (the originals' table). */
  async openDemo(merchantCode: string | undefined): Promise<DemoSession> {
    const merchant = await this.deps.originals.merchant(merchantCode);
    const { game } = await this.deps.originals.catalogGame(merchant.merchantCode, {
      gameCode: colorGameCode,
    });
    return this.purse.open(game);
  }
}
