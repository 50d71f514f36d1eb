import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import type { Seed } from '../../platform/seed';
import { merchantCodes } from '../system';
import { accounts } from './schema';
import { hashSecret } from './secrets';

export const demoPassword = 'Demo#2026';
export const demoPaymentPassword = '246810';

/** Demo accounts for development and tests: never seeded in production. */
export const identityDemoSeed: Seed = {
  name: 'identity/demo-accounts@1',
  async run(tx) {
    const [password, payment] = await Promise.all([
      hashSecret(demoPassword),
      hashSecret(demoPaymentPassword),
    ]);
    const agentId = randomUUID();
    const common = {
      merchantCode: merchantCodes.ph,
      passwordHash: password,
      passwordChangedAt: new Date(),
      paymentPasswordHash: payment,
      countryDialingCode: '+63',
      registerMethod: 'SEED',
    };
    await tx.insert(accounts).values([
      {
        ...common,
        id: agentId,
        username: 'demo_agent',
        usernameKey: 'demo_agent',
        type: 1,
        nickname: 'Demo Agent',
        mobile: '9170000001',
        email: 'demo_agent@example.com',
        payeeName: 'DEMO AGENT',
        referralCode: 'DEMOAGENT',
      },
      {
        ...common,
        id: randomUUID(),
        username: 'demo_member',
        usernameKey: 'demo_member',
        type: 0,
        nickname: 'Demo Member',
        mobile: '9170000002',
        email: 'demo_member@example.com',
        payeeName: 'DEMO MEMBER',
        parentId: agentId,
      },
    ]);
  },
};

/** The demo agent gets an upline of its own, so that transfers to the upline can be tried. */
export const identityDemoUplineSeed: Seed = {
  name: 'identity/demo-upline@1',
  async run(tx) {
    const [password, payment] = await Promise.all([
      hashSecret(demoPassword),
      hashSecret(demoPaymentPassword),
    ]);
    const masterId = randomUUID();
    await tx.insert(accounts).values({
      id: masterId,
      merchantCode: merchantCodes.ph,
      username: 'demo_master',
      usernameKey: 'demo_master',
      type: 1,
      nickname: 'Demo Master Agent',
      passwordHash: password,
      passwordChangedAt: new Date(),
      paymentPasswordHash: payment,
      countryDialingCode: '+63',
      mobile: '9170000003',
      email: 'demo_master@example.com',
      payeeName: 'DEMO MASTER',
      referralCode: 'DEMOMASTER',
      registerMethod: 'SEED',
    });
    await tx
      .update(accounts)
      .set({ parentId: masterId })
      .where(
        and(eq(accounts.merchantCode, merchantCodes.ph), eq(accounts.usernameKey, 'demo_agent')),
      );
  },
};

/** A seeded demo account's id by username (other modules' demo seeds refer to it). */
export async function demoAccountId(tx: Tx, merchantCode: string, username: string) {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.merchantCode, merchantCode), eq(accounts.usernameKey, username)));
  return row?.id;
}
