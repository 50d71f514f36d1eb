import type { MerchantInfo } from '@taya/contracts';
import type { Db } from '../../platform/db';
import type { IdentityService } from '../identity';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import type { agentContracts } from './schema';

export type ContractRow = typeof agentContracts.$inferSelect;

/** The caller of an agent screen. */
export interface Me {
  accountId: string;
  merchantCode: string;
}

/** What every use case of the agents module works with. */
export interface AgentsDeps {
  db: Db;
  system: SystemService;
  wallet: WalletService;
  identity: IdentityService;
  /** Game names by node id, from the games catalog. */
  gameNames: (merchantCode: string) => Promise<Map<string, string>>;
}

/** Agent account types (members, type 0, are leaves of the tree). */
export const agentTypes = [1, 2, 41, 42];

/** A window is settled this long after it ends, so a bet settling at its very end is in. */
export const settleGraceMs = 60_000;

/** "0.60" (percent) → 60 basis points; "35" → 3500. */
export function rateToBps(rate: string): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function bpsToRate(bps: number): string {
  return `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
}

export function merchantOf(deps: AgentsDeps, code: string): Promise<MerchantInfo> {
  return deps.system.merchantFor(code, undefined);
}
