import { randomUUID } from 'node:crypto';
import type { Seed } from '../../platform/seed';
import { merchantCodes } from '../system/seed';
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
