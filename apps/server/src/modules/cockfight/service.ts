import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  parseAmount,
  type Arena,
  type ArenaState,
  type CockfightEvent,
  type CockfightLobby,
  type Fight,
  type FightBetAnswer,
  type FightBetBody,
  type FightBoard,
  type MerchantInfo,
  type MyFightBets,
} from '@taya/contracts';
import { sabongBoard, sabongOddsText, type SabongTerms } from '@taya/games';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError, fieldError } from '../../platform/errors';
import { Broadcast } from '../../platform/live-socket';
import { houseEntries, maskName, type GamesService } from '../games';
import type { IdentityService } from '../identity';
import type { PlayKernel } from '../play';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import { cockfightArenaLimits, cockfightArenas, cockfightBets, cockfightFights } from './schema';

export type ArenaRow = typeof cockfightArenas.$inferSelect;
export type FightRow = typeof cockfightFights.$inferSelect;
export type FightBetRow = typeof cockfightBets.$inferSelect;

/** Every arena's events in this process (the scale-out issue puts a Redis transport behind it). */
export class CockfightFeed extends Broadcast<CockfightEvent> {}

/** The in-house vendor of the arenas' catalogue entries. */
export const cockfightVendor = 'TAYA';
/** The catalogue code of an arena (category COCKFIGHT): off for every merchant until switched on. */
export const arenaGameCode = (arena: string) => `TAYA_SABONG_${arena}`;
export const fightIdOf = (arena: string, number: number) => `${arena}:${number}`;
export const kernelRoundOf = (fightId: string, merchantCode: string) =>
  `sabong-${fightId.replace(':', '-')}-${merchantCode}`;

export interface Member {
  merchantCode: string;
  accountId: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const termsOf = (f: Pick<FightRow, 'commissionBp' | 'drawRatio'>): SabongTerms => ({
  commissionBp: f.commissionBp,
  drawRatio: f.drawRatio,
});

export function arenaWire(a: ArenaRow): Arena {
  return {
    code: a.code,
    name: a.name,
    status: a.status,
    streamUrl: a.streamUrl,
    commission: minorToDecimal(BigInt(a.commissionBp), 2),
    drawRatio: a.drawRatio,
  };
}

export function fightWire(f: FightRow): Fight {
  const settled = f.status === 'settled';
  const results = Object.values(f.books)
    .map((b) => b.result)
    .filter(Boolean);
  // A declared win a merchant's pool could not pay shows as cancelled where every pool refunded.
  const result = !settled
    ? null
    : f.declared === 'meron' || f.declared === 'wala'
      ? results.length > 0 && results.every((r) => r === 'cancelled')
        ? 'cancelled'
        : f.declared
      : f.declared;
  return {
    id: f.id,
    arena: f.arena,
    number: f.number,
    meron: f.meron,
    wala: f.wala,
    status: f.status,
    result,
    reason: f.reason,
    openedAt: iso(f.openedAt),
    closedAt: iso(f.closedAt),
    settledAt: iso(f.settledAt),
  };
}

export interface Pools {
  meron: bigint;
  wala: bigint;
  draw: bigint;
  bets: number;
}

export function boardWire(
  pools: Pools,
  terms: SabongTerms,
  currency: string,
  scale: number,
): FightBoard {
  const odds = sabongBoard(pools, terms);
  const dec = (v: bigint) => minorToDecimal(v, scale);
  return {
    currency,
    meron: dec(pools.meron),
    wala: dec(pools.wala),
    draw: dec(pools.draw),
    bets: pools.bets,
    meronOdds: odds.meron === null ? null : sabongOddsText(odds.meron),
    walaOdds: odds.wala === null ? null : sabongOddsText(odds.wala),
  };
}

export function betWire(b: FightBetRow, number: number) {
  const dec = (v: bigint) => minorToDecimal(v, b.scale);
  return {
    betId: b.id,
    arena: b.arena,
    fight: number,
    side: b.side,
    currency: b.currency,
    amount: dec(b.stake),
    payout: b.payout === null ? null : dec(b.payout),
    at: b.createdAt.toISOString(),
  };
}

/**
 * The arenas for players: the lobby, an arena now (its fight, the merchant's pools and live
 * odds, the day's results), bets on the fight taking bets and each member's bets. Fights are run
 * by operators (`CockfightOps`).
 */
export class CockfightService {
  constructor(
    readonly db: Db,
    readonly deps: {
      play: PlayKernel;
      system: Pick<SystemService, 'merchantFor'>;
      games: Pick<GamesService, 'catalog'>;
      identity: Pick<IdentityService, 'usernames'>;
      wallet: Pick<WalletService, 'cashBalance'>;
      feed: CockfightFeed;
      now: () => number;
    },
  ) {}

  merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.deps.system.merchantFor(code, undefined);
  }

  async arenaRows(db: DbOrTx = this.db): Promise<ArenaRow[]> {
    return db
      .select()
      .from(cockfightArenas)
      .orderBy(asc(cockfightArenas.sort), asc(cockfightArenas.code));
  }

  async arenaRow(code: string, db: DbOrTx = this.db): Promise<ArenaRow> {
    const [row] = await db.select().from(cockfightArenas).where(eq(cockfightArenas.code, code));
    if (!row) throw new AppError('not_found', 'No such arena');
    return row;
  }

  /** The arena's newest fight (null before the first). */
  async currentFight(db: DbOrTx, arena: string): Promise<FightRow | null> {
    const [row] = await db
      .select()
      .from(cockfightFights)
      .where(eq(cockfightFights.arena, arena))
      .orderBy(desc(cockfightFights.number))
      .limit(1);
    return row ?? null;
  }

  /** A fight's pools per merchant (minor units), from its bets. */
  async pools(
    db: DbOrTx,
    fightId: string,
  ): Promise<Map<string, Pools & { currency: string; scale: number }>> {
    const rows = (await db.execute(sql`
      select merchant_code, currency, scale, side, sum(stake)::text as total, count(*)::int as n
      from cockfight_bets where fight_id = ${fightId}
      group by merchant_code, currency, scale, side`)) as unknown as {
      rows: {
        merchant_code: string;
        currency: string;
        scale: number;
        side: 'meron' | 'wala' | 'draw';
        total: string;
        n: number;
      }[];
    };
    const out = new Map<string, Pools & { currency: string; scale: number }>();
    for (const r of rows.rows) {
      const p = out.get(r.merchant_code) ?? {
        meron: 0n,
        wala: 0n,
        draw: 0n,
        bets: 0,
        currency: r.currency,
        scale: r.scale,
      };
      p[r.side] += BigInt(r.total);
      p.bets += r.n;
      out.set(r.merchant_code, p);
    }
    return out;
  }

  /** Every merchant's board of a fight (the console's exposure, the feed's state). */
  async boards(db: DbOrTx, fight: FightRow): Promise<Record<string, FightBoard>> {
    const pools = await this.pools(db, fight.id);
    return Object.fromEntries(
      [...pools].map(([m, p]) => [m, boardWire(p, termsOf(fight), p.currency, p.scale)]),
    );
  }

  private emptyBoard(merchant: MerchantInfo, fight: FightRow): FightBoard {
    return boardWire(
      { meron: 0n, wala: 0n, draw: 0n, bets: 0 },
      termsOf(fight),
      merchant.currency,
      merchant.currencyScale,
    );
  }

  async limitsOf(db: DbOrTx, arena: string, merchant: MerchantInfo) {
    const [row] = await db
      .select()
      .from(cockfightArenaLimits)
      .where(
        and(
          eq(cockfightArenaLimits.arena, arena),
          eq(cockfightArenaLimits.currency, merchant.currency),
        ),
      );
    const unit = 10n ** BigInt(merchant.currencyScale);
    return row ?? { minBet: 10n * unit, maxBet: 50_000n * unit, drawMaxBet: 5_000n * unit };
  }

  /** The arenas this merchant's catalogue offers (an arena is a catalogue entry, off by default). */
  private offered(merchantCode: string) {
    return houseEntries(this.deps.games, merchantCode, cockfightVendor, 'TAYA_SABONG_');
  }

  private async catalogGame(merchantCode: string, arena: string) {
    const entry = (await this.offered(merchantCode)).get(arenaGameCode(arena));
    if (!entry) throw new AppError('not_found', 'No such arena');
    return entry;
  }

  private async arenaEntry(arena: ArenaRow, merchant: MerchantInfo) {
    const fight = await this.currentFight(this.db, arena.code);
    const limits = await this.limitsOf(this.db, arena.code, merchant);
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    const pools = fight
      ? (await this.pools(this.db, fight.id)).get(merchant.merchantCode)
      : undefined;
    return {
      ...arenaWire(arena),
      fight: fight ? fightWire(fight) : null,
      board: fight
        ? pools
          ? boardWire(pools, termsOf(fight), pools.currency, pools.scale)
          : this.emptyBoard(merchant, fight)
        : null,
      currency: merchant.currency,
      minBet: dec(limits.minBet),
      maxBet: dec(limits.maxBet),
      drawMaxBet: dec(limits.drawMaxBet),
    };
  }

  /** GET /cockfight: the merchant's arenas (none while the category is off). */
  async lobby(merchantCode: string | undefined): Promise<CockfightLobby> {
    const merchant = await this.merchant(merchantCode);
    const offered = await this.offered(merchant.merchantCode);
    const rows = (await this.arenaRows()).filter((a) => offered.has(arenaGameCode(a.code)));
    return { arenas: await Promise.all(rows.map((a) => this.arenaEntry(a, merchant))) };
  }

  /** GET /cockfight/:arena: the arena now, with the results of the last 24 hours (up to 100). */
  async arena(code: string, merchantCode: string | undefined): Promise<ArenaState> {
    const merchant = await this.merchant(merchantCode);
    const arena = await this.arenaRow(code);
    await this.catalogGame(merchant.merchantCode, code);
    const since = new Date(this.deps.now() - 24 * 3_600_000);
    const settled = await this.db
      .select()
      .from(cockfightFights)
      .where(
        and(
          eq(cockfightFights.arena, code),
          eq(cockfightFights.status, 'settled'),
          gte(cockfightFights.settledAt, since),
        ),
      )
      .orderBy(desc(cockfightFights.number))
      .limit(100);
    return {
      ...(await this.arenaEntry(arena, merchant)),
      results: settled.reverse().map((f) => {
        const book = f.books[merchant.merchantCode];
        const wire = fightWire(f);
        return {
          number: f.number,
          result: book?.result ?? wire.result!,
          meronOdds: book?.meronOdds != null ? sabongOddsText(book.meronOdds) : null,
          walaOdds: book?.walaOdds != null ? sabongOddsText(book.walaOdds) : null,
          settledAt: f.settledAt!.toISOString(),
        };
      }),
      serverNow: new Date(this.deps.now()).toISOString(),
    };
  }

  /** The feed's first message: every arena, its fight and every merchant's board. */
  async feedState() {
    const arenas = await this.arenaRows();
    return {
      arenas: await Promise.all(
        arenas.map(async (a) => {
          const fight = await this.currentFight(this.db, a.code);
          return {
            arena: arenaWire(a),
            fight: fight ? fightWire(fight) : null,
            boards: fight ? await this.boards(this.db, fight) : {},
          };
        }),
      ),
    };
  }

  /**
   * A member's bet on one side of the fight taking bets (open or last call): at least the
   * arena's min bet, and the member's Meron + Wala stakes in the fight at most its max (Draw at
   * most its draw max). Held through the kernel in the merchant's round of the fight; a repeated
   * request id answers the same bet.
   */
  async bet(member: Member, code: string, body: FightBetBody): Promise<FightBetAnswer> {
    const merchant = await this.merchant(member.merchantCode);
    const arena = await this.arenaRow(code);
    const { game, maintenance } = await this.catalogGame(merchant.merchantCode, code);
    if (maintenance) throw new AppError('game_maintenance');
    const scale = merchant.currencyScale;
    const dec = (v: bigint) => minorToDecimal(v, scale);
    const player = member.accountId;
    const amount = parseAmount(body.amount, scale);
    if (amount === null || amount <= 0n)
      throw fieldError('amount', 'invalid', `an amount above zero with at most ${scale} decimals`);
    const limits = await this.limitsOf(this.db, code, merchant);
    const max = body.side === 'draw' ? limits.drawMaxBet : limits.maxBet;
    if (amount < limits.minBet)
      throw fieldError('amount', 'invalid', `the smallest bet is ${dec(limits.minBet)}`);
    if (amount > max) throw fieldError('amount', 'invalid', `the largest bet is ${dec(max)}`);
    const names = await this.deps.identity.usernames([player]);
    const name = maskName(names.get(player) ?? 'player');
    const fightId = fightIdOf(code, body.fight);
    const placed = await this.db.transaction(async (tx) => {
      const [fight] = await tx
        .select()
        .from(cockfightFights)
        .where(eq(cockfightFights.id, fightId))
        .for('share');
      if (
        arena.status !== 'open' ||
        !fight ||
        (fight.status !== 'open' && fight.status !== 'last-call')
      )
        throw new AppError('conflict', 'Betting is closed for this fight');
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`sabong-bet:${player}:${body.requestId}`}, 0))`,
      );
      const again = await this.byRequest(tx, player, body.requestId);
      if (again) return { row: again, fight, balance: null };
      const earlier = await tx
        .select({ side: cockfightBets.side, stake: cockfightBets.stake })
        .from(cockfightBets)
        .where(and(eq(cockfightBets.fightId, fightId), eq(cockfightBets.player, player)));
      const sameKind = earlier
        .filter((b) => (b.side === 'draw') === (body.side === 'draw'))
        .reduce((s, b) => s + b.stake, 0n);
      if (sameKind + amount > max)
        throw fieldError(
          'amount',
          'invalid',
          `at most ${dec(max)} ${body.side === 'draw' ? 'on Draw' : 'on Meron and Wala'} in a fight`,
        );
      const id = randomUUID();
      const kernelRound = kernelRoundOf(fightId, merchant.merchantCode);
      await this.deps.play.openSharedRound(tx, {
        id: kernelRound,
        merchantCode: merchant.merchantCode,
        gameId: game.id,
        gameCode: game.gameCode,
        gameType: game.gameType,
        vendorCode: cockfightVendor,
        engine: 'taya-sabong@1',
        state: { shared: true, arena: code, fight: body.fight },
        seedCommitment: null,
        // Recovery returns every stake should a fight stay unsettled for two days.
        recoverAfter: new Date(this.deps.now() + 48 * 3_600_000),
      });
      const held = await this.deps.play.placeMany(tx, {
        bets: [
          {
            id,
            roundId: kernelRound,
            merchantCode: merchant.merchantCode,
            currency: merchant.currency,
            player,
            stake: amount,
            key: `sabong:${fightId}:${player}:${body.requestId}`,
            actor: `game:${game.gameCode}`,
            detail: { arena: code, fight: body.fight, side: body.side },
          },
        ],
      });
      const [row] = await tx
        .insert(cockfightBets)
        .values({
          id,
          fightId,
          arena: code,
          merchantCode: merchant.merchantCode,
          player,
          name,
          currency: merchant.currency,
          scale,
          requestId: body.requestId,
          side: body.side,
          stake: amount,
          kernelRoundId: kernelRound,
        })
        .returning();
      return { row: row!, fight, balance: held.cashAfter.get(player)! };
    });
    const pools = (await this.pools(this.db, fightId)).get(merchant.merchantCode);
    const board = pools
      ? boardWire(pools, termsOf(placed.fight), merchant.currency, scale)
      : this.emptyBoard(merchant, placed.fight);
    if (placed.balance !== null)
      this.deps.feed.publish({
        type: 'board',
        arena: code,
        fight: body.fight,
        merchantCode: merchant.merchantCode,
        board,
      });
    const cash =
      placed.balance ??
      (await this.deps.wallet.cashBalance(
        { merchantCode: merchant.merchantCode, currency: merchant.currency },
        player,
      ));
    return {
      ...betWire(placed.row, placed.fight.number),
      balance: minorToDecimal(cash, scale),
      board,
    };
  }

  private async byRequest(db: DbOrTx, player: string, requestId: string) {
    const [row] = await db
      .select()
      .from(cockfightBets)
      .where(and(eq(cockfightBets.player, player), eq(cockfightBets.requestId, requestId)));
    return row ?? null;
  }

  /** A member's last 50 bets with their fights. */
  async mine(member: Member, arena?: string): Promise<MyFightBets> {
    const rows = await this.db
      .select({ bet: cockfightBets, fight: cockfightFights })
      .from(cockfightBets)
      .innerJoin(cockfightFights, eq(cockfightFights.id, cockfightBets.fightId))
      .where(
        and(
          eq(cockfightBets.player, member.accountId),
          arena ? eq(cockfightBets.arena, arena) : undefined,
        ),
      )
      .orderBy(desc(cockfightBets.createdAt))
      .limit(50);
    return {
      list: rows.map(({ bet, fight }) => ({
        ...betWire(bet, fight.number),
        meron: fight.meron,
        wala: fight.wala,
        result:
          fight.status === 'settled'
            ? (fight.books[bet.merchantCode]?.result ?? fightWire(fight).result)
            : null,
      })),
    };
  }

  /** Bets of a fight, for settlement (locked by the caller's fight lock). */
  fightBets(tx: Tx, fightId: string): Promise<FightBetRow[]> {
    return tx
      .select()
      .from(cockfightBets)
      .where(eq(cockfightBets.fightId, fightId))
      .orderBy(asc(cockfightBets.id));
  }

  async writePayouts(tx: Tx, paid: { id: string; payout: bigint }[]): Promise<void> {
    for (let i = 0; i < paid.length; i += 500) {
      const values = sql.join(
        paid.slice(i, i + 500).map((p) => sql`(${p.id}::text, ${p.payout.toString()}::bigint)`),
        sql`, `,
      );
      await tx.execute(sql`
        update cockfight_bets b set payout = v.payout
        from (values ${values}) as v(id, payout) where b.id = v.id`);
    }
  }
}
