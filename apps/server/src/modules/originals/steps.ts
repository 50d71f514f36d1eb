import { createHash, randomUUID } from 'node:crypto';
import {
  minorToDecimal,
  type OriginalActionBody,
  type OriginalBetBody,
  type OriginalInfo,
  type OriginalSeeds,
  type OriginalStepRound,
} from '@taya/contracts';
import { fairRng, multiplierText, type Multiplier } from '@taya/games';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { WalletService } from '../wallet';
import {
  playerGameRounds,
  playerOpenRounds,
  type BetRow,
  type PlayKernel,
  type RoundRow,
} from '../play';
import { limitsOf } from './limits';
import { lockActivePair, rotatePair, seedsView, takeNonce } from './pairs';
import { roundWire, type OriginalState } from './rounds';
import { earlierAnswer, openAndHold, rememberAnswer } from './hold';
import {
  paramError,
  parseStepParams,
  stepEngineOf,
  type Hidden,
  type StepEngine,
} from './steps-engines';
import { checkLimits, stakeOf, type Member, type OriginalsService } from './service';

/** An abandoned open round is finished by its rules (or voided) by the kernel's recovery after a day. */
export const stepRecoverAfterMs = 24 * 3_600_000;

/** A step round's kernel state: the wire fields of `OriginalState` plus what the next step needs. */
export interface StepState extends OriginalState {
  step?: { hidden: Hidden; maxProfit: string };
  payouts?: Record<string, string>;
  recovered?: OriginalState;
}

const hashOf = (parts: unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex');

const zero: Multiplier = { num: 0n, den: 1n };

interface Base {
  game: StepEngine['game'];
  params: Record<string, unknown>;
  clientSeed: string;
  nonce: number;
  rtpBps: number;
}

/** The wire part of a round's state for a hidden state: open (public view) or ended (outcome). */
export function wireState(engine: StepEngine, base: Base, hidden: Hidden): OriginalState {
  const result = engine.result(hidden);
  const m = result ?? engine.current(hidden) ?? zero;
  return {
    game: base.game,
    params: base.params,
    outcome: result ? engine.outcome(hidden) : engine.view(hidden),
    clientSeed: base.clientSeed,
    nonce: base.nonce,
    multiplier: multiplierText(m),
    multiplierNum: m.num.toString(),
    multiplierDen: m.den.toString(),
    rtpBps: base.rtpBps,
  };
}

/**
 * An open round's whole kernel state: the wire fields, the hidden state, and for the recovery job
 * what finishing the round by its rules pays and the state it closes with (none: it is voided).
 */
export function openState(
  engine: StepEngine,
  base: Base,
  hidden: Hidden,
  bets: { id: string; part: string }[],
  stake: bigint,
  maxProfit: bigint,
): StepState {
  const finished = engine.finish(hidden);
  const state: StepState = {
    ...wireState(engine, base, hidden),
    step: { hidden, maxProfit: maxProfit.toString() },
  };
  if (finished) {
    const paid = new Map(engine.parts(finished, stake).map((p) => [p.part, p.payout ?? 0n]));
    state.payouts = Object.fromEntries(
      bets.map((b) => [b.id, (paid.get(b.part) ?? 0n).toString()]),
    );
    state.recovered = wireState(engine, base, finished);
  }
  return state;
}

/** Which stake of its round a bet is (`StakePart.part`): the first bet names none. */
export const partOf = (bet: Pick<BetRow, 'detail'>): string => {
  const part = (bet.detail as { part?: unknown } | null)?.part;
  return typeof part === 'string' ? part : 'bet';
};

/** A round's bets as one: their stakes and payouts summed (a blackjack round's doubles, …). */
export function together(bets: BetRow[]): BetRow {
  const first = bets.find((b) => partOf(b) === 'bet') ?? bets[0]!;
  return {
    ...first,
    stake: bets.reduce((sum, b) => sum + b.stake, 0n),
    payout: bets.reduce((sum, b) => sum + (b.payout ?? 0n), 0n),
  };
}

/** A round of a step game as its answers give it (open: no win yet, payout 0). */
export function stepWire(
  round: RoundRow,
  bets: BetRow[],
  scale: number,
  extra: { balance: string; currency: string },
): OriginalStepRound {
  const open = round.status === 'open';
  const wire = roundWire(round, together(bets), scale);
  return { ...wire, win: open ? false : wire.win, status: open ? 'open' : 'settled', ...extra };
}

/**
 * Mines and video poker for members: a bet opens a kernel round (stake held, the whole outcome
 * drawn from the member's pair at its next nonce and kept in the round's state), actions move it
 * on under the round's lock, and the step that ends it settles it in the same transaction.
 */
export class OriginalSteps {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      originals: Pick<OriginalsService, 'merchant' | 'catalogGame'>;
      play: PlayKernel;
      wallet: Pick<WalletService, 'memberCashAccount' | 'accountBalance'>;
    },
  ) {}

  private original(engine: StepEngine) {
    return { game: engine.game, gameCode: engine.gameCode } as never;
  }

  async info(merchantCode: string | undefined, gameName: string): Promise<OriginalInfo> {
    const engine = stepEngineOf(gameName);
    const merchant = await this.deps.originals.merchant(merchantCode);
    const { game, maintenance } = await this.deps.originals.catalogGame(
      merchant.merchantCode,
      this.original(engine),
    );
    const limits = await limitsOf(this.db, merchant, engine.game);
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    return {
      game: engine.game,
      gameCode: game.gameCode,
      engine: engine.id,
      rtp: engine.rtp(limits.rtpBps),
      rtpBps: limits.rtpBps,
      currency: merchant.currency,
      minBet: dec(limits.minBet),
      maxBet: dec(limits.maxBet),
      maxProfit: dec(limits.maxProfit),
      maintenance,
    };
  }

  private async balance(member: Member, currency: string, tx: Tx) {
    const account = await this.deps.wallet.memberCashAccount(
      member.merchantCode,
      currency,
      member.accountId,
      tx,
    );
    return this.deps.wallet.accountBalance(account, tx);
  }

  /** The answer stored under a request id, or a 409 when the id asked something else. */
  private earlier(db: Db | Tx, member: Member, requestId: string, hash: string) {
    const key = { accountId: member.accountId, requestId, hash };
    return earlierAnswer<OriginalStepRound>(db, key, 'This requestId asked something else');
  }

  private remember(
    tx: Tx,
    member: Member,
    input: { requestId: string; game: string; roundId: string; hash: string },
    answer: OriginalStepRound,
  ) {
    const key = { accountId: member.accountId, ...input };
    return rememberAnswer(tx, key, answer, 'This requestId asked something else');
  }

  /** A 409 naming the member's open round of the game, when there is one. */
  private async refuseOpen(db: Db | Tx, member: Member, engine: StepEngine, why: string) {
    const [open] = await playerOpenRounds(db, { ...member, gameCode: engine.gameCode });
    if (open)
      throw new AppError('conflict', `${why}: round ${open.round.id} is still open`, undefined, {
        roundId: open.round.id,
      });
  }

  /** Opens a round: the stake held, the outcome drawn, the public state answered. */
  async start(member: Member, gameName: string, body: OriginalBetBody): Promise<OriginalStepRound> {
    const engine = stepEngineOf(gameName);
    const params = parseStepParams(engine, body.params);
    const merchant = await this.deps.originals.merchant(member.merchantCode);
    const scale = merchant.currencyScale;
    const stake = stakeOf(body.amount, scale);
    const hash = hashOf([engine.game, stake.toString(), params]);
    const [repeat, { game, maintenance }, limits] = await Promise.all([
      this.earlier(this.db, member, body.requestId, hash),
      this.deps.originals.catalogGame(merchant.merchantCode, this.original(engine)),
      limitsOf(this.db, merchant, engine.game),
    ]);
    if (repeat) return repeat;
    if (maintenance) throw new AppError('game_maintenance');
    checkLimits(stake, engine.firstMax(params, limits.rtpBps), limits, scale);
    const { play } = this.deps;
    return play.transaction(async (tx) => {
      const pair = await lockActivePair(tx, member, engine.game);
      const again = await this.earlier(tx, member, body.requestId, hash);
      if (again) return again;
      // Under the pair's lock: this member's bets in the game queue here.
      await this.refuseOpen(tx, member, engine, 'Finish the open round first');
      const nonce = await takeNonce(tx, pair);
      const hidden = engine.open(
        params,
        fairRng(pair.serverSeed, pair.clientSeed, nonce),
        limits.rtpBps,
      );
      const base: Base = {
        game: engine.game,
        params,
        clientSeed: pair.clientSeed,
        nonce,
        rtpBps: limits.rtpBps,
      };
      const roundId = randomUUID();
      const betId = randomUUID();
      const { round, placed } = await openAndHold(play, tx, {
        merchant,
        game,
        engine: engine.id,
        seedCommitment: pair.serverSeedHash,
        player: member.accountId,
        stake,
        detail: { params },
        roundId,
        betId,
        recoverAfter: new Date(Date.now() + stepRecoverAfterMs),
        state: openState(
          engine,
          base,
          hidden,
          [{ id: betId, part: 'bet' }],
          stake,
          limits.maxProfit,
        ),
      });
      let answer = stepWire(round, [placed.bet], scale, {
        balance: minorToDecimal(placed.cashAfter, scale),
        currency: merchant.currency,
      });
      // A deal may end the round by itself (blackjack's naturals): it settles at once.
      const result = engine.result(hidden);
      if (result) {
        const [part] = engine.parts(hidden, stake);
        const settled = await play.settle(tx, {
          roundId,
          key: `originals:${roundId}:settle`,
          actor: `game:${game.gameCode}`,
          results: [{ betId, payout: part?.payout ?? 0n }],
          close: true,
          state: wireState(engine, base, hidden),
          clientSeed: base.clientSeed,
        });
        answer = stepWire(settled.round, [settled.settled[0]?.bet ?? placed.bet], scale, {
          balance: minorToDecimal(
            settled.cashAfter.get(member.accountId) ?? placed.cashAfter,
            scale,
          ),
          currency: merchant.currency,
        });
      }
      await this.remember(
        tx,
        member,
        { requestId: body.requestId, game: engine.game, roundId, hash },
        answer,
      );
      return answer;
    });
  }

  /** One step of the member's open round; the step that ends it settles it. */
  async act(
    member: Member,
    gameName: string,
    roundId: string,
    body: OriginalActionBody,
  ): Promise<OriginalStepRound> {
    const engine = stepEngineOf(gameName);
    const merchant = await this.deps.originals.merchant(member.merchantCode);
    const scale = merchant.currencyScale;
    const hash = hashOf([engine.game, 'action', roundId, body.action]);
    const repeat = await this.earlier(this.db, member, body.requestId, hash);
    if (repeat) return repeat;
    const { play } = this.deps;
    return play.transaction(async (tx) => {
      // The round's lock: a second step of the same round waits here, then sees this one's end.
      const { round, bets } = await play.lockRoundWithBets(tx, roundId).catch((e: unknown) => {
        throw e instanceof AppError ? new AppError('not_found', 'No such round') : e;
      });
      const mine = bets.filter((b) => b.accountId === member.accountId);
      const bet = mine.find((b) => partOf(b) === 'bet');
      if (!bet || round.gameCode !== engine.gameCode || round.merchantCode !== member.merchantCode)
        throw new AppError('not_found', 'No such round');
      const again = await this.earlier(tx, member, body.requestId, hash);
      if (again) return again;
      const state = round.state as StepState;
      if (round.status !== 'open' || !state.step)
        throw new AppError('conflict', 'This round has ended');
      const acted = engine.act(state.step.hidden, body.action);
      if (!acted.ok) throw paramError(acted.problems);
      const maxProfit = BigInt(state.step.maxProfit);
      const hidden = engine.cap(acted.hidden, bet.stake, maxProfit) ?? acted.hidden;
      const base: Base = {
        game: engine.game,
        params: state.params,
        clientSeed: state.clientSeed,
        nonce: state.nonce,
        rtpBps: state.rtpBps,
      };
      // A step that puts up more stake (a double, a split, insurance) holds it as a bet of its own.
      const parts = engine.parts(hidden, bet.stake);
      const held = new Set(mine.map(partOf));
      const more = parts.filter((p) => !held.has(p.part));
      if (more.length > 0)
        await play.lockPlayers(tx, {
          merchantCode: member.merchantCode,
          currency: bet.currency,
          players: [member.accountId],
        });
      for (const p of more) {
        const placed = await play.place(tx, {
          roundId,
          merchantCode: member.merchantCode,
          currency: bet.currency,
          player: member.accountId,
          stake: p.stake,
          key: `originals:${roundId}:${p.part}`,
          actor: `game:${round.gameCode}`,
          detail: { params: state.params, part: p.part },
        });
        mine.push(placed.bet);
      }
      const result = engine.result(hidden);
      let answer: OriginalStepRound;
      if (result) {
        const paid = new Map(parts.map((p) => [p.part, p.payout ?? 0n]));
        const settled = await play.settle(tx, {
          roundId,
          key: `originals:${roundId}:settle`,
          actor: `game:${round.gameCode}`,
          results: mine.map((b) => ({ betId: b.id, payout: paid.get(partOf(b)) ?? 0n })),
          close: true,
          state: wireState(engine, base, hidden),
          clientSeed: base.clientSeed,
        });
        const cash =
          settled.cashAfter.get(member.accountId) ?? (await this.balance(member, bet.currency, tx));
        answer = stepWire(
          settled.round,
          settled.settled.length > 0 ? settled.settled.map((x) => x.bet) : mine,
          scale,
          { balance: minorToDecimal(cash, scale), currency: bet.currency },
        );
      } else {
        const next = await play.setRoundState(
          tx,
          roundId,
          openState(
            engine,
            base,
            hidden,
            mine.map((b) => ({ id: b.id, part: partOf(b) })),
            bet.stake,
            maxProfit,
          ),
        );
        answer = stepWire(next, mine, scale, {
          balance: minorToDecimal(await this.balance(member, bet.currency, tx), scale),
          currency: bet.currency,
        });
      }
      await this.remember(
        tx,
        member,
        { requestId: body.requestId, game: engine.game, roundId, hash },
        answer,
      );
      return answer;
    });
  }

  /** The member's open round of the game (a reload resumes it), or null. */
  async active(member: Member, gameName: string): Promise<OriginalStepRound | null> {
    const engine = stepEngineOf(gameName);
    const merchant = await this.deps.originals.merchant(member.merchantCode);
    const rows = await playerOpenRounds(this.db, { ...member, gameCode: engine.gameCode });
    const open = rows[0];
    if (!open) return null;
    const bets = rows.filter((r) => r.round.id === open.round.id).map((r) => r.bet);
    return this.db.transaction(async (tx) =>
      stepWire(open.round, bets, merchant.currencyScale, {
        balance: minorToDecimal(
          await this.balance(member, open.bet.currency, tx),
          merchant.currencyScale,
        ),
        currency: open.bet.currency,
      }),
    );
  }

  async seeds(member: Member, gameName: string): Promise<OriginalSeeds> {
    const engine = stepEngineOf(gameName);
    return this.db.transaction(async (tx) => {
      await lockActivePair(tx, member, engine.game);
      return seedsView(tx, member, engine.game);
    });
  }

  /** Rotation reveals the server seed: refused while a round drawn from it is still open. */
  async rotate(member: Member, gameName: string, clientSeed?: string): Promise<OriginalSeeds> {
    const engine = stepEngineOf(gameName);
    return this.db.transaction(async (tx) => {
      await lockActivePair(tx, member, engine.game);
      await this.refuseOpen(tx, member, engine, 'Finish the open round before rotating the seeds');
      await rotatePair(tx, member, engine.game, clientSeed);
      return seedsView(tx, member, engine.game);
    });
  }

  /** The member's last 20 finished rounds of the game, newest first. */
  async history(member: Member, gameName: string) {
    const engine = stepEngineOf(gameName);
    const merchant = await this.deps.originals.merchant(member.merchantCode);
    // A round may hold several bets of the member (blackjack's doubles and splits): one row each.
    const rows = await playerGameRounds(this.db, {
      ...member,
      gameCode: engine.gameCode,
      limit: 200,
    });
    const byRound = new Map<string, { round: RoundRow; bets: BetRow[] }>();
    for (const r of rows) {
      if (r.round.status !== 'settled') continue;
      const entry = byRound.get(r.round.id) ?? { round: r.round, bets: [] };
      entry.bets.push(r.bet);
      byRound.set(r.round.id, entry);
    }
    return {
      list: [...byRound.values()]
        .slice(0, 20)
        .map((r) => roundWire(r.round, together(r.bets), merchant.currencyScale)),
    };
  }
}
