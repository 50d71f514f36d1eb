import { randomBytes, randomUUID } from 'node:crypto';
import { minorToDecimal, type OriginalBet, type OriginalBetBody } from '@taya/contracts';
import { fairRng, multiplierText, newServerSeed, payoutAt, seedCommitment } from '@taya/games';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { requireSession } from './bettor';
import { DemoPurse, demoScale } from './demo-purse';
import { originalOf, parseParams } from './engines';
import { limitsOf } from './limits';
import type { OriginalsService } from './service';
import { checkLimits, stakeOf } from './service';

/**
 * Free play of the originals: the same engines and odds (the merchant's RTP and limits), with
 * play money kept per session for two hours. Nothing reaches the wallet or the kernel; each bet
 * draws with a one-off server seed, revealed in its answer.
 */
export class OriginalsDemo {
  constructor(
    private readonly db: Db,
    private readonly originals: Pick<OriginalsService, 'merchant' | 'catalogGame'>,
  ) {}

  async open(merchantCode: string | undefined, gameName: string) {
    const original = originalOf(gameName);
    const merchant = await this.originals.merchant(merchantCode);
    const { game } = await this.originals.catalogGame(merchant.merchantCode, original);
    return new DemoPurse(this.db, original.game).open(game);
  }

  async bet(
    merchantCode: string | undefined,
    gameName: string,
    body: OriginalBetBody,
  ): Promise<OriginalBet> {
    const original = originalOf(gameName);
    const params = parseParams(original, body.params);
    const token = requireSession(body.session);
    const stake = stakeOf(body.amount, demoScale);
    const merchant = await this.originals.merchant(merchantCode);
    const { maintenance } = await this.originals.catalogGame(merchant.merchantCode, original);
    if (maintenance) throw new AppError('game_maintenance');
    const limits = await limitsOf(this.db, merchant, original.game);
    checkLimits(stake, original.engine.maxMultiplier(params, limits.rtpBps), limits, demoScale);
    const serverSeed = newServerSeed();
    const clientSeed = randomBytes(8).toString('hex');
    const drawn = original.engine.play(params, fairRng(serverSeed, clientSeed, 0), limits.rtpBps);
    const payout = payoutAt(stake, drawn.multiplier);
    const balance = await new DemoPurse(this.db, original.game).take(this.db, token, stake, payout);
    const dec = (v: bigint) => minorToDecimal(v, demoScale);
    return {
      roundId: randomUUID(),
      game: original.game,
      amount: dec(stake),
      payout: dec(payout),
      multiplier: multiplierText(drawn.multiplier),
      win: drawn.multiplier.num > 0n,
      outcome: drawn.outcome,
      params: body.params,
      seed: { serverSeedHash: seedCommitment(serverSeed), clientSeed, nonce: 0, serverSeed },
      engine: original.engine.id,
      at: new Date().toISOString(),
      balance: dec(balance),
      currency: 'DEMO',
    };
  }
}
