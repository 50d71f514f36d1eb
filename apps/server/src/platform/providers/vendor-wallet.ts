import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { sandboxVendorTransfers } from './schema';

export interface VendorTransferRequest {
  vendorCode: string;
  /** Our account id: the player's id at the vendor. */
  playerId: string;
  currency: string;
  /** Minor units; always positive. */
  amount: bigint;
  /** in: into the player's vendor wallet; out: back to us. */
  direction: 'in' | 'out';
  /** Our transfer id: the vendor applies one id at most once. */
  transferId: string;
}

/** accepted: the vendor applied it. rejected: it did not and never will (e.g. not enough there). */
export type VendorTransferOutcome = 'accepted' | 'rejected';

/**
 * A transfer-type game vendor's wallet API. `transfer` throws when the answer is unknown (a
 * timeout, a dropped connection): the transfer then stays pending and `status` is asked later.
 */
export interface VendorWalletGateway {
  transfer(request: VendorTransferRequest): Promise<VendorTransferOutcome>;
  /** What became of a transfer id; `unknown` when the vendor cannot tell yet. */
  status(vendorCode: string, transferId: string): Promise<VendorTransferOutcome | 'unknown'>;
}

export class VendorUnreachableError extends Error {
  constructor(message = 'The vendor did not answer') {
    super(message);
    this.name = 'VendorUnreachableError';
  }
}

/**
 * The offline stand-in for a transfer-type vendor: it keeps its own books (one row per applied
 * transfer id), refuses to pay out more than a player holds there, and can be told to fail the
 * next calls so the platform's handling of rejections and lost answers is tested end to end.
 */
export class SandboxVendorWallet implements VendorWalletGateway {
  private readonly faults: ('reject' | 'timeout' | 'timeout_after_apply')[] = [];

  constructor(private readonly db: Db) {}

  /** Makes the next calls fail: rejected, unanswered, or applied but unanswered. */
  injectFaults(...faults: ('reject' | 'timeout' | 'timeout_after_apply')[]): void {
    this.faults.push(...faults);
  }

  async balance(vendorCode: string, playerId: string): Promise<bigint> {
    const [row] = await this.db
      .select({ sum: sql<string>`coalesce(sum(${sandboxVendorTransfers.amount}), 0)::text` })
      .from(sandboxVendorTransfers)
      .where(
        and(
          eq(sandboxVendorTransfers.vendorCode, vendorCode),
          eq(sandboxVendorTransfers.playerId, playerId),
        ),
      );
    return BigInt(row?.sum ?? '0');
  }

  async transfer(request: VendorTransferRequest): Promise<VendorTransferOutcome> {
    const fault = this.faults.shift();
    if (fault === 'reject') return 'rejected';
    if (fault === 'timeout') throw new VendorUnreachableError();
    const outcome = await this.apply(request);
    if (fault === 'timeout_after_apply') throw new VendorUnreachableError();
    return outcome;
  }

  private async apply(request: VendorTransferRequest): Promise<VendorTransferOutcome> {
    const [done] = await this.db
      .select({ id: sandboxVendorTransfers.transferId })
      .from(sandboxVendorTransfers)
      .where(eq(sandboxVendorTransfers.transferId, request.transferId));
    if (done) return 'accepted';
    if (request.direction === 'out') {
      const held = await this.balance(request.vendorCode, request.playerId);
      if (held < request.amount) return 'rejected';
    }
    await this.db
      .insert(sandboxVendorTransfers)
      .values({
        transferId: request.transferId,
        vendorCode: request.vendorCode,
        playerId: request.playerId,
        amount: request.direction === 'in' ? request.amount : -request.amount,
        currency: request.currency,
      })
      .onConflictDoNothing();
    return 'accepted';
  }

  async status(
    _vendorCode: string,
    transferId: string,
  ): Promise<VendorTransferOutcome | 'unknown'> {
    const [done] = await this.db
      .select({ id: sandboxVendorTransfers.transferId })
      .from(sandboxVendorTransfers)
      .where(eq(sandboxVendorTransfers.transferId, transferId));
    return done ? 'accepted' : 'rejected';
  }
}
