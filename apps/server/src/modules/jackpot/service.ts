import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import {
  applyBps,
  bpsToRate,
  minorToDecimal,
  type Jackpot,
  type MerchantInfo,
} from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import type { SystemService } from '../system';
import { shardOf, type JackpotPoolRef, type PostingInput, type WalletService } from '../wallet';
import { jackpotHits, jackpotPools } from './schema';
import { ownEntry } from '../../platform/localised';

type PoolRow = typeof jackpotPools.$inferSelect;

/** How many ledger accounts a pool's money spreads over, so bets do not queue on one row. */
export const jackpotShards = 16;

/** A uniform integer in [0, max), from the CSPRNG, without modulo bias (max below 2^64). */
export function randomBelow(max: bigint): bigint {
  const span = 2n ** 64n;
  const limit = span - (span % max);
  for (;;) {
    const x = randomBytes(8).readBigUInt64BE(0);
    if (x < limit) return x % max;
  }
}

/** The wallet's name for a pool's money. */
function poolRef(pool: PoolRow): JackpotPoolRef {
  return { merchantCode: pool.merchantCode, currency: pool.currency, poolId: pool.id };
}

/** How long a node keeps the pools' settings, and the public view of their values. */
const poolsTtlMs = 30_000;
const viewTtlMs = 2_000;

/**
 * A bet's part in the pools: postings to add to the bet's own entry, and the pools it hit (the
 * seamless wallet records the hits with the bet, in the same statement).
 */
export interface BetContribution {
  postings: PostingInput[];
  /** Minor units the postings move out of the house's share of the stake. */
  total: bigint;
  hits: PoolRow[];
}

/**
 * Progressive jackpots. A pool's value is money in the ledger, not a display: every qualifying
 * bet moves `contributionBps` of its stake (rounded down to the minor unit) from the house's
 * share into the pool, in the bet's own entry, and hits the pool with probability
 * stake ÷ `hitOdds`, drawn with the CSPRNG. A hit is recorded in the bet's transaction and paid
 * in a transaction of its own right after: the whole pool to the player, and the pool restarts
 * at its seed, paid by the house. A hit left unpaid by a crash is paid by the
 * `jackpot.pay-hits` job.
 *
 * With Taya Fortune's pool (1 %, odds 10^9 minor units) a player's long-run return is the
 * game's 95.908 % plus the 1 % that feeds the pool, plus the seeds the house puts in.
 */
export class JackpotService {
  private readonly pools = new Map<string, { loadedAt: number; rows: PoolRow[] }>();
  private readonly views = new Map<string, { loadedAt: number; value: Jackpot }>();

  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly wallet: WalletService,
    /** Account names by id, for the masked name of the last winner. */
    private readonly usernames: (ids: string[]) => Promise<Map<string, string>>,
    private readonly mask: (name: string) => string,
    /** Vendors' display names in a merchant's catalog, by code. */
    private readonly vendorNames: (
      merchantCode: string,
      codes: string[],
    ) => Promise<Map<string, string>>,
  ) {}

  /** Drops a merchant's cached pools (call after an operator changes them). */
  invalidate(merchantCode: string): void {
    this.pools.delete(merchantCode);
    for (const key of this.views.keys()) {
      if (key.startsWith(`${merchantCode}:`)) this.views.delete(key);
    }
  }

  private async activePools(merchantCode: string): Promise<PoolRow[]> {
    const cached = this.pools.get(merchantCode);
    if (cached && Date.now() - cached.loadedAt < poolsTtlMs) return cached.rows;
    const rows = await this.db
      .select()
      .from(jackpotPools)
      .where(and(eq(jackpotPools.merchantCode, merchantCode), eq(jackpotPools.status, 'active')))
      .orderBy(asc(jackpotPools.createdAt), asc(jackpotPools.id));
    this.pools.set(merchantCode, { loadedAt: Date.now(), rows });
    return rows;
  }

  private shardAccount(pool: PoolRow, shard: number, db: DbOrTx) {
    return this.wallet.jackpotAccount(db, poolRef(pool), shard);
  }

  private shardAccounts(pool: PoolRow, db: DbOrTx): Promise<string[]> {
    return this.wallet.jackpotAccounts(db, poolRef(pool), jackpotShards);
  }

  /** Whether a bet of `stake` hits odds of `odds` (both minor units): probability stake ÷ odds. */
  static draws(
    stake: bigint,
    odds: bigint,
    random: (max: bigint) => bigint = randomBelow,
  ): boolean {
    if (stake >= odds) return true;
    return random(odds) < stake;
  }

  /** The active pools a vendor's bets feed in a merchant's currency (read before a bet's transaction). */
  async poolsFor(merchant: MerchantInfo, vendorCode: string): Promise<PoolRow[]> {
    return (await this.activePools(merchant.merchantCode)).filter(
      (p) => p.currency === merchant.currency && p.vendorCodes.includes(vendorCode),
    );
  }

  /**
   * What a bet gives the pools and which ones it hits. Call inside the bet's transaction (with
   * the pools `poolsFor` read before it) and add the postings to the bet's entry, taking
   * `total` from the house's side of it.
   */
  async contribute(
    tx: DbOrTx,
    pools: PoolRow[],
    bet: { playerId: string; stake: bigint },
  ): Promise<BetContribution> {
    const result: BetContribution = { postings: [], total: 0n, hits: [] };
    for (const pool of pools) {
      const share = applyBps(bet.stake, pool.contributionBps);
      if (share > 0n) {
        const shard = shardOf(bet.playerId, jackpotShards);
        result.postings.push({
          accountId: await this.shardAccount(pool, shard, tx),
          amount: share,
        });
        result.total += share;
      }
      if (JackpotService.draws(bet.stake, pool.hitOdds)) result.hits.push(pool);
    }
    return result;
  }

  /**
   * Records the hits a bet drew, in the bet's transaction (paid right after by `pay`, or by the
   * job should this process stop first). Answers the hits' ids.
   */
  async recordHits(
    tx: DbOrTx,
    bet: {
      merchantCode: string;
      accountId: string;
      vendorCode: string;
      roundId: string;
      betTxId: string;
      stake: bigint;
    },
    pools: PoolRow[],
  ): Promise<string[]> {
    if (pools.length === 0) return [];
    const rows = pools.map((pool) => ({
      id: randomUUID(),
      poolId: pool.id,
      merchantCode: bet.merchantCode,
      accountId: bet.accountId,
      vendorCode: bet.vendorCode,
      roundId: bet.roundId,
      betTxId: bet.betTxId,
      stake: bet.stake,
    }));
    await tx.insert(jackpotHits).values(rows).onConflictDoNothing();
    return rows.map((r) => r.id);
  }

  /**
   * Pays a hit: the pool's whole value to the player, then the pool's seed from the house.
   * The wallet's `payJackpot` locks every account the two touch first, in id order in one
   * statement, as `ledger_post` locks them, so a payout and the bets feeding the pool never wait
   * on each other in a circle. Paying a hit twice pays it once.
   */
  async pay(hitId: string): Promise<bigint | null> {
    const paid = await this.db.transaction(async (tx) => {
      const [hit] = await tx
        .select()
        .from(jackpotHits)
        .where(eq(jackpotHits.id, hitId))
        .for('update');
      if (!hit) return null;
      if (hit.status === 'paid') return hit.amount;
      const [pool] = await tx.select().from(jackpotPools).where(eq(jackpotPools.id, hit.poolId));
      if (!pool) return null;
      const { entryId, amount } = await this.wallet.payJackpot(tx, {
        ...poolRef(pool),
        shards: jackpotShards,
        player: hit.accountId,
        key: `jackpot:win:${hit.id}`,
        actor: `jackpot:${pool.id}`,
        reference: `${hit.vendorCode}:${hit.roundId}`,
        metadata: { poolId: pool.id, hitId: hit.id, roundId: hit.roundId },
      });
      await this.wallet.seedJackpot(tx, {
        ...poolRef(pool),
        amount: pool.seed,
        houseFor: hit.accountId,
        key: `jackpot:seed:${hit.id}`,
        actor: `jackpot:${pool.id}`,
        reference: hit.id,
        metadata: { poolId: pool.id },
      });
      await tx
        .update(jackpotHits)
        .set({ status: 'paid', amount, entryId, paidAt: new Date() })
        .where(eq(jackpotHits.id, hit.id));
      return amount;
    });
    if (paid !== null) this.dropViews();
    return paid;
  }

  private dropViews() {
    this.views.clear();
  }

  /** The `jackpot.pay-hits` job: hits a crash left unpaid, oldest first. */
  async payPending(olderThanMs = 10_000): Promise<number> {
    const pending = await this.db
      .select({ id: jackpotHits.id })
      .from(jackpotHits)
      .where(
        and(
          eq(jackpotHits.status, 'pending'),
          lt(jackpotHits.hitAt, new Date(Date.now() - olderThanMs)),
        ),
      )
      .orderBy(asc(jackpotHits.hitAt))
      .limit(100);
    for (const hit of pending) await this.pay(hit.id);
    return pending.length;
  }

  /**
   * Puts each active pool's first seed in from the house, once (the ledger's idempotency key
   * makes a second node's or a restart's attempt move nothing).
   */
  async seedPools(): Promise<void> {
    const pools = await this.db
      .select()
      .from(jackpotPools)
      .where(eq(jackpotPools.status, 'active'));
    for (const pool of pools) {
      await this.shardAccounts(pool, this.db);
      await this.wallet.seedJackpot(this.db, {
        ...poolRef(pool),
        amount: pool.seed,
        houseFor: pool.id,
        key: `jackpot:seed:${pool.id}:initial`,
        actor: `jackpot:${pool.id}`,
        reference: pool.id,
        metadata: { poolId: pool.id },
      });
    }
  }

  /** A pool's value now: the sum of its shards' balances. */
  async value(pool: PoolRow, db: DbOrTx = this.db): Promise<bigint> {
    return this.wallet.balanceTotal(await this.shardAccounts(pool, db), db);
  }

  /** The public view of a merchant's pools (`GET /wps/games/jackpot`), fresh within 2 s. */
  async view(merchantCode: string | undefined, language: string | undefined): Promise<Jackpot> {
    const merchant = await this.system.merchantFor(merchantCode, undefined);
    const lang = (language ?? merchant.defaultLanguage ?? 'en').toLowerCase();
    const key = `${merchant.merchantCode}:${lang}`;
    const cached = this.views.get(key);
    if (cached && Date.now() - cached.loadedAt < viewTtlMs) return cached.value;
    const pools = (await this.activePools(merchant.merchantCode)).filter(
      (p) => p.currency === merchant.currency,
    );
    const lastWins = pools.length
      ? await this.db
          .selectDistinctOn([jackpotHits.poolId])
          .from(jackpotHits)
          .where(
            and(
              inArray(
                jackpotHits.poolId,
                pools.map((p) => p.id),
              ),
              eq(jackpotHits.status, 'paid'),
            ),
          )
          .orderBy(jackpotHits.poolId, desc(jackpotHits.paidAt))
      : [];
    const names = await this.usernames(lastWins.map((w) => w.accountId));
    const vendorName = pools.length
      ? await this.vendorNames(merchant.merchantCode, [
          ...new Set(pools.flatMap((p) => p.vendorCodes)),
        ])
      : new Map<string, string>();
    const at = new Date().toISOString();
    const value: Jackpot = {
      pools: await Promise.all(
        pools.map(async (pool) => {
          const last = lastWins.find((w) => w.poolId === pool.id);
          return {
            id: pool.id,
            name: ownEntry(pool.names, lang) ?? pool.names.en ?? pool.id,
            currency: pool.currency,
            value: minorToDecimal(await this.value(pool), merchant.currencyScale),
            at,
            contributionPercent: bpsToRate(pool.contributionBps),
            vendors: pool.vendorCodes.map((code) => vendorName.get(code) ?? code),
            lastWin:
              last && last.amount !== null && last.paidAt
                ? {
                    customerName: this.mask(names.get(last.accountId) ?? 'player'),
                    amount: minorToDecimal(last.amount, merchant.currencyScale),
                    at: last.paidAt.toISOString(),
                  }
                : null,
          };
        }),
      ),
    };
    this.views.set(key, { loadedAt: Date.now(), value });
    return value;
  }

  /** The jackpot a round's bet hit, once paid (the slot page shows it with the spin). */
  async hitOf(vendorCode: string, roundId: string, accountId: string, language?: string) {
    const [hit] = await this.db
      .select({
        poolId: jackpotHits.poolId,
        amount: jackpotHits.amount,
        names: jackpotPools.names,
        merchantCode: jackpotHits.merchantCode,
      })
      .from(jackpotHits)
      .innerJoin(jackpotPools, eq(jackpotPools.id, jackpotHits.poolId))
      .where(
        and(
          eq(jackpotHits.vendorCode, vendorCode),
          eq(jackpotHits.roundId, roundId),
          eq(jackpotHits.accountId, accountId),
          eq(jackpotHits.status, 'paid'),
        ),
      )
      .limit(1);
    if (!hit || hit.amount === null) return null;
    const merchant = await this.system.merchantFor(hit.merchantCode, undefined);
    const lang = (language ?? 'en').toLowerCase();
    return {
      poolId: hit.poolId,
      name: ownEntry(hit.names, lang) ?? hit.names.en ?? hit.poolId,
      amount: minorToDecimal(hit.amount, merchant.currencyScale),
    };
  }
}
