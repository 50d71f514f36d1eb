import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import { minorToDecimal, type OriginalBet, type OriginalBetBody } from '@taya/contracts';
import { fairRng, multiplierText, newServerSeed, payoutAt, seedCommitment } from '@taya/games';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { originalOf, parseParams } from './engines';
import { limitsOf } from './limits';
import type { OriginalsService } from './service';
import { checkLimits, stakeOf } from './service';
import { originalDemoSessions } from './schema';

/** Play money a demo session starts with (minor units, two decimals) and how long it lasts. */
export const demoStartingBalance = 2_000_00n;
const demoHours = 2;
const demoScale = 2;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

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
    if (!game.demoAllowed)
      throw new AppError('forbidden', 'Free play is not offered for this game');
    const session = randomBytes(24).toString('base64url');
    await this.db.insert(originalDemoSessions).values({
      tokenHash: digest(session),
      game: original.game,
      balance: demoStartingBalance,
      expiresAt: new Date(Date.now() + demoHours * 3_600_000),
    });
    return {
      session,
      balance: minorToDecimal(demoStartingBalance, demoScale),
      currency: 'DEMO' as const,
    };
  }

  async bet(
    merchantCode: string | undefined,
    gameName: string,
    body: OriginalBetBody,
  ): Promise<OriginalBet> {
    const original = originalOf(gameName);
    const params = parseParams(original, body.params);
    if (!body.session)
      throw new AppError('request_param_err', 'Invalid body: session', [
        { path: 'session', code: 'invalid', message: 'the demo session' },
      ]);
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
    const session = digest(body.session);
    // One statement: take the stake and pay the win only if the play money covers the stake.
    const [row] = await this.db
      .update(originalDemoSessions)
      .set({ balance: sql`${originalDemoSessions.balance} - ${stake} + ${payout}` })
      .where(
        and(
          eq(originalDemoSessions.tokenHash, session),
          eq(originalDemoSessions.game, original.game),
          gt(originalDemoSessions.expiresAt, new Date()),
          gte(originalDemoSessions.balance, stake),
        ),
      )
      .returning({ balance: originalDemoSessions.balance });
    if (!row) {
      const [live] = await this.db
        .select({ balance: originalDemoSessions.balance })
        .from(originalDemoSessions)
        .where(
          and(
            eq(originalDemoSessions.tokenHash, session),
            eq(originalDemoSessions.game, original.game),
            gt(originalDemoSessions.expiresAt, new Date()),
          ),
        );
      if (!live) throw new AppError('game_session_invalid', 'The demo has ended; open it again');
      throw new AppError('insufficient_funds');
    }
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
      balance: dec(row.balance),
      currency: 'DEMO',
    };
  }
}
