import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  minorToDecimal,
  type OriginalActionBody,
  type OriginalBetBody,
  type OriginalStepRound,
} from '@taya/contracts';
import { fairRng, newServerSeed, seedCommitment } from '@taya/games';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { requireSession } from './bettor';
import { DemoPurse, demoScale } from './demo-purse';
import { limitsOf } from './limits';
import { originalDemoSessions } from './schema';
import { checkLimits, stakeOf, type OriginalsService } from './service';
import {
  paramError,
  parseStepParams,
  stepEngineOf,
  type Hidden,
  type StepEngine,
} from './steps-engines';
import { wireState } from './steps';

/** What a round's stakes put up and, once it has ended, return. */
function sums(engine: StepEngine, hidden: Hidden, stake: bigint) {
  const parts = engine.parts(hidden, stake);
  return {
    staked: parts.reduce((sum, p) => sum + p.stake, 0n),
    paid: parts.reduce((sum, p) => sum + (p.payout ?? 0n), 0n),
  };
}

/** A demo session's open round (`original_demo_sessions.round`). */
interface DemoRound extends Record<string, unknown> {
  id: string;
  stake: string;
  serverSeed: string;
  clientSeed: string;
  params: Record<string, unknown>;
  rtpBps: number;
  maxProfit: string;
  hidden: Hidden;
  at: string;
}

/**
 * Free play of mines and video poker: the same engines, odds and limits, play money of the demo
 * session. The session row holds the open round (one at a time) and is locked for each step;
 * the stake leaves the play money when the round opens and the win comes back when it ends.
 * Each round draws with a one-off server seed, revealed once the round has ended.
 */
export class OriginalStepsDemo {
  constructor(
    private readonly db: Db,
    private readonly originals: Pick<OriginalsService, 'merchant' | 'catalogGame'>,
  ) {}

  private async session(tx: Tx, engine: StepEngine, token: string | undefined) {
    const live = new DemoPurse(this.db, engine.game).live(requireSession(token));
    const [row] = await tx.select().from(originalDemoSessions).where(live).for('update');
    if (!row) throw new AppError('game_session_invalid', 'The demo has ended; open it again');
    return row;
  }

  private wire(engine: StepEngine, r: DemoRound, hidden: Hidden, balance: bigint) {
    const result = engine.result(hidden);
    const state = wireState(
      engine,
      { game: engine.game, params: r.params, clientSeed: r.clientSeed, nonce: 0, rtpBps: r.rtpBps },
      hidden,
    );
    const { staked, paid } = sums(engine, hidden, BigInt(r.stake));
    const dec = (v: bigint) => minorToDecimal(v, demoScale);
    const answer: OriginalStepRound = {
      roundId: r.id,
      game: engine.game,
      amount: dec(staked),
      payout: dec(result ? paid : 0n),
      multiplier: state.multiplier,
      win: result !== null && result.num > 0n,
      outcome: state.outcome,
      params: r.params,
      seed: {
        serverSeedHash: seedCommitment(r.serverSeed),
        clientSeed: r.clientSeed,
        nonce: 0,
        serverSeed: result ? r.serverSeed : null,
      },
      engine: engine.id,
      at: r.at,
      balance: dec(balance),
      currency: 'DEMO',
      status: result ? 'settled' : 'open',
    };
    return answer;
  }

  async open(merchantCode: string | undefined, gameName: string) {
    const engine = stepEngineOf(gameName);
    const merchant = await this.originals.merchant(merchantCode);
    const { game } = await this.originals.catalogGame(merchant.merchantCode, {
      game: engine.game,
      gameCode: engine.gameCode,
    } as never);
    return new DemoPurse(this.db, engine.game).open(game);
  }

  async start(
    merchantCode: string | undefined,
    gameName: string,
    body: OriginalBetBody,
  ): Promise<OriginalStepRound> {
    const engine = stepEngineOf(gameName);
    const params = parseStepParams(engine, body.params);
    const stake = stakeOf(body.amount, demoScale);
    const merchant = await this.originals.merchant(merchantCode);
    const { maintenance } = await this.originals.catalogGame(merchant.merchantCode, {
      game: engine.game,
      gameCode: engine.gameCode,
    } as never);
    if (maintenance) throw new AppError('game_maintenance');
    const limits = await limitsOf(this.db, merchant, engine.game);
    checkLimits(stake, engine.firstMax(params, limits.rtpBps), limits, demoScale);
    return this.db.transaction(async (tx) => {
      const row = await this.session(tx, engine, body.session);
      if (row.round)
        throw new AppError('conflict', `Round ${String(row.round.id)} is still open`, undefined, {
          roundId: row.round.id,
        });
      if (row.balance < stake) throw new AppError('insufficient_funds');
      const serverSeed = newServerSeed();
      const clientSeed = randomBytes(8).toString('hex');
      const round: DemoRound = {
        id: randomUUID(),
        stake: stake.toString(),
        serverSeed,
        clientSeed,
        params,
        rtpBps: limits.rtpBps,
        maxProfit: limits.maxProfit.toString(),
        hidden: engine.open(params, fairRng(serverSeed, clientSeed, 0), limits.rtpBps),
        at: new Date().toISOString(),
      };
      // A deal may end the round by itself (blackjack's naturals): its win comes back at once.
      const ended = engine.result(round.hidden) !== null;
      const balance = row.balance - stake + (ended ? sums(engine, round.hidden, stake).paid : 0n);
      await tx
        .update(originalDemoSessions)
        .set({ balance, round: ended ? null : round })
        .where(eq(originalDemoSessions.tokenHash, row.tokenHash));
      return this.wire(engine, round, round.hidden, balance);
    });
  }

  async act(
    merchantCode: string | undefined,
    gameName: string,
    roundId: string,
    body: OriginalActionBody,
  ): Promise<OriginalStepRound> {
    const engine = stepEngineOf(gameName);
    await this.originals.merchant(merchantCode);
    return this.db.transaction(async (tx) => {
      const row = await this.session(tx, engine, body.session);
      const round = row.round as DemoRound | null;
      if (!round || round.id !== roundId) throw new AppError('conflict', 'This round has ended');
      const acted = engine.act(round.hidden, body.action);
      if (!acted.ok) throw paramError(acted.problems);
      const stake = BigInt(round.stake);
      const hidden = engine.cap(acted.hidden, stake, BigInt(round.maxProfit)) ?? acted.hidden;
      const result = engine.result(hidden);
      // A double, a split or insurance takes more play money.
      const more = sums(engine, hidden, stake).staked - sums(engine, round.hidden, stake).staked;
      if (more > row.balance) throw new AppError('insufficient_funds');
      const balance = row.balance - more + (result ? sums(engine, hidden, stake).paid : 0n);
      await tx
        .update(originalDemoSessions)
        .set({ balance, round: result ? null : { ...round, hidden } })
        .where(eq(originalDemoSessions.tokenHash, row.tokenHash));
      return this.wire(engine, round, hidden, balance);
    });
  }

  /** The session's open round (a reload resumes it), or null. */
  async active(gameName: string, session: string): Promise<OriginalStepRound | null> {
    const engine = stepEngineOf(gameName);
    return this.db.transaction(async (tx) => {
      const row = await this.session(tx, engine, session);
      const round = row.round as DemoRound | null;
      return round ? this.wire(engine, round, round.hidden, row.balance) : null;
    });
  }
}
