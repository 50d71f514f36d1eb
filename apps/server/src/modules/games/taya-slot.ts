import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import { minorToDecimal, parseAmount, type MerchantInfo } from '@taya/contracts';
import {
  fairRng,
  newServerSeed,
  seedCommitment,
  slotEngine,
  tayaFortune,
  type SlotDefinition,
  type SpinOutcome,
} from '@taya/games';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { JackpotService } from '../jackpot';
import type { PlayKernel } from '../play';
import type { SeamlessWallet } from './seamless';
import type { games } from './schema';
import { tayaDemoSessions } from './schema';

/** The in-house vendor's code; it speaks the seamless protocol like any other vendor. */
export const tayaVendorCode = 'TAYA';

const slots: Record<string, SlotDefinition> = { [tayaFortune.code]: tayaFortune };

/** Play money a demo session starts with (minor units). */
export const demoStartingBalance = 2_000_00n;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Total bets offered, in minor units; each divides by the 20 lines. */
export const betOptions = [100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n];

const engines = new Map<string, ReturnType<typeof slotEngine>>();

/** The engine of a slot (the one the browser's verifier runs too). */
function engineOf(def: SlotDefinition) {
  let engine = engines.get(def.code);
  if (!engine) {
    engine = slotEngine(def, betOptions);
    engines.set(def.code, engine);
  }
  return engine;
}

/** What a player sees of a spin's outcome. */
function outcomeView(outcome: SpinOutcome) {
  return {
    stops: outcome.stops,
    grid: outcome.grid,
    lineWins: outcome.lineWins,
    scatterCount: outcome.scatterCount,
    scatterMultiple: outcome.scatterMultiple,
  };
}

/**
 * The round id of a spin the game page names (`requestId`): a UUID (version 8) from the player
 * and the name, so the same press retried is the same round and another player's is not.
 */
export function spinRoundId(accountId: string, requestId: string): string {
  const h = createHash('sha256')
    .update(`taya-spin\u0000${accountId}\u0000${requestId}`)
    .digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** What the slot server needs of other modules, in process. */
export interface TayaSlotDeps {
  db: Db;
  /** The vendor-facing sessions: a launch token becomes a session naming the player. */
  sessions: Pick<SeamlessWallet, 'authenticate' | 'playerSession' | 'balance'>;
  play: PlayKernel;
  merchant: (merchantCode: string) => Promise<MerchantInfo>;
  /** The catalog entry of a game id, for its type and maintenance. */
  game: (merchantCode: string, gameId: string) => Promise<typeof games.$inferSelect | undefined>;
  jackpot?: Pick<JackpotService, 'poolsFor' | 'contribute' | 'recordHits' | 'pay'>;
  /** The jackpot a round's bet hit and was paid, if any (the platform's pools). */
  jackpotOf?: (
    roundId: string,
    playerId: string,
    language?: string,
  ) => Promise<{ poolId: string; name: string; amount: string } | null>;
}

/**
 * The in-house vendor's slot server. A spin draws its outcome with the fairness kit (a fresh
 * server seed, committed and revealed, a client seed and the engine shared with the browser's
 * verifier), then holds the stake and settles it through the wagering kernel in ONE database
 * transaction: a spin is whole or absent, never a debit without its round.
 */
export class TayaSlotServer {
  constructor(private readonly deps: TayaSlotDeps) {}

  private definition(gameCode: string): SlotDefinition {
    const def = Object.hasOwn(slots, gameCode) ? slots[gameCode] : undefined;
    if (!def) throw new AppError('not_found', 'No such game');
    return def;
  }

  /** Opens a game for a launch token: the session names the player and the balance. */
  async open(launchToken: string) {
    const auth = await this.deps.sessions.authenticate(tayaVendorCode, launchToken);
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
    const def = this.definition(gameCode);
    const bet = parseAmount(betText, 2);
    const refusal =
      bet === null
        ? 'Choose one of the offered bets'
        : engineOf(def).validateBet({ betId: '', amount: bet }, { spun: false, outcome: null });
    if (bet === null || refusal) {
      throw new AppError('request_param_err', 'Choose one of the offered bets', [
        { path: 'bet', code: 'invalid', message: 'Choose one of the offered bets' },
      ]);
    }
    return { def, bet };
  }

  /**
   * Draws one spin with the fairness kit: the same engine for real and demo play (the same odds),
   * and the seeds that let anyone replay it.
   */
  drawFor(def: SlotDefinition, bet: bigint, betId = 'demo') {
    const engine = engineOf(def);
    const serverSeed = newServerSeed();
    const clientSeed = randomBytes(8).toString('hex');
    const { state, settlements } = engine.step(
      engine.open(),
      { type: 'spin', bet: { betId, amount: bet } },
      fairRng(serverSeed, clientSeed, 0),
    );
    return {
      engine: engine.id,
      outcome: state.outcome!,
      payout: settlements[0]!.payout,
      serverSeed,
      clientSeed,
    };
  }

  async spin(input: {
    session: string;
    playerId: string;
    gameCode: string;
    bet: string;
    language?: string;
    requestId?: string;
  }) {
    const { def, bet } = this.prepare(input.gameCode, input.bet);
    const session = await this.deps.sessions.playerSession(tayaVendorCode, input.session);
    if (session.accountId !== input.playerId)
      throw new AppError('forbidden', 'Session of another player');
    // A press of Spin the page names: its round's id follows from the player and that name, so
    // a retry stops at the round's key (or waits there for a first try still running) and is
    // answered with the spin made. Nothing is read first: a spin's path is its writes alone.
    const roundId = input.requestId
      ? spinRoundId(session.accountId, input.requestId)
      : randomUUID();
    try {
      return await this.play(input, def, bet, session, roundId);
    } catch (error) {
      if (!input.requestId) throw error;
      // A retry refused before its round's key (the game gone to maintenance since, the money
      // spent since) still gets the spin it made, if it made one.
      const made = await this.replay(roundId, input, session.accountId, bet);
      if (!made) throw error;
      return made;
    }
  }

  /** The answer of a spin already made under this round id, or null when there is none. */
  private async replay(
    roundId: string,
    input: { session: string; gameCode: string; language?: string },
    accountId: string,
    bet: bigint,
  ) {
    const found = await this.deps.play.transaction(async (tx) => {
      if ((await this.deps.play.roundStatus(tx, roundId)) === null) return null;
      return this.deps.play.lockRoundWithBets(tx, roundId);
    });
    if (!found) return null;
    const { round, bets } = found;
    const mine = bets[0];
    if (
      round.gameCode !== input.gameCode ||
      round.status !== 'settled' ||
      !mine ||
      mine.accountId !== accountId ||
      mine.stake !== bet
    )
      throw new AppError('idempotency_conflict', 'This request id was used for another spin');
    const state = round.state as ReturnType<typeof outcomeView> & { payout: string };
    const wallet = await this.deps.sessions.balance(tayaVendorCode, input.session);
    return {
      roundId,
      bet: minorToDecimal(bet, 2),
      payout: minorToDecimal(BigInt(state.payout), 2),
      stops: state.stops,
      grid: state.grid,
      lineWins: state.lineWins,
      scatterCount: state.scatterCount,
      scatterMultiple: state.scatterMultiple,
      balance: wallet.balance,
      currency: wallet.currency,
      jackpot: this.deps.jackpotOf
        ? await this.deps.jackpotOf(roundId, accountId, input.language)
        : null,
    };
  }

  private async play(
    input: { session: string; gameCode: string; language?: string },
    def: SlotDefinition,
    bet: bigint,
    session: Awaited<ReturnType<TayaSlotDeps['sessions']['playerSession']>>,
    roundId: string,
  ) {
    const [merchant, game] = await Promise.all([
      this.deps.merchant(session.merchantCode),
      this.deps.game(session.merchantCode, session.gameId),
    ]);
    if (!game || game.gameCode !== def.code) throw new AppError('not_found', 'No such game');
    if (game.maintenance) throw new AppError('game_maintenance');
    const betId = randomUUID();
    const draw = this.drawFor(def, bet, betId);
    const { jackpot, play } = this.deps;
    const pools = jackpot ? await jackpot.poolsFor(merchant, tayaVendorCode) : [];
    // What the stake gives the jackpot pools (from the house's share) and the pools it hits.
    const fed = pools.length
      ? await jackpot!.contribute(this.deps.db, pools, { playerId: session.accountId, stake: bet })
      : null;
    let hits: string[] = [];
    // The round, its hold and its settle, with other players' spins of these few milliseconds
    // in one statement of one transaction (the kernel's group commit).
    const { cashAfter: cash } = await play.playInstant({
      round: {
        id: roundId,
        merchantCode: merchant.merchantCode,
        gameId: game.id,
        gameCode: def.code,
        gameType: game.gameType,
        vendorCode: tayaVendorCode,
        engine: draw.engine,
        seedCommitment: seedCommitment(draw.serverSeed),
      },
      currency: merchant.currency,
      bet: {
        id: betId,
        player: session.accountId,
        stake: bet,
        payout: draw.payout,
        detail: { lines: def.lines.length },
      },
      keys: { hold: `taya:${roundId}:bet`, settle: `taya:${roundId}:settle:${betId}` },
      actor: `game:${def.code}`,
      state: { ...outcomeView(draw.outcome), payout: draw.payout.toString() },
      serverSeed: draw.serverSeed,
      clientSeed: draw.clientSeed,
      extra: fed?.postings.length ? fed.postings : undefined,
      session: { vendorCode: tayaVendorCode, tokenHash: digest(input.session) },
      within: fed?.hits.length
        ? async (tx) => {
            hits = await jackpot!.recordHits(
              tx,
              {
                merchantCode: merchant.merchantCode,
                accountId: session.accountId,
                vendorCode: tayaVendorCode,
                roundId,
                betTxId: `${roundId}:bet`,
                stake: bet,
              },
              fed.hits,
            );
          }
        : undefined,
    });
    // A hit is paid in a transaction of its own once the spin is safe (the jackpot's job pays it
    // should this process stop first); the answer's balance includes what it paid.
    let jackpotPaid = 0n;
    for (const hit of hits) jackpotPaid += (await jackpot!.pay(hit)) ?? 0n;
    const won =
      hits.length && this.deps.jackpotOf
        ? await this.deps.jackpotOf(roundId, session.accountId, input.language)
        : null;
    return {
      roundId,
      bet: minorToDecimal(bet, 2),
      payout: minorToDecimal(draw.payout, 2),
      ...outcomeView(draw.outcome),
      balance: minorToDecimal(cash + jackpotPaid, merchant.currencyScale),
      currency: merchant.currency,
      jackpot: won,
    };
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
