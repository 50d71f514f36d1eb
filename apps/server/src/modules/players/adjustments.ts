import type { OpsAdjustmentBody, OpsAdjustmentValue } from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import type { Approvals } from './approvals';
import type { PlayerRecords } from './service';

export const adjustmentKind = 'player.adjustment';

interface AdjustmentPayload extends Record<string, unknown> {
  accountId: string;
  merchantCode: string;
  currency: string;
  wallet: 'cash' | 'bonus';
  /** Signed minor units, as text. */
  amount: string;
}

/**
 * Operators' manual adjustments of a player's cash or bonus, through the wallet's named
 * `adjust` operation. Up to the merchant's threshold it moves at once (key
 * `adjust:<operator>:<requestId>`); above it, it becomes an approval of kind `player.adjustment`
 * that a second operator approves (key `adjust:approval:<id>`, so it moves once however many
 * approve at the same time).
 */
export class Adjustments {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly system: SystemService,
    private readonly records: PlayerRecords,
    private readonly approvals: Approvals,
  ) {
    approvals.register(adjustmentKind, async (tx, approval, decider) => {
      const payload = approval.payload as AdjustmentPayload;
      const entryId = await this.post(tx, payload, {
        key: `adjust:approval:${approval.id}`,
        actor: `operator:${decider.id}`,
        reason: approval.reason,
        reference: approval.id,
      });
      return { entryId };
    });
  }

  private async post(
    tx: DbOrTx,
    payload: AdjustmentPayload,
    how: { key: string; actor: string; reason: string; reference: string | null },
  ): Promise<string> {
    const posted = await this.wallet.adjust(tx, {
      merchantCode: payload.merchantCode,
      currency: payload.currency,
      player: payload.accountId,
      wallet: payload.wallet,
      amount: BigInt(payload.amount),
      key: how.key,
      actor: how.actor,
      reason: how.reason,
      reference: how.reference,
    });
    return posted.entryId;
  }

  async adjust(
    player: { id: string; merchantCode: string },
    body: OpsAdjustmentBody,
    operator: { id: string; username: string },
  ): Promise<OpsAdjustmentValue> {
    const magnitude = BigInt(body.amount);
    // The currency is read now: inside the approval's transaction it could wait behind it.
    const merchant = await this.system.merchantFor(player.merchantCode, undefined);
    const payload: AdjustmentPayload = {
      accountId: player.id,
      merchantCode: player.merchantCode,
      currency: merchant.currency,
      wallet: body.wallet,
      amount: (body.direction === 'debit' ? -magnitude : magnitude).toString(),
    };
    const above = await this.records.adjustApprovalAbove(player.merchantCode);
    if (magnitude > above) {
      const { approval } = await this.approvals.request({
        kind: adjustmentKind,
        merchantCode: player.merchantCode,
        targetType: 'player',
        targetId: player.id,
        payload,
        reason: body.reason,
        requestedBy: operator.id,
        requestedByUsername: operator.username,
        requestKey: body.requestId,
      });
      return { state: 'pending', entryId: null, approval };
    }
    const entryId = await this.db.transaction((tx) =>
      this.post(tx, payload, {
        key: `adjust:${operator.id}:${body.requestId}`,
        actor: `operator:${operator.id}`,
        reason: body.reason,
        reference: null,
      }),
    );
    return { state: 'applied', entryId, approval: null };
  }
}
