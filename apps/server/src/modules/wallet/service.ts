import { minorToDecimal, walletAccountTypes, type WalletBalance } from '@taya/contracts';
import type { Db } from '../../platform/db';
import type { SystemService } from '../system/service';
import { Ledger } from './ledger';

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
    db: Db,
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
}
