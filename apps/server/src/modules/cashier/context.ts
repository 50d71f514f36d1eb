import { eq } from 'drizzle-orm';
import { parseAmount, type MerchantInfo } from '@taya/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { IdentityService } from '../identity';
import type { SystemService } from '../system';
import type { UploadService } from '../uploads';
import type { WalletService } from '../wallet';
import { fieldError } from './model';
import { cashierSettings } from './schema';

/**
 * What every cashier use case shares: the database, the services it calls, and the merchant,
 * amount and settings look-ups.
 */
export class CashierContext {
  constructor(
    readonly db: Db,
    readonly system: SystemService,
    readonly wallet: WalletService,
    readonly identity: IdentityService,
    readonly uploads: UploadService,
  ) {}

  /** A merchant by code; without one (a visitor who sent none), the default merchant. */
  merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  amount(text: string, merchant: MerchantInfo, path = 'amount'): bigint {
    const minor = parseAmount(text, merchant.currencyScale);
    if (minor === null || minor <= 0n)
      throw fieldError(path, 'Enter an amount above zero with at most two decimals');
    return minor;
  }

  async settings(merchantCode: string) {
    const [row] = await this.db
      .select()
      .from(cashierSettings)
      .where(eq(cashierSettings.merchantCode, merchantCode));
    if (!row) throw new AppError('function.not.available', 'The cashier is not configured');
    return row;
  }
}
