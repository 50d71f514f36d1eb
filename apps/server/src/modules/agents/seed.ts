import { randomUUID } from 'node:crypto';
import type { Seed } from '../../platform/seed';
import { demoAccountId } from '../identity';
import { merchantCodes } from '../system';
import { agentContracts, type ContractKind, type ContractTier } from './schema';

/** The demo master's own contracts with the operator: rate in basis points, one flat tier. */
const demoTopContracts: { kind: ContractKind; rate: number; period: 'W' | null }[] = [
  { kind: 'dividend', rate: 3000, period: 'W' },
  { kind: 'daily', rate: 200, period: null },
  { kind: 'hourly', rate: 50, period: null },
  { kind: 'realtime', rate: 30, period: null },
];

/**
 * Development and tests only: `demo_master` (a top agent) holds a top-level contract of each of
 * the four kinds, so an agent's whole journey — offer a contract to `demo_agent` below, accept
 * it, see the settlement pay — works right after the first start.
 */
export const agentsDemoContractsSeed: Seed = {
  name: 'agents/demo-master-contracts@1',
  async run(tx) {
    const master = await demoAccountId(tx, merchantCodes.ph, 'demo_master');
    if (!master) return;
    const now = new Date();
    await tx.insert(agentContracts).values(
      demoTopContracts.map(({ kind, rate, period }) => {
        const tiers: ContractTier[] = [{ rate, minActiveMembers: 0, minPeriodBet: '0' }];
        return {
          id: randomUUID(),
          merchantCode: merchantCodes.ph,
          kind,
          period,
          uplineId: null,
          downlineId: master,
          tiers,
          maxRate: rate,
          status: 'active' as const,
          requestedBy: 'seed',
          respondedAt: now,
          activeFrom: now,
        };
      }),
    );
  },
};
