import { sql } from 'drizzle-orm';
import type { MerchantInfo } from '@taya/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { GamesService } from '../games';
import type { SystemService } from '../system';
import { accountKinds, type WalletService } from '../wallet';
import type { LotteryOptions } from './model';

/** Withdrawal turnover, kept by the cashier: a settled bet's valid bet counts toward it. */
export interface LotteryTurnover {
  /** Which of these members have turnover left to progress. */
  owing: (accountIds: string[], tx: Tx) => Promise<Set<string>>;
  /** Called in the settling transaction with a member's valid bet. */
  record: (accountId: string, validBet: bigint, tx: Tx) => Promise<void>;
}

/** The catalog (which merchant lists which lottery game) and bet records, kept by the games module. */
export type LotteryCatalog = Pick<
  GamesService,
  'catalog' | 'enabledGameCodes' | 'catalogEntry' | 'recordSettledBets'
>;

export interface LotteryDeps {
  db: Db;
  system: SystemService;
  wallet: WalletService;
  games: LotteryCatalog;
  turnover: LotteryTurnover;
  options: LotteryOptions;
}

/** What each part of the lottery (hall, betting, draws, settlement) works with. */
export abstract class LotteryPart {
  readonly db: Db;
  readonly system: SystemService;
  readonly wallet: WalletService;
  readonly games: LotteryCatalog;
  readonly turnover: LotteryTurnover;
  readonly options: LotteryOptions;

  constructor(deps: LotteryDeps) {
    this.db = deps.db;
    this.system = deps.system;
    this.wallet = deps.wallet;
    this.games = deps.games;
    this.turnover = deps.turnover;
    this.options = deps.options;
  }

  merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  cashAccount(merchant: MerchantInfo, accountId: string, db?: DbOrTx) {
    return this.wallet.ledger.account(
      {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        ownerId: accountId,
        kind: accountKinds.memberCash,
      },
      db,
    );
  }

  async lock(tx: Tx, key: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}
