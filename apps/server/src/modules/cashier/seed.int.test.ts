import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db';
import { createTestDatabase } from '../../test/harness';
import { depositOrders, paymentChannels } from './schema';
import { cashierDemoChannelsSeed, cashierNoSandboxChannelsSeed } from './seed';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const channels = () =>
  database.db
    .select({
      merchantCode: paymentChannels.merchantCode,
      code: paymentChannels.code,
      enabled: paymentChannels.enabled,
    })
    .from(paymentChannels)
    .orderBy(asc(paymentChannels.merchantCode), asc(paymentChannels.code));

describe('the development payment channels on a database that already has them', () => {
  it('removes the unused ones, switches off one a deposit names, and the demo seed restores them', async () => {
    await database.db.insert(depositOrders).values({
      id: randomUUID(),
      merchantCode: 'TYPH',
      accountId: 'seed-test-member',
      channelCode: 'SANDBOXPAY',
      amount: 100_00n,
      currency: 'TLB',
      status: 'credited',
    });
    await database.db.transaction((tx) => cashierNoSandboxChannelsSeed.run(tx));
    // The deposit keeps its channel (switched off, offered to no one); the rest are gone.
    expect(await channels()).toEqual([
      { merchantCode: 'TYPH', code: 'SANDBOXPAY', enabled: false },
    ]);
    await database.db.transaction((tx) => cashierDemoChannelsSeed.run(tx));
    expect(await channels()).toEqual([
      { merchantCode: 'TYMM', code: 'BANK', enabled: true },
      { merchantCode: 'TYMM', code: 'SANDBOXPAY', enabled: true },
      { merchantCode: 'TYPH', code: 'BANK', enabled: true },
      { merchantCode: 'TYPH', code: 'SANDBOXPAY', enabled: true },
    ]);
  });
});
