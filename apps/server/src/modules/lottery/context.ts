import { sql } from 'drizzle-orm';
import type { MerchantInfo } from '@taya/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { GamesService } from '../games';
import type { PlayKernel } from '../play';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import type { LotteryOptions } from './model';

/** The catalog (which merchant lists which lottery game), kept by the games module. */
export type LotteryCatalog = Pick<GamesService, 'catalog' | 'enabledGameCodes' | 'catalogEntry'>;

export interface LotteryDeps {
  db: Db;
  system: SystemService;
  wallet: WalletService;
  /** The wagering kernel: every stake, payout and refund (and the bet records) go through it. */
  play: PlayKernel;
  games: LotteryCatalog;
  options: LotteryOptions;
}

/** What each part of the lottery (hall, betting, draws, settlement) works with. */
export abstract class LotteryPart {
  readonly db: Db;
  readonly system: SystemService;
  readonly wallet: WalletService;
  readonly play: PlayKernel;
  readonly games: LotteryCatalog;
  readonly options: LotteryOptions;

  constructor(deps: LotteryDeps) {
    this.db = deps.db;
    this.system = deps.system;
    this.wallet = deps.wallet;
    this.play = deps.play;
    this.games = deps.games;
    this.options = deps.options;
  }

  merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  /** A member's cash balance (read in the caller's transaction, after its own moves). */
  cashBalance(merchant: MerchantInfo, accountId: string, db?: DbOrTx): Promise<bigint> {
    return this.wallet.cashBalance(merchant, accountId, db);
  }

  async lock(tx: Tx, key: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}
