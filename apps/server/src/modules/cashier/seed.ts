import type { Seed } from '../../platform/seed';
import { merchantCodes } from '../system';
import { cashierSettings, paymentChannels } from './schema';

/** Payment channels and cashier rules each market starts with (amounts in minor units). */
export const cashierBaseSeed: Seed = {
  name: 'cashier/base@1',
  async run(tx) {
    await tx.insert(paymentChannels).values([
      {
        merchantCode: merchantCodes.ph,
        code: 'BANK',
        kind: 'bank_transfer',
        name: 'Bank transfer',
        minAmount: 100_00n,
        maxAmount: 50_000_00n,
        receiving: {
          bank: 'BDO Unibank',
          accountName: 'Taya Gaming Inc.',
          accountNumber: '0012 3456 7890',
        },
        sort: 0,
      },
      {
        merchantCode: merchantCodes.ph,
        code: 'SANDBOXPAY',
        kind: 'online',
        name: 'Online payment (sandbox)',
        gateway: 'sandbox',
        minAmount: 50_00n,
        maxAmount: 100_000_00n,
        sort: 1,
      },
      {
        merchantCode: merchantCodes.mm,
        code: 'BANK',
        kind: 'bank_transfer',
        name: 'Bank transfer',
        minAmount: 5_000_00n,
        maxAmount: 5_000_000_00n,
        receiving: {
          bank: 'KBZ Bank',
          accountName: 'Taya Gaming Co., Ltd.',
          accountNumber: '0251 0010 0123 4567',
        },
        sort: 0,
      },
      {
        merchantCode: merchantCodes.mm,
        code: 'SANDBOXPAY',
        kind: 'online',
        name: 'Online payment (sandbox)',
        gateway: 'sandbox',
        minAmount: 2_000_00n,
        maxAmount: 10_000_000_00n,
        sort: 1,
      },
    ]);
    await tx.insert(cashierSettings).values([
      {
        merchantCode: merchantCodes.ph,
        withdrawMin: 100_00n,
        withdrawMax: 50_000_00n,
        withdrawDailyCount: 5,
        turnoverMultipleTenths: 10,
        confirmMinutes: 60,
      },
      {
        merchantCode: merchantCodes.mm,
        withdrawMin: 5_000_00n,
        withdrawMax: 5_000_000_00n,
        withdrawDailyCount: 5,
        turnoverMultipleTenths: 10,
        confirmMinutes: 60,
      },
    ]);
  },
};
