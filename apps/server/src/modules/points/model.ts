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

/** Points for an amount of valid bet on its own: `points` per full `unit`, rounded down. */
export function pointsForBet(validBet: bigint, ratio: { points: number; unit: bigint }): bigint {
  if (validBet <= 0n || ratio.points <= 0) return 0n;
  return (validBet * BigInt(ratio.points)) / ratio.unit;
}

/**
 * What a member has earned toward the next point of a game type and not yet received: `owed`
 * out of `unit` (the ratio's valid-bet unit when it was carried), i.e. `owed / unit` of a point.
 */
export interface PointsCarry {
  owed: bigint;
  unit: bigint;
}

/**
 * Points for a bet on the member's running valid-bet total: the bet's share (valid bet × points)
 * joins what was carried, whole points are earned, and the remainder is carried to the next bet.
 * Over any series of bets at one ratio this gives exactly floor(Σ valid bet × points / unit), so
 * small bets earn as surely as big ones. A carry from an older unit is rescaled (rounded down).
 */
export function earnOnTotal(
  carry: PointsCarry | undefined,
  validBet: bigint,
  ratio: { points: number; unit: bigint },
): { points: bigint; carry: PointsCarry } {
  const before = !carry
    ? 0n
    : carry.unit === ratio.unit
      ? carry.owed
      : (carry.owed * ratio.unit) / carry.unit;
  const share = validBet > 0n && ratio.points > 0 ? validBet * BigInt(ratio.points) : 0n;
  const owed = before + share;
  return { points: owed / ratio.unit, carry: { owed: owed % ratio.unit, unit: ratio.unit } };
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
