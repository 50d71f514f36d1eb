import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  bingoMaxCards,
  minorToDecimal,
  originalGames,
  type BingoBuyAnswer,
  type BingoBuyBody,
  type BingoCard,
  type BingoLive,
  type BingoMine,
  type BingoResult,
  type BingoState,
  type BingoWin,
  type MerchantInfo,
  type OriginalSeeds,
} from '@taya/contracts';
import {
  BINGO_CALLS,
  BINGO_ENGINE_ID,
  BINGO_MAX_MULTIPLIER,
  BINGO_PATTERNS,
  BINGO_PRIZES,
  BINGO_RTP_TEXT,
  bingoGameClientSeed,
  drawCard,
  fairRng,
  multiplierText,
  newServerSeed,
  seedCommitment,
} from '@taya/games';
import type { Db, Tx } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import type { IdentityService } from '../../identity';
import type { WalletService } from '../../wallet';
import type { PlayKernel } from '../../play';
import { bettorId, bettorMerchant, bettorName, requireSession, type Bettor } from '../bettor';
import { DemoPurse, demoScale, type DemoSession } from '../demo-purse';
import { limitsOf } from '../limits';
import { lockActivePair, rotatePair, seedsView, takeNonce } from '../pairs';
import {
  checkLimits,
  originalsVendor,
  stakeOf,
  type Member,
  type OriginalsService,
} from '../service';
import type { BingoFeed } from './feed';
import { bingoCards, bingoGames } from './schema';

export const bingoGame = 'bingo';
export const bingoGameCode = originalGames.bingo;
/** The language a merchant must offer for bingo (SPEC §1: bingo only where TY is supported). */
export const bingoLanguage = 'TY';

export interface BingoOptions {
  /** How long a game sells cards after the one before has called its balls. */
  buyMs: number;
  /** Time between two called balls. */
  callMs: number;
  /** The server's clock (ms since the epoch); tests step it by hand. */
  now: () => number;
}

export type BingoCardRow = typeof bingoCards.$inferSelect;
export type BingoGameRow = typeof bingoGames.$inferSelect;

/** The kernel round holding one merchant's cards of a bingo game. */
export const bingoKernelRoundId = (game: number, merchantCode: string) =>
  `bingo-${game}-${merchantCode}`;

/** The balls a calling game has called by `now` (one at its start, then one every `callMs`). */
export function calledBy(game: BingoGameRow, now: number): number[] {
  if (game.status === 'done') return game.balls.slice(0, BINGO_CALLS);
  if (game.status !== 'calling' || !game.startedAt) return [];
  const count = Math.floor((now - game.startedAt.getTime()) / game.callMs) + 1;
  return game.balls.slice(0, Math.max(0, Math.min(BINGO_CALLS, count)));
}

export function cardWire(card: BingoCardRow, gameDone: boolean): BingoCard {
  const dec = (v: bigint) => minorToDecimal(v, card.scale);
  return {
    cardId: card.id,
    game: card.game,
    player: card.name,
    numbers: card.numbers,
    amount: dec(card.stake),
    currency: card.currency,
    serverSeedHash: card.serverSeedHash,
    serverSeed: gameDone ? card.serverSeed : null,
    clientSeed: card.clientSeed,
    nonce: card.nonce,
    pattern: (card.pattern as BingoCard['pattern']) ?? null,
    payout: card.payout === null ? null : dec(card.payout),
  };
}

export function winWire(card: BingoCardRow): BingoWin {
  const dec = (v: bigint) => minorToDecimal(v, card.scale);
  return {
    game: card.game,
    player: card.name,
    pattern: card.pattern as BingoWin['pattern'],
    amount: dec(card.stake),
    payout: dec(card.payout ?? 0n),
    currency: card.currency,
  };
}

/**
 * Bingo for players: the live games, card purchases (into the game selling cards), each player's
 * cards and free play. The games themselves are driven by `BingoRunner`. Offered only to
 * merchants whose languages include Tagalog (TY); elsewhere every call is a 404, as for a game
 * not in the catalogue.
 */
export class BingoService {
  constructor(
    readonly db: Db,
    readonly deps: {
      play: PlayKernel;
      identity: Pick<IdentityService, 'usernames'>;
      wallet: Pick<WalletService, 'cashBalance'>;
      originals: Pick<OriginalsService, 'merchant' | 'catalogGame'>;
      feed: BingoFeed;
      options: BingoOptions;
    },
  ) {
    this.purse = new DemoPurse(db, bingoGame, () => this.now);
  }

  /** Free play's sessions. */
  readonly purse: DemoPurse;

  get now(): number {
    return this.deps.options.now();
  }

  /** The merchant, when it offers bingo (Tagalog among its languages, the game in its catalogue). */
  async offeredTo(merchantCode: string | undefined) {
    const merchant = await this.deps.originals.merchant(merchantCode);
    if (!merchant.langList.map((l) => l.toUpperCase()).includes(bingoLanguage))
      throw new AppError('not_found', 'No such game');
    const found = await this.deps.originals.catalogGame(merchant.merchantCode, {
      gameCode: bingoGameCode,
    });
    return { merchant, ...found };
  }

  async state(merchantCode: string | undefined): Promise<BingoState> {
    const { merchant, maintenance } = await this.offeredTo(merchantCode);
    const limits = await limitsOf(this.db, merchant, bingoGame);
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    return {
      engine: BINGO_ENGINE_ID,
      rtp: BINGO_RTP_TEXT,
      calls: BINGO_CALLS,
      callMs: this.deps.options.callMs,
      prizes: BINGO_PATTERNS.map((pattern) => ({
        pattern,
        multiplier: multiplierText(BINGO_PRIZES[pattern], 0),
      })),
      maxCards: bingoMaxCards,
      currency: merchant.currency,
      minBet: dec(limits.minBet),
      maxBet: dec(limits.maxBet),
      maxProfit: dec(limits.maxProfit),
      maintenance,
      ...(await this.feedState()),
    };
  }

  /** What every watcher shares (the feed's first message). */
  async feedState(): Promise<Pick<BingoState, 'live' | 'winners' | 'history'>> {
    return {
      live: await this.live(),
      winners: await this.winners(20),
      history: await this.history(10),
    };
  }

  /** The game calling its balls (with those called by now) and the game selling cards. */
  async live(db: Db | Tx = this.db): Promise<BingoLive> {
    const now = this.now;
    const rows = await db
      .select()
      .from(bingoGames)
      .where(inArray(bingoGames.status, ['open', 'calling']))
      .orderBy(asc(bingoGames.number));
    const calling = rows.find((g) => g.status === 'calling');
    const buying = rows.find((g) => g.status === 'open');
    const [sold] = buying
      ? await db
          .select({ n: sql<number>`count(*)::int` })
          .from(bingoCards)
          .where(eq(bingoCards.game, buying.number))
      : [];
    return {
      calling: calling
        ? {
            game: calling.number,
            commitment: calling.commitment,
            startedAt: calling.startedAt!.toISOString(),
            endsAt: calling.endsAt!.toISOString(),
            called: calledBy(calling, now),
          }
        : null,
      buying: buying
        ? {
            game: buying.number,
            commitment: buying.commitment,
            buyEndsAt: buying.buyEndsAt.toISOString(),
            cards: sold?.n ?? 0,
          }
        : null,
      serverNow: new Date(now).toISOString(),
    };
  }

  /** The latest winning cards, real money and free play alike, newest first. */
  async winners(limit: number): Promise<BingoWin[]> {
    const rows = await this.db
      .select()
      .from(bingoCards)
      .where(and(isNotNull(bingoCards.pattern), gt(bingoCards.payout, 0n)))
      .orderBy(desc(bingoCards.game), desc(bingoCards.payout))
      .limit(limit);
    return rows.map(winWire);
  }

  /** The last finished games, newest first, with their revealed seeds and calls. */
  async history(limit: number): Promise<BingoResult[]> {
    const games = await this.db
      .select()
      .from(bingoGames)
      .where(eq(bingoGames.status, 'done'))
      .orderBy(desc(bingoGames.number))
      .limit(limit);
    if (games.length === 0) return [];
    const counts = await this.db
      .select({
        game: bingoCards.game,
        cards: sql<number>`count(*)::int`,
        winners: sql<number>`count(*) filter (where ${bingoCards.payout} > 0)::int`,
      })
      .from(bingoCards)
      .where(
        inArray(
          bingoCards.game,
          games.map((g) => g.number),
        ),
      )
      .groupBy(bingoCards.game);
    const byGame = new Map(counts.map((c) => [c.game, c]));
    return games.map((g) => resultWire(g, byGame.get(g.number)));
  }

  /**
   * Buys 1–4 cards at `amount` each in the game selling cards (share-locked: the runner starts
   * it only once these are in). A member's cards draw from the member's bingo seed pair (one
   * nonce each, under the pair's lock) and their prices are held through the kernel in the
   * game's shared kernel round; free play's draw from a one-off seed shown once the game is over
   * and take the play money. The same requestId answers the same cards.
   */
  async buy(player: Bettor, body: BingoBuyBody): Promise<BingoBuyAnswer> {
    if (player.kind === 'demo') requireSession(body.session);
    const { merchant, maintenance, game } = await this.offeredTo(bettorMerchant(player));
    const id = bettorId(player);
    const repeat = await this.byRequest(this.db, id, body.requestId);
    if (repeat.length > 0) return this.answer(repeat, player, merchant, null);
    if (maintenance) throw new AppError('game_maintenance');
    const scale = player.kind === 'demo' ? demoScale : merchant.currencyScale;
    const stake = stakeOf(body.amount, scale);
    const limits = await limitsOf(this.db, merchant, bingoGame);
    checkLimits(stake, BINGO_MAX_MULTIPLIER, limits, scale);
    const name = await bettorName(this.deps.identity, player);
    const now = this.now;
    const placed = await this.db.transaction(async (tx) => {
      const [open] = await tx
        .select()
        .from(bingoGames)
        .where(eq(bingoGames.status, 'open'))
        .orderBy(asc(bingoGames.number))
        .limit(1)
        .for('share');
      if (!open || now >= open.buyEndsAt.getTime())
        throw new AppError('conflict', 'No game is selling cards now; wait for the next one');
      // A member's purchases in bingo queue on the pair; free play's on the session's row.
      const pair =
        player.kind === 'member' ? await lockActivePair(tx, player.member, bingoGame) : null;
      if (player.kind === 'demo') await this.purse.lock(tx, player.session);
      const again = await this.byRequest(tx, id, body.requestId);
      if (again.length > 0) return { rows: again, balance: null };
      const [held] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(bingoCards)
        .where(and(eq(bingoCards.game, open.number), eq(bingoCards.player, id)));
      if ((held?.n ?? 0) + body.cards > bingoMaxCards)
        throw new AppError(
          'request_param_err',
          `Invalid body: cards (at most ${bingoMaxCards} a game)`,
          [{ path: 'cards', code: 'invalid', message: `at most ${bingoMaxCards} cards a game` }],
        );
      const demoSeed = player.kind === 'demo' ? newServerSeed() : null;
      const kernelRound =
        player.kind === 'member' ? bingoKernelRoundId(open.number, merchant.merchantCode) : null;
      const values: (typeof bingoCards.$inferInsert)[] = [];
      for (let idx = 0; idx < body.cards; idx++) {
        // Each card takes the pair's next nonce (the row read once, then counted on).
        const seed = pair
          ? {
              serverSeed: pair.serverSeed,
              clientSeed: pair.clientSeed,
              nonce: await takeNonce(tx, { ...pair, nextNonce: pair.nextNonce + idx }),
            }
          : { serverSeed: demoSeed!, clientSeed: 'demo', nonce: idx };
        values.push({
          id: randomUUID(),
          game: open.number,
          merchantCode: merchant.merchantCode,
          player: id,
          demo: player.kind === 'demo',
          name,
          currency: player.kind === 'demo' ? 'DEMO' : merchant.currency,
          scale,
          requestId: body.requestId,
          idx,
          stake,
          numbers: drawCard(fairRng(seed.serverSeed, seed.clientSeed, seed.nonce)),
          serverSeedHash: seedCommitment(seed.serverSeed),
          serverSeed: pair ? null : seed.serverSeed,
          clientSeed: seed.clientSeed,
          nonce: seed.nonce,
          kernelRoundId: kernelRound,
        });
      }
      let balance: bigint;
      if (player.kind === 'member') {
        await this.deps.play.openSharedRound(tx, {
          id: kernelRound!,
          merchantCode: merchant.merchantCode,
          gameId: game.id,
          gameCode: game.gameCode,
          gameType: game.gameType,
          vendorCode: originalsVendor,
          engine: BINGO_ENGINE_ID,
          seedCommitment: open.commitment,
          state: { shared: true, game: bingoGame, round: open.number },
          // Recovery voids the round (every price back) should no runner settle it in an hour.
          recoverAfter: new Date(now + 3_600_000),
        });
        const heldCards = await this.deps.play.placeMany(tx, {
          bets: values.map((card) => ({
            id: card.id,
            roundId: kernelRound!,
            merchantCode: merchant.merchantCode,
            currency: merchant.currency,
            player: id,
            stake,
            key: `bingo:${open.number}:${card.id}:bet`,
            actor: `game:${bingoGameCode}`,
            detail: { game: open.number, numbers: card.numbers, nonce: card.nonce },
          })),
        });
        balance = heldCards.cashAfter.get(id)!;
      } else {
        balance = await this.purse.take(tx, player.session, stake * BigInt(body.cards));
      }
      const rows = await tx.insert(bingoCards).values(values).returning();
      return { rows, balance };
    });
    return this.answer(placed.rows, player, merchant, placed.balance);
  }

  private async byRequest(db: Db | Tx, player: string, requestId: string) {
    return db
      .select()
      .from(bingoCards)
      .where(and(eq(bingoCards.player, player), eq(bingoCards.requestId, requestId)))
      .orderBy(asc(bingoCards.idx));
  }

  private async answer(
    rows: BingoCardRow[],
    player: Bettor,
    merchant: MerchantInfo,
    balance: bigint | null,
  ): Promise<BingoBuyAnswer> {
    const cash = balance ?? (await this.balanceOf(player, merchant));
    const game = rows[0]!.game;
    const [row] = await this.db
      .select({ status: bingoGames.status })
      .from(bingoGames)
      .where(eq(bingoGames.number, game));
    return {
      game,
      cards: rows.map((r) => cardWire(r, row?.status === 'done')),
      balance: minorToDecimal(cash, rows[0]!.scale),
    };
  }

  private async balanceOf(player: Bettor, merchant: MerchantInfo): Promise<bigint> {
    if (player.kind === 'demo') return this.purse.liveCash(player.session);
    return this.deps.wallet.cashBalance(
      { merchantCode: merchant.merchantCode, currency: merchant.currency },
      player.member.accountId,
    );
  }

  /** The player's cards of the last few games (those in play first), and the balance. */
  async mine(player: Bettor): Promise<BingoMine> {
    const { merchant } = await this.offeredTo(bettorMerchant(player));
    const balance = await this.balanceOf(player, merchant);
    const rows = await this.db
      .select({ card: bingoCards, status: bingoGames.status })
      .from(bingoCards)
      .innerJoin(bingoGames, eq(bingoGames.number, bingoCards.game))
      .where(eq(bingoCards.player, bettorId(player)))
      .orderBy(desc(bingoCards.game), asc(bingoCards.createdAt), asc(bingoCards.idx))
      .limit(40);
    return {
      cards: rows.map((r) => cardWire(r.card, r.status === 'done')),
      balance: minorToDecimal(balance, player.kind === 'demo' ? demoScale : merchant.currencyScale),
      currency: player.kind === 'demo' ? 'DEMO' : merchant.currency,
    };
  }

  async seeds(member: Member): Promise<OriginalSeeds> {
    await this.offeredTo(member.merchantCode);
    return this.db.transaction(async (tx) => {
      await lockActivePair(tx, member, bingoGame);
      return seedsView(tx, member, bingoGame);
    });
  }

  /** Reveals the member's pair (its cards show the seed from then on) and starts a new one. */
  async rotate(member: Member, clientSeed?: string): Promise<OriginalSeeds> {
    await this.offeredTo(member.merchantCode);
    return this.db.transaction(async (tx) => {
      const old = await lockActivePair(tx, member, bingoGame);
      await rotatePair(tx, member, bingoGame, clientSeed);
      await tx
        .update(bingoCards)
        .set({ serverSeed: old.serverSeed })
        .where(
          and(
            eq(bingoCards.player, member.accountId),
            eq(bingoCards.serverSeedHash, old.serverSeedHash),
          ),
        );
      return seedsView(tx, member, bingoGame);
    });
  }

  /** Opens a bingo demo session: 2,000.00 DEMO for two hours. */
  async openDemo(merchantCode: string | undefined): Promise<DemoSession> {
    const { game } = await this.offeredTo(merchantCode);
    return this.purse.open(game);
  }
}

export function resultWire(
  game: BingoGameRow,
  counts: { cards: number; winners: number } | undefined,
): BingoResult {
  return {
    game: game.number,
    commitment: game.commitment,
    serverSeed: game.serverSeed,
    clientSeed: bingoGameClientSeed(game.number),
    balls: game.balls.slice(0, BINGO_CALLS),
    cards: counts?.cards ?? 0,
    winners: counts?.winners ?? 0,
    doneAt: (game.doneAt ?? new Date(0)).toISOString(),
  };
}
