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

/** Rates are percent strings ("0.60") and basis points (60) through the money module. */
export { bpsToRate, rateToBps } from '@taya/contracts';

export function merchantOf(deps: AgentsDeps, code: string): Promise<MerchantInfo> {
  return deps.system.merchantFor(code, undefined);
}
