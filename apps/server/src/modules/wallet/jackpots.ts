import type { LedgerEntryType } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { move } from './grants';
import type { Ledger, PostedEntry, PostingInput } from './ledger';
import { accountKinds } from './model';

/**
 * A progressive jackpot pool's money: `shards` ledger accounts (kind `jackpot_pool`, sub-kind
 * `<pool id>:shard-<n>`), so bets feeding it do not queue on one row.
 */
export interface JackpotPoolRef {
  merchantCode: string;
  currency: string;
  poolId: string;
}

export interface JackpotPayInput extends JackpotPoolRef {
  /** How many shard accounts the pool spreads over. */
  shards: number;
  /** The winner, paid into cash. */
  player: string;
  key: string;
  actor: string;
  reference?: string | null;
  metadata?: Record<string, unknown>;
}

export interface JackpotSeedInput extends JackpotPoolRef {
  amount: bigint;
  /** Whose house shard pays the seed (the winner's for a restart, the pool's for the first). */
  houseFor: string;
  key: string;
  actor: string;
  reference?: string | null;
  metadata?: Record<string, unknown>;
}

/** Accounts and locks the pools' movements need, from the wallet. */
export interface JackpotAccounts {
  cash(merchantCode: string, currency: string, player: string, db: DbOrTx): Promise<string>;
  house(merchantCode: string, currency: string, key: string, db: DbOrTx): Promise<string>;
  lock(tx: DbOrTx, accountIds: string[]): Promise<Map<string, bigint>>;
}

/** A pool's payout to a winner and its seeds from the house. */
export class JackpotMoney {
  constructor(
    private readonly ledger: Ledger<LedgerEntryType>,
    private readonly accounts: JackpotAccounts,
  ) {}

  /** One shard account of a pool, opened on first use. */
  account(db: DbOrTx, pool: JackpotPoolRef, shard: number): Promise<string> {
    return this.ledger.account(
      {
        merchantCode: pool.merchantCode,
        currency: pool.currency,
        ownerId: null,
        kind: accountKinds.jackpotPool,
        subKind: `${pool.poolId}:shard-${shard}`,
      },
      db,
    );
  }

  /** Every shard account of a pool, in shard order. */
  shardAccounts(db: DbOrTx, pool: JackpotPoolRef, shards: number): Promise<string[]> {
    return Promise.all(Array.from({ length: shards }, (_, shard) => this.account(db, pool, shard)));
  }

  /**
   * Pays the pool's whole value (every shard's balance) into the winner's cash, inside `tx`.
   * First locks, in id order in one statement as `ledger_post` locks them, the shards, the
   * winner's cash and the winner's house shard (the restart's seed comes from it next), so the
   * payout and bets feeding the pool never wait on each other in a circle. Answers the entry
   * (null when the pool held nothing) and the amount paid.
   */
  async pay(
    tx: DbOrTx,
    input: JackpotPayInput,
  ): Promise<{ entryId: string | null; amount: bigint }> {
    const shards = await this.shardAccounts(tx, input, input.shards);
    const cash = await this.accounts.cash(input.merchantCode, input.currency, input.player, tx);
    const house = await this.accounts.house(input.merchantCode, input.currency, input.player, tx);
    const balances = await this.accounts.lock(tx, [...shards, cash, house]);
    const postings: PostingInput[] = shards
      .filter((id) => (balances.get(id) ?? 0n) > 0n)
      .map((id) => ({ accountId: id, amount: -balances.get(id)! }));
    const amount = postings.reduce((sum, p) => sum - p.amount, 0n);
    if (amount <= 0n) return { entryId: null, amount };
    const posted = await this.ledger.post(
      {
        merchantCode: input.merchantCode,
        idempotencyKey: input.key,
        type: 'jackpot_win',
        actor: input.actor,
        reference: input.reference,
        metadata: input.metadata,
        postings: [...postings, { accountId: cash, amount }],
      },
      tx,
    );
    return { entryId: posted.entryId, amount };
  }

  /** Puts a seed into the pool's first shard from a house shard. */
  async seed(db: DbOrTx, input: JackpotSeedInput): Promise<PostedEntry> {
    const first = await this.account(db, input, 0);
    const house = await this.accounts.house(input.merchantCode, input.currency, input.houseFor, db);
    return move(this.ledger, db, {
      merchantCode: input.merchantCode,
      from: house,
      to: first,
      amount: input.amount,
      type: 'jackpot_seed',
      key: input.key,
      actor: input.actor,
      reference: input.reference,
      metadata: input.metadata,
    });
  }
}
