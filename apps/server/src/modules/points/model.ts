import type { MerchantInfo, RedemptionStatus } from '@taya/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { IdentityService } from '../identity';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import type { pointsRedemptions, pointsRewards } from './schema';

export interface Member {
  accountId: string;
  merchantCode: string;
}

export type RewardRow = typeof pointsRewards.$inferSelect;
export type RedemptionRow = typeof pointsRedemptions.$inferSelect;

export const statusOut: Record<RedemptionRow['status'], RedemptionStatus> = {
  in_process: 'In Process',
  rejected: 'Rejected',
  approved: 'Approved',
};
export const statusIn = Object.fromEntries(
  Object.entries(statusOut).map(([k, v]) => [v, k as RedemptionRow['status']]),
) as Record<RedemptionStatus, RedemptionRow['status']>;

export const fieldError = (path: string, message: string) =>
  new AppError('request_param_err', message, [{ path, code: 'invalid', message }]);

/** Points won for one bet record: `points` per full `unit` of valid bet, rounded down. */
export function pointsForBet(validBet: bigint, ratio: { points: number; unit: bigint }): bigint {
  if (validBet <= 0n || ratio.points <= 0) return 0n;
  return (validBet * BigInt(ratio.points)) / ratio.unit;
}

/** What every use case of the points mall works with. */
export interface PointsDeps {
  db: Db;
  system: SystemService;
  wallet: WalletService;
  identity: IdentityService;
}

export function merchantOf(deps: PointsDeps, code: string): Promise<MerchantInfo> {
  return deps.system.merchantFor(code, undefined);
}

export function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
