import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  parseAmount,
  type LiveBetAnswer,
  type LiveBetBody,
  type LiveLobby,
  type LiveMyBets,
  type LiveRound,
  type LiveShoeRecord,
  type LiveTable,
  type LiveTablePublic,
  type LiveTableState,
  type MerchantInfo,
} from '@taya/contracts';
import { multiplierText } from '@taya/games';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { houseEntries, maskName, type GamesService } from '../games';
import type { IdentityService } from '../identity';
import type { PlayKernel } from '../play';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import type { LiveFeed } from './feed';
import { liveGameKind } from './games';
import { liveBets, liveRounds, liveShoes, liveTableLimits, liveTables } from './schema';
import {
  betWire,
  kernelRoundIdOf,
  resultWire,
  roundIdOf,
  shoeWire,
  type LiveRoundRow,
  type LiveShoeRow,
  type LiveTableRow,
} from './wire';

/** The in-house vendor of the live tables' catalogue entries. */
export const liveVendor = 'TAYA';

export interface LiveOptions {
  /** How long the result shows before the next round opens. */
  resultMs: number;
  /** The pause between shoes (the shuffle shown on the pages). */
  shuffleMs: number;
  now: () => number;
}

export interface Member {
  merchantCode: string;
  accountId: string;
}

const stakeProblem = (index: number, message: string) =>
  new AppError('request_param_err', `Invalid body: stakes.${index} (${message})`, [
    { path: `stakes.${index}`, code: 'invalid', message },
  ]);

/** The catalogue code of a table (`TAYA_LIVE_BAC-1` → the tile that opens /live/BAC-1). */
export const liveGameCode = (table: string) => `TAYA_LIVE_${table}`;

/**
 * The live tables for players: the lobby, a table's state, bets into the round taking bets and
 * each member's bets. The rounds are driven by `LiveRunner`.
 */
export class LiveService {
  constructor(
    readonly db: Db,
    readonly deps: {
      play: PlayKernel;
      system: Pick<SystemService, 'merchantFor'>;
      games: Pick<GamesService, 'catalog'>;
      identity: Pick<IdentityService, 'usernames'>;
      wallet: Pick<WalletService, 'cashBalance'>;
      feed: LiveFeed;
      options: LiveOptions;
    },
  ) {}

  get now(): number {
    return this.deps.options.now();
  }

  merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.deps.system.merchantFor(code, undefined);
  }

  async tableRows(db: DbOrTx = this.db): Promise<LiveTableRow[]> {
    return db.select().from(liveTables).orderBy(asc(liveTables.sort), asc(liveTables.code));
  }

  async tableRow(code: string, db: DbOrTx = this.db): Promise<LiveTableRow> {
    const [row] = await db.select().from(liveTables).where(eq(liveTables.code, code));
    if (!row) throw new AppError('not_found', 'No such table');
    return row;
  }

  /** The newest round of a table (null before the first). */
  async liveRound(db: DbOrTx, table: string): Promise<LiveRoundRow | null> {
    const [row] = await db
      .select()
      .from(liveRounds)
      .where(eq(liveRounds.table, table))
      .orderBy(desc(liveRounds.number))
      .limit(1);
    return row ?? null;
  }

  /** The shoe a card table deals from now, or its last one. */
  async currentShoe(db: DbOrTx, table: string): Promise<LiveShoeRow | null> {
    const [row] = await db
      .select()
      .from(liveShoes)
      .where(eq(liveShoes.table, table))
      .orderBy(desc(liveShoes.number))
      .limit(1);
    return row ?? null;
  }

  liveWire(table: LiveTableRow, live: LiveRoundRow | null): LiveRound {
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const now = this.now;
    const kind = liveGameKind(table.game, table.variant);
    const dealingEndsAt = live?.dealtAt ? new Date(live.dealtAt.getTime() + kind.dealingMs) : null;
    const phase: LiveRound['phase'] = !live
      ? table.status === 'paused'
        ? 'paused'
        : 'shuffling'
      : live.status === 'betting'
        ? 'betting'
        : dealingEndsAt && now < dealingEndsAt.getTime() && live.status === 'dealt'
          ? 'dealing'
          : table.status === 'paused'
            ? 'paused'
            : 'result';
    return {
      round: live?.number ?? 0,
      phase,
      serverSeedHash: live?.seedHash ?? null,
      bettingEndsAt: iso(live?.bettingEndsAt ?? null),
      dealingEndsAt: iso(dealingEndsAt),
      nextAt: iso(live?.nextAt ?? null),
      result: live ? resultWire(table, live) : null,
      serverNow: new Date(now).toISOString(),
    };
  }

  /** A table as every watcher sees it: its round, the shoe's results (or last spins), players. */
  async publicTable(table: LiveTableRow, db: DbOrTx = this.db): Promise<LiveTablePublic> {
    const kind = liveGameKind(table.game, table.variant);
    const live = await this.liveRound(db, table.code);
    const shoe = kind.shoe ? await this.currentShoe(db, table.code) : null;
    const rounds = shoe
      ? await db
          .select()
          .from(liveRounds)
          .where(and(eq(liveRounds.shoeId, shoe.id), eq(liveRounds.status, 'dealt')))
          .orderBy(asc(liveRounds.hand))
      : (
          await db
            .select()
            .from(liveRounds)
            .where(and(eq(liveRounds.table, table.code), eq(liveRounds.status, 'dealt')))
            .orderBy(desc(liveRounds.number))
            .limit(100)
        ).reverse();
    const since = (live?.number ?? 0) - 10;
    const [players] = await db
      .select({ n: sql<number>`count(distinct ${liveBets.player})::int` })
      .from(liveBets)
      .innerJoin(liveRounds, eq(liveRounds.id, liveBets.roundId))
      .where(and(eq(liveRounds.table, table.code), gt(liveRounds.number, since)));
    return {
      code: table.code,
      game: table.game as LiveTablePublic['game'],
      variant: table.variant,
      name: table.name,
      status: table.status,
      bettingMs: table.bettingMs,
      players: players?.n ?? 0,
      live: this.liveWire(table, live),
      results: rounds.map((r) => resultWire(table, r)!),
      shoe: shoe ? shoeWire(shoe) : null,
    };
  }

  /** Every table as the feed's first message. */
  async feedState(): Promise<{ tables: LiveTablePublic[] }> {
    const tables = await this.tableRows();
    return { tables: await Promise.all(tables.map((t) => this.publicTable(t))) };
  }

  /** A table's limits in the merchant's currency (minor units). */
  async limitsOf(db: DbOrTx, table: string, merchant: MerchantInfo) {
    const [row] = await db
      .select()
      .from(liveTableLimits)
      .where(
        and(eq(liveTableLimits.table, table), eq(liveTableLimits.currency, merchant.currency)),
      );
    const unit = 10n ** BigInt(merchant.currencyScale);
    return row ?? { minBet: 10n * unit, maxBet: 50_000n * unit, sideMaxBet: 5_000n * unit };
  }

  /** The tables this merchant's catalogue offers (each table is a catalogue entry). */
  private offered(merchantCode: string) {
    return houseEntries(this.deps.games, merchantCode, liveVendor, 'TAYA_LIVE_');
  }

  private async catalogGame(merchantCode: string, table: string) {
    const entry = (await this.offered(merchantCode)).get(liveGameCode(table));
    if (!entry) throw new AppError('not_found', 'No such table');
    return entry;
  }

  /** GET /live-tables: the merchant's tables with their state and limits. */
  async lobby(merchantCode: string | undefined): Promise<LiveLobby> {
    const merchant = await this.merchant(merchantCode);
    const offered = await this.offered(merchant.merchantCode);
    const rows = (await this.tableRows()).filter((t) => offered.has(liveGameCode(t.code)));
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    return {
      tables: await Promise.all(
        rows.map(async (t): Promise<LiveTable> => {
          const limits = await this.limitsOf(this.db, t.code, merchant);
          return {
            ...(await this.publicTable(t)),
            currency: merchant.currency,
            minBet: dec(limits.minBet),
            maxBet: dec(limits.maxBet),
          };
        }),
      ),
    };
  }

  /** GET /live-tables/:code: a table, its spots and limits, the round's bets and totals. */
  async table(code: string, merchantCode: string | undefined): Promise<LiveTableState> {
    const merchant = await this.merchant(merchantCode);
    const table = await this.tableRow(code);
    const { maintenance } = await this.catalogGame(merchant.merchantCode, code);
    const kind = liveGameKind(table.game, table.variant);
    const limits = await this.limitsOf(this.db, code, merchant);
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    const pub = await this.publicTable(table);
    const bets =
      pub.live.round > 0
        ? await this.db
            .select()
            .from(liveBets)
            .where(eq(liveBets.roundId, roundIdOf(code, pub.live.round)))
            .orderBy(desc(liveBets.stake), asc(liveBets.createdAt))
            .limit(200)
        : [];
    return {
      ...pub,
      currency: merchant.currency,
      minBet: dec(limits.minBet),
      maxBet: dec(limits.maxBet),
      engine: kind.engine,
      maintenance,
      spots: kind.rules.spots.map((spot) => {
        const rtp = kind.spotRtp(spot);
        return {
          spot,
          pays: multiplierText(kind.rules.maxMultiplier(spot), 2),
          rtp: multiplierText({ num: rtp.num * 100n, den: rtp.den }, 4),
          minBet: dec(limits.minBet),
          maxBet: dec(kind.mainSpots.includes(spot) ? limits.maxBet : limits.sideMaxBet),
        };
      }),
      bets: bets.map((b) => betWire(b, kind.rules.spots)),
      totals: await this.totals(this.db, code, pub.live.round, merchant.currencyScale),
    };
  }

  /** The round's stakes per spot over every player, in the merchant's scale. */
  async totals(
    db: DbOrTx,
    table: string,
    round: number,
    scale: number,
  ): Promise<Record<string, string>> {
    if (round < 1) return {};
    const rows = (await db.execute(sql`
      select s.key as spot, sum((s.value #>> '{}')::bigint)::text as total
      from live_bets b, jsonb_each(b.stakes) s
      where b.round_id = ${roundIdOf(table, round)} and b.scale = ${scale}
      group by s.key`)) as unknown as { rows: { spot: string; total: string }[] };
    return Object.fromEntries(
      rows.rows.map((r) => [r.spot, minorToDecimal(BigInt(r.total), scale)]),
    );
  }

  /**
   * A member's bet: stakes on one or more spots of the table (each between the table's min bet
   * and the spot's max) into the round `body.round`, which must still be taking bets. Held
   * through the kernel as ONE kernel bet of the stakes' sum, in the merchant's shared kernel
   * round of this table round. A repeat of a request id answers the same bet.
   */
  async bet(member: Member, code: string, body: LiveBetBody): Promise<LiveBetAnswer> {
    const merchant = await this.merchant(member.merchantCode);
    const table = await this.tableRow(code);
    const { game, maintenance } = await this.catalogGame(merchant.merchantCode, code);
    if (maintenance) throw new AppError('game_maintenance');
    const kind = liveGameKind(table.game, table.variant);
    const scale = merchant.currencyScale;
    const player = member.accountId;
    const repeat = await this.byRequest(this.db, player, body.requestId);
    if (repeat) return this.answer(repeat, kind.rules.spots, merchant, null);
    const limits = await this.limitsOf(this.db, code, merchant);
    const dec = (v: bigint) => minorToDecimal(v, scale);
    const stakes = body.stakes.map((s, i) => {
      if (!kind.rules.spots.includes(s.spot)) throw stakeProblem(i, `no spot ${s.spot} here`);
      const amount = parseAmount(s.amount, scale);
      if (amount === null || amount <= 0n) throw stakeProblem(i, 'an amount above zero');
      const max = kind.mainSpots.includes(s.spot) ? limits.maxBet : limits.sideMaxBet;
      if (amount < limits.minBet)
        throw stakeProblem(i, `the smallest bet is ${dec(limits.minBet)}`);
      if (amount > max) throw stakeProblem(i, `the largest bet on ${s.spot} is ${dec(max)}`);
      return { spot: s.spot, amount };
    });
    const stake = stakes.reduce((sum, s) => sum + s.amount, 0n);
    const names = await this.deps.identity.usernames([player]);
    const name = maskName(names.get(player) ?? 'player');
    const now = this.now;
    const placed = await this.db.transaction(async (tx) => {
      const round = await this.bettingRound(tx, code, body.round, now);
      // Two sends of one request id queue here: the second then finds the first's bet.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`live-bet:${player}:${body.requestId}`}, 0))`,
      );
      const again = await this.byRequest(tx, player, body.requestId);
      if (again) return { row: again, balance: null };
      // A player's stakes on a spot in this round add up to at most the spot's max.
      const earlier = await tx
        .select({ stakes: liveBets.stakes })
        .from(liveBets)
        .where(and(eq(liveBets.roundId, round.id), eq(liveBets.player, player)));
      stakes.forEach((s, i) => {
        const before = earlier.reduce((sum, b) => sum + BigInt(b.stakes[s.spot] ?? '0'), 0n);
        const max = kind.mainSpots.includes(s.spot) ? limits.maxBet : limits.sideMaxBet;
        if (before + s.amount > max)
          throw stakeProblem(i, `at most ${dec(max)} on ${s.spot} in a round`);
      });
      const id = randomUUID();
      const kernelRound = kernelRoundIdOf(code, round.number, merchant.merchantCode);
      const detail = Object.fromEntries(stakes.map((s) => [s.spot, s.amount.toString()]));
      await this.deps.play.openSharedRound(tx, {
        id: kernelRound,
        merchantCode: merchant.merchantCode,
        gameId: game.id,
        gameCode: game.gameCode,
        gameType: game.gameType,
        vendorCode: liveVendor,
        engine: kind.engine,
        state: { shared: true, table: code, round: round.number, shoe: round.shoeId },
        seedCommitment: round.seedHash ?? (await this.shoeHash(tx, round.shoeId)),
        // Recovery voids the round (every stake back) should no runner deal it in an hour.
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
            key: `live:${code}:${round.number}:${player}:${body.requestId}`,
            actor: `game:${game.gameCode}`,
            detail: { table: code, round: round.number, stakes: detail },
          },
        ],
      });
      const [row] = await tx
        .insert(liveBets)
        .values({
          id,
          roundId: round.id,
          table: code,
          merchantCode: merchant.merchantCode,
          player,
          name,
          currency: merchant.currency,
          scale,
          requestId: body.requestId,
          stakes: detail,
          stake,
          kernelRoundId: kernelRound,
        })
        .returning();
      return { row: row!, balance: held.cashAfter.get(player)! };
    });
    if (placed.balance !== null) {
      const totals = await this.totals(this.db, code, body.round, scale);
      this.deps.feed.publish({ type: 'bet', ...betWire(placed.row, kind.rules.spots), totals });
    }
    return this.answer(placed.row, kind.rules.spots, merchant, placed.balance);
  }

  private async shoeHash(tx: Tx, shoeId: string | null): Promise<string | null> {
    if (!shoeId) return null;
    const [shoe] = await tx
      .select({ seedHash: liveShoes.seedHash })
      .from(liveShoes)
      .where(eq(liveShoes.id, shoeId));
    return shoe?.seedHash ?? null;
  }

  /** The round `number` of a table, share-locked while it takes bets (the runner deals it only once these bets are in). */
  private async bettingRound(tx: Tx, table: string, number: number, now: number) {
    const [round] = await tx
      .select()
      .from(liveRounds)
      .where(eq(liveRounds.id, roundIdOf(table, number)))
      .for('share');
    if (!round || round.status !== 'betting' || now >= round.bettingEndsAt.getTime())
      throw new AppError('conflict', 'Betting is closed; wait for the next round');
    return round;
  }

  private async byRequest(db: DbOrTx, player: string, requestId: string) {
    const [row] = await db
      .select()
      .from(liveBets)
      .where(and(eq(liveBets.player, player), eq(liveBets.requestId, requestId)));
    return row ?? null;
  }

  private async answer(
    row: typeof liveBets.$inferSelect,
    spots: readonly string[],
    merchant: MerchantInfo,
    balance: bigint | null,
  ): Promise<LiveBetAnswer> {
    const cash =
      balance ??
      (await this.deps.wallet.cashBalance(
        { merchantCode: merchant.merchantCode, currency: merchant.currency },
        row.player,
      ));
    return { ...betWire(row, spots), balance: minorToDecimal(cash, row.scale) };
  }

  /** A member's last 30 bets at every table, with their rounds' results. */
  async mine(member: Member, table?: string): Promise<LiveMyBets> {
    const rows = await this.db
      .select({ bet: liveBets, round: liveRounds, table: liveTables })
      .from(liveBets)
      .innerJoin(liveRounds, eq(liveRounds.id, liveBets.roundId))
      .innerJoin(liveTables, eq(liveTables.code, liveBets.table))
      .where(
        and(eq(liveBets.player, member.accountId), table ? eq(liveBets.table, table) : undefined),
      )
      .orderBy(desc(liveBets.createdAt))
      .limit(30);
    return {
      list: rows.map(({ bet, round, table: t }) => ({
        ...betWire(bet, liveGameKind(t.game, t.variant).rules.spots),
        result: resultWire(t, round),
        at: bet.createdAt.toISOString(),
      })),
    };
  }

  /** A shoe's hands; its seed once it has ended (anyone may then re-shuffle and check). */
  async shoe(code: string, number: number): Promise<LiveShoeRecord> {
    const table = await this.tableRow(code);
    const [shoe] = await this.db
      .select()
      .from(liveShoes)
      .where(and(eq(liveShoes.table, code), eq(liveShoes.number, number)));
    if (!shoe) throw new AppError('not_found', 'No such shoe');
    const rounds = await this.db
      .select()
      .from(liveRounds)
      .where(and(eq(liveRounds.shoeId, shoe.id), inArray(liveRounds.status, ['dealt'])))
      .orderBy(asc(liveRounds.hand));
    return {
      ...shoeWire(shoe),
      table: code,
      game: table.game as LiveShoeRecord['game'],
      results: rounds.map((r) => resultWire(table, r)!),
    };
  }
}
