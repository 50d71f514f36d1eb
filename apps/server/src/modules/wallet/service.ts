import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { minorToDecimal, walletAccountTypes, type WalletBalance } from '@taya/contracts';
import type { Db } from '../../platform/db';
import type { SystemService } from '../system/service';
import { Ledger } from './ledger';
import { ledgerEntries, ledgerPostings } from './schema';

/** Account kinds of the ledger, by owner. */
export const accountKinds = {
  memberCash: 'member_cash',
  memberBonus: 'member_bonus',
  withdrawalHold: 'withdrawal_hold',
  house: 'house',
  paymentClearing: 'payment_clearing',
  bonusExpense: 'bonus_expense',
  commissionExpense: 'commission_expense',
} as const;

/** Players' wallets on top of the ledger: which accounts a member has, and what they hold. */
export class WalletService {
  readonly ledger: Ledger;

  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
  ) {
    this.ledger = new Ledger(db);
  }

  async cashAccount(merchantCode: string, ownerId: string): Promise<string> {
    const merchant = await this.system.merchantFor(merchantCode, undefined);
    return this.ledger.account({
      merchantCode: merchant.merchantCode,
      currency: merchant.currency,
      ownerId,
      kind: accountKinds.memberCash,
    });
  }

  async balance(merchantCode: string, ownerId: string): Promise<WalletBalance> {
    const merchant = await this.system.merchantFor(merchantCode, undefined);
    const cash = await this.ledger.balance(await this.cashAccount(merchant.merchantCode, ownerId));
    const main = minorToDecimal(cash, merchant.currencyScale);
    return {
      sumBalance: main,
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      balance: [{ accountTypeId: walletAccountTypes.main, availBalance: main }],
    };
  }

  /** The account record (SPEC transactionHistory): the member's cash movements, newest first. */
  async transactions(
    member: { accountId: string; merchantCode: string },
    query: {
      type?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
      page: number;
      size: number;
    },
  ) {
    const merchant = await this.system.merchantFor(member.merchantCode, undefined);
    const cash = await this.cashAccount(merchant.merchantCode, member.accountId);
    const rows = await this.db
      .select({
        id: ledgerPostings.id,
        createdAt: ledgerPostings.createdAt,
        type: ledgerPostings.type,
        amount: ledgerPostings.amount,
        balanceAfter: ledgerPostings.balanceAfter,
        entryId: ledgerPostings.entryId,
        // The business object the movement belongs to (a deposit order, a withdrawal), not the entry.
        reference: ledgerEntries.reference,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
      .where(
        and(
          eq(ledgerPostings.accountId, cash),
          ...(query.type ? [eq(ledgerPostings.type, query.type)] : []),
          ...(query.from ? [gte(ledgerPostings.createdAt, new Date(query.from))] : []),
          ...(query.to ? [lt(ledgerPostings.createdAt, new Date(query.to))] : []),
        ),
      )
      .orderBy(desc(ledgerPostings.createdAt), desc(ledgerPostings.id))
      .limit(query.size + 1)
      .offset((query.page - 1) * query.size);
    return {
      list: rows.slice(0, query.size).map((r) => ({
        id: r.id.toString(),
        time: r.createdAt.toISOString(),
        type: r.type,
        amount: minorToDecimal(r.amount, merchant.currencyScale),
        balanceAfter: minorToDecimal(r.balanceAfter, merchant.currencyScale),
        reference: r.reference ?? r.entryId,
      })),
      page: query.page,
      size: query.size,
      hasMore: rows.length > query.size,
    };
  }
}
