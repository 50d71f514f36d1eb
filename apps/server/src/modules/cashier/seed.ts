import { and, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Seed } from '../../platform/seed';
import { merchantCodes } from '../system';
import { cashierSettings, depositOrders, paymentChannels } from './schema';

/**
 * Channels for development: the sandbox gateway, and bank transfers to accounts that are no one's
 * (placeholders). The first base seed made them everywhere; `cashierNoSandboxChannelsSeed` takes
 * them away and only the demo seeds bring them back.
 */
const developmentChannels: (typeof paymentChannels.$inferInsert)[] = [
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
];

/** The placeholder bank accounts' numbers among the development channels. */
const placeholderAccountNumbers = developmentChannels.flatMap((c) =>
  c.receiving?.accountNumber ? [c.receiving.accountNumber] : [],
);

/**
 * Cashier rules each market starts with (amounts in minor units), and, as first shipped, the
 * development channels (removed again by `cashierNoSandboxChannelsSeed`).
 */
export const cashierBaseSeed: Seed = {
  name: 'cashier/base@1',
  async run(tx) {
    await tx.insert(paymentChannels).values(developmentChannels);
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

/**
 * No sandbox gateway and no placeholder bank account outside development: the channels the base
 * seed made for development go (or, when a deposit already names one, are switched off), so a
 * merchant starts with no way to pay in until an operator sets up a real one.
 */
export const cashierNoSandboxChannelsSeed: Seed = {
  name: 'cashier/no-sandbox-channels@1',
  async run(tx) {
    const development = or(
      eq(paymentChannels.gateway, 'sandbox'),
      inArray(
        sql<string>`${paymentChannels.receiving}->>'accountNumber'`,
        placeholderAccountNumbers,
      ),
    );
    const used = tx
      .select({ one: sql`1` })
      .from(depositOrders)
      .where(
        and(
          eq(depositOrders.merchantCode, paymentChannels.merchantCode),
          eq(depositOrders.channelCode, paymentChannels.code),
        ),
      );
    await tx.delete(paymentChannels).where(and(development, notExists(used)));
    await tx.update(paymentChannels).set({ enabled: false }).where(development);
  },
};

/** Development and tests: the sandbox gateway and the placeholder bank transfers, switched on. */
export const cashierDemoChannelsSeed: Seed = {
  name: 'cashier/demo-channels@1',
  async run(tx) {
    await tx
      .insert(paymentChannels)
      .values(developmentChannels)
      .onConflictDoUpdate({
        target: [paymentChannels.merchantCode, paymentChannels.code],
        set: { enabled: true },
      });
  },
};
