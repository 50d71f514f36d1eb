import { createHash } from 'node:crypto';
import {
  minorToDecimal,
  parseAmount,
  type MerchantInfo,
  type OriginalBet,
  type OriginalBetBody,
  type OriginalInfo,
  type OriginalSeeds,
} from '@taya/contracts';
import { fairRng, multiplierText, payoutAt, type Multiplier } from '@taya/games';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { GamesService } from '../games';
import { playerGameRounds, type PlayKernel } from '../play';
import type { SystemService } from '../system';
import { originalOf, parseParams, type Original } from './engines';
import { limitsOf, type Limits } from './limits';
import { lockActivePair, rotatePair, seedsView, takeNonce } from './pairs';
import { originalState, roundWire } from './rounds';
import { earlierAnswer, openAndHold, originalsVendor, rememberAnswer } from './hold';

export { originalsVendor } from './hold';

export interface Member {
  merchantCode: string;
  accountId: string;
}

/** The amount of a bet in minor units, or a 400 naming `amount`. */
export function stakeOf(amount: string, scale: number): bigint {
  const stake = parseAmount(amount, scale);
  if (stake === null || stake <= 0n)
    throw new AppError('request_param_err', 'Invalid body: amount', [
      { path: 'amount', code: 'invalid', message: 'an amount above zero' },
    ]);
  return stake;
}

const amountProblem = (message: string) =>
  new AppError('request_param_err', `Invalid body: amount (${message})`, [
    { path: 'amount', code: 'invalid', message },
  ]);

/** Refuses a stake outside the limits, or one whose best win would exceed the max profit. */
export function checkLimits(stake: bigint, max: Multiplier, limits: Limits, scale: number): void {
  const dec = (v: bigint) => minorToDecimal(v, scale);
  if (stake < limits.minBet) throw amountProblem(`the smallest bet is ${dec(limits.minBet)}`);
  if (stake > limits.maxBet) throw amountProblem(`the largest bet is ${dec(limits.maxBet)}`);
  if (payoutAt(stake, max) - stake > limits.maxProfit)
    throw amountProblem(`a bet may win at most ${dec(limits.maxProfit)} above its stake`);
}

/** The exact RTP as a percent with two decimals, rounded down ("98.99"). */
export const rtpText = (rtp: Multiplier) =>
  multiplierText({ num: rtp.num * 100n, den: rtp.den }, 2);

/** The exact RTP of an original's reference bet at a rate: what its info and the console show. */
export function referenceRtpText(original: Original, rtpBps: number): string {
  const reference = original.engine.parse(original.reference);
  if (!reference.ok) throw new Error(`the reference bet of ${original.game} is refused`);
  return rtpText(original.engine.rtp(reference.params, rtpBps));
}

/** A repeat of a request must ask the same: the game, the stake and the parameters. */
function requestHash(game: string, stake: bigint, params: Record<string, unknown>): string {
  const sorted = Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)));
  return createHash('sha256')
    .update(JSON.stringify([game, stake.toString(), sorted]))
    .digest('hex');
}

/**
 * The house originals for members: seed pairs, bets through the wagering kernel, history. A bet
 * draws from the member's active pair (its nonce taken under the pair's lock) and holds and
 * settles its stake in ONE transaction with the round.
 */
export class OriginalsService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      system: Pick<SystemService, 'merchantFor'>;
      games: Pick<GamesService, 'catalog'>;
      play: PlayKernel;
    },
  ) {}

  merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.deps.system.merchantFor(code, undefined);
  }

  /** The catalogue entry of an original for a merchant (404 when not offered there). */
  async catalogGame(merchantCode: string, original: Pick<Original, 'gameCode'>) {
    const catalog = await this.deps.games.catalog(merchantCode);
    const game = catalog.games.find(
      (g) => g.vendorCode === originalsVendor && g.gameCode === original.gameCode,
    );
    if (!game) throw new AppError('not_found', 'No such game');
    const vendor = catalog.vendors.find((v) => v.code === originalsVendor);
    return { game, maintenance: game.maintenance || (vendor?.maintenance ?? false) };
  }

  async info(merchantCode: string | undefined, gameName: string): Promise<OriginalInfo> {
    const original = originalOf(gameName);
    const merchant = await this.merchant(merchantCode);
    const { game, maintenance } = await this.catalogGame(merchant.merchantCode, original);
    const limits = await limitsOf(this.db, merchant, original.game);
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    return {
      game: original.game,
      gameCode: game.gameCode,
      engine: original.engine.id,
      rtp: referenceRtpText(original, limits.rtpBps),
      rtpBps: limits.rtpBps,
      currency: merchant.currency,
      minBet: dec(limits.minBet),
      maxBet: dec(limits.maxBet),
      maxProfit: dec(limits.maxProfit),
      maintenance,
    };
  }

  async seeds(member: Member, gameName: string): Promise<OriginalSeeds> {
    const original = originalOf(gameName);
    return this.db.transaction(async (tx) => {
      await lockActivePair(tx, member, original.game);
      return seedsView(tx, member, original.game);
    });
  }

  async rotate(member: Member, gameName: string, clientSeed?: string): Promise<OriginalSeeds> {
    const original = originalOf(gameName);
    return this.db.transaction(async (tx) => {
      await rotatePair(tx, member, original.game, clientSeed);
      return seedsView(tx, member, original.game);
    });
  }

  async history(member: Member, gameName: string) {
    const original = originalOf(gameName);
    const merchant = await this.merchant(member.merchantCode);
    const rows = await playerGameRounds(this.db, {
      merchantCode: member.merchantCode,
      accountId: member.accountId,
      gameCode: original.gameCode,
      limit: 20,
    });
    return { list: rows.map((r) => roundWire(r.round, r.bet, merchant.currencyScale)) };
  }

  /** The first answer to this request id, or a 409 when it asked something else. */
  private earlier(
    db: Db | Tx,
    member: Member,
    requestId: string,
    hash: string,
  ): Promise<OriginalBet | null> {
    const key = { accountId: member.accountId, requestId, hash };
    return earlierAnswer<OriginalBet>(db, key, 'This requestId placed another bet');
  }

  async bet(member: Member, gameName: string, body: OriginalBetBody): Promise<OriginalBet> {
    const original = originalOf(gameName);
    const params = parseParams(original, body.params);
    const merchant = await this.merchant(member.merchantCode);
    const scale = merchant.currencyScale;
    const stake = stakeOf(body.amount, scale);
    const hash = requestHash(original.game, stake, body.params);
    // A repeat answers as the first time, whatever changed since (limits, maintenance).
    const [repeat, { game, maintenance }, limits] = await Promise.all([
      this.earlier(this.db, member, body.requestId, hash),
      this.catalogGame(merchant.merchantCode, original),
      limitsOf(this.db, merchant, original.game),
    ]);
    if (repeat) return repeat;
    if (maintenance) throw new AppError('game_maintenance');
    checkLimits(stake, original.engine.maxMultiplier(params, limits.rtpBps), limits, scale);
    const { play } = this.deps;
    const actor = `game:${game.gameCode}`;
    return play.transaction(async (tx) => {
      // The pair first: this member's bets in the game queue here, then take their accounts.
      const pair = await lockActivePair(tx, member, original.game);
      const again = await this.earlier(tx, member, body.requestId, hash);
      if (again) return again;
      const nonce = await takeNonce(tx, pair);
      const drawn = original.engine.play(
        params,
        fairRng(pair.serverSeed, pair.clientSeed, nonce),
        limits.rtpBps,
      );
      const payout = payoutAt(stake, drawn.multiplier);
      const { round, placed } = await openAndHold(play, tx, {
        merchant,
        game,
        engine: original.engine.id,
        seedCommitment: pair.serverSeedHash,
        player: member.accountId,
        stake,
        detail: { params: body.params },
      });
      const roundId = round.id;
      // The server seed stays off the round until the pair is rotated (then every round of the
      // pair gets it): recall and history show the commitment only.
      const settled = await play.settle(
        tx,
        {
          roundId,
          key: `originals:${roundId}:settle`,
          actor,
          results: [{ betId: placed.bet.id, payout }],
          close: true,
          state: originalState({
            game: original.game,
            params: body.params,
            outcome: drawn.outcome,
            clientSeed: pair.clientSeed,
            nonce,
            multiplier: drawn.multiplier,
            rtpBps: limits.rtpBps,
          }),
          clientSeed: pair.clientSeed,
        },
        { round, bets: [placed.bet], holds: [placed.hold] },
      );
      const cash = settled.cashAfter.get(member.accountId) ?? placed.cashAfter;
      const answer: OriginalBet = {
        ...roundWire(settled.round, settled.settled[0]!.bet, scale),
        balance: minorToDecimal(cash, scale),
        currency: merchant.currency,
      };
      // The same id placed a bet in another game meanwhile (that game's pair is another lock):
      // this bet is undone whole.
      await rememberAnswer(
        tx,
        {
          accountId: member.accountId,
          requestId: body.requestId,
          hash,
          game: original.game,
          roundId,
        },
        answer,
        'This requestId placed another bet',
      );
      return answer;
    });
  }
}
