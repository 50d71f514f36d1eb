import { eq } from 'drizzle-orm';
import { minorToDecimal, type MerchantInfo, type OpsCashierSettings } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import type { CashierContext } from './context';
import { fieldError } from './model';
import { cashierSettings } from './schema';

/**
 * The merchant's withdrawal review threshold, as operators read and set it: a withdrawal above
 * it is flagged `over_threshold` in the queue (null: no withdrawal is).
 */
export class ReviewThreshold {
  constructor(private readonly ctx: CashierContext) {}

  private async merchantNamed(code: string): Promise<MerchantInfo> {
    const merchant = await this.ctx.merchant(code);
    if (merchant.merchantCode !== code) throw new AppError('not_found', 'No such merchant');
    return merchant;
  }

  private view(merchant: MerchantInfo, threshold: bigint | null): OpsCashierSettings {
    return {
      merchantCode: merchant.merchantCode,
      currency: merchant.currency,
      reviewThreshold:
        threshold === null ? null : minorToDecimal(threshold, merchant.currencyScale),
    };
  }

  async get(merchantCode: string): Promise<OpsCashierSettings> {
    const merchant = await this.merchantNamed(merchantCode);
    const row = await this.ctx.settings(merchantCode);
    return this.view(merchant, row.reviewThreshold);
  }

  async set(
    merchantCode: string,
    threshold: string | null,
  ): Promise<{ before: OpsCashierSettings; after: OpsCashierSettings }> {
    const merchant = await this.merchantNamed(merchantCode);
    const minor =
      threshold === null ? null : this.ctx.amount(threshold, merchant, 'reviewThreshold');
    return this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ reviewThreshold: cashierSettings.reviewThreshold })
        .from(cashierSettings)
        .where(eq(cashierSettings.merchantCode, merchantCode))
        .for('update');
      if (!row) throw fieldError('merchantCode', 'The cashier of this merchant is not configured');
      await tx
        .update(cashierSettings)
        .set({ reviewThreshold: minor })
        .where(eq(cashierSettings.merchantCode, merchantCode));
      return {
        before: this.view(merchant, row.reviewThreshold),
        after: this.view(merchant, minor),
      };
    });
  }
}
