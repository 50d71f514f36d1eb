import { and, asc, desc, eq } from 'drizzle-orm';
import { minorToDecimal, type MerchantInfo, type Recall, type RoundDetail } from '@taya/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { BetRow, RoundRow } from './kernel';
import { bets, roundActions, rounds } from './schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function roundView(round: RoundRow) {
  const closed = round.status !== 'open';
  return {
    roundId: round.id,
    gameCode: round.gameCode,
    engine: round.engine,
    status: round.status,
    state: closed ? round.state : {},
    seedCommitment: round.seedCommitment,
    // A seed is secret until its round is over.
    serverSeed: closed ? round.serverSeed : null,
    clientSeed: round.clientSeed,
    openedAt: round.openedAt.toISOString(),
    closedAt: iso(round.closedAt),
  };
}

function betView(bet: BetRow, scale: number) {
  const dec = (v: bigint) => minorToDecimal(v, scale);
  return {
    betId: bet.id,
    accountId: bet.accountId,
    currency: bet.currency,
    stake: dec(bet.stake),
    validBet: dec(bet.validBet),
    payout: dec(bet.payout),
    status: bet.status,
    detail: bet.detail,
    placedAt: bet.placedAt.toISOString(),
    settledAt: iso(bet.settledAt),
  };
}

/** GLI-19 recall: a player's last ten games, and any round whole, from the kernel's records. */
export class Recaller {
  constructor(private readonly db: Db) {}

  /** The player's last game and the nine before it, newest first, with what replays them. */
  async lastGames(merchant: MerchantInfo, accountId: string, limit = 10): Promise<Recall> {
    const rows = await this.db
      .select({ bet: bets, round: rounds })
      .from(bets)
      .innerJoin(rounds, eq(rounds.id, bets.roundId))
      .where(and(eq(bets.accountId, accountId), eq(bets.merchantCode, merchant.merchantCode)))
      .orderBy(desc(bets.placedAt), desc(bets.id))
      .limit(limit);
    return {
      list: rows.map((r) => ({
        ...betView(r.bet, merchant.currencyScale),
        round: roundView(r.round),
      })),
    };
  }

  /** A round of this merchant with all its bets and the actions taken on it (operators). */
  async round(merchant: MerchantInfo, roundId: string): Promise<RoundDetail> {
    const [round] = await this.db
      .select()
      .from(rounds)
      .where(and(eq(rounds.id, roundId), eq(rounds.merchantCode, merchant.merchantCode)));
    if (!round) throw new AppError('round_not_found');
    const [roundBets, actions] = await Promise.all([
      this.db.select().from(bets).where(eq(bets.roundId, round.id)).orderBy(asc(bets.placedAt)),
      this.db
        .select()
        .from(roundActions)
        .where(eq(roundActions.roundId, round.id))
        .orderBy(asc(roundActions.createdAt)),
    ]);
    return {
      ...roundView(round),
      bets: roundBets.map((b) => betView(b, merchant.currencyScale)),
      actions: actions.map((a) => ({
        action: a.action,
        actor: a.actor,
        reason: a.reason,
        at: a.createdAt.toISOString(),
      })),
    };
  }
}
