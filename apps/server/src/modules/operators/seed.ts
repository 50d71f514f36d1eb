import { randomUUID } from 'node:crypto';
import type { OperatorRole } from '@taya/contracts';
import type { Seed } from '../../platform/seed';
import { hashSecret } from '../identity';
import { operators } from './schema';

export const demoOperatorPassword = 'Demo#2026';
/** The development demo operators' authenticator secret (base32), written in the README. */
export const demoOperatorTotpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const demoOperators: readonly { username: string; role: OperatorRole }[] = [
  { username: 'demo_admin', role: 'admin' },
  { username: 'demo_finance', role: 'finance' },
  { username: 'demo_risk', role: 'risk' },
  { username: 'demo_support', role: 'support' },
  { username: 'demo_content', role: 'content' },
  { username: 'demo_lottery', role: 'lottery' },
  { username: 'demo_readonly', role: 'read_only' },
];

/**
 * Demo operators for development and tests, every merchant each, enrolled. The seed runs without
 * the server's key, so their secret is sealed when the server starts (`sealDemoSecrets`).
 */
export const operatorsDemoSeed: Seed = {
  name: 'operators/demo-operators@1',
  async run(tx) {
    const passwordHash = await hashSecret(demoOperatorPassword);
    await tx
      .insert(operators)
      .values(
        demoOperators.map((o) => ({
          id: randomUUID(),
          username: o.username,
          role: o.role,
          merchants: null,
          passwordHash,
          enrolled: true,
          totpSecretSealed: null,
        })),
      )
      .onConflictDoNothing();
  },
};
