import type { Seed } from '../../platform/seed';
import { merchantCodes } from '../system';
import { vendorWallets } from './schema';

/**
 * Two transfer-type wallets at the sandbox game vendor, for development and tests (never in
 * production: a real merchant lists the vendors it has contracts with).
 */
export const walletDemoVendorSeed: Seed = {
  name: 'wallet/demo-vendor-wallets@1',
  async run(tx) {
    await tx.insert(vendorWallets).values([
      {
        merchantCode: merchantCodes.ph,
        accountTypeId: 101,
        vendorCode: 'SBXLIVE',
        name: 'Sandbox Live Casino',
        sort: 0,
      },
      {
        merchantCode: merchantCodes.ph,
        accountTypeId: 102,
        vendorCode: 'SBXSPORT',
        name: 'Sandbox Sports',
        sort: 1,
      },
    ]);
  },
};
