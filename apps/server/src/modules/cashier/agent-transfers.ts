import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { minorToDecimal } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import type { RecordAnswer } from '../../platform/http';
import type { IdentityService } from '../identity';
import type { CashierContext } from './context';
import { fieldError, type Member } from './model';
import { agentTransfers, turnoverRequirements } from './schema';

/** Agents' transfers to their upline or within their team, through the ledger. */
export class AgentTransfers {
  constructor(private readonly ctx: CashierContext) {}

  async agentTransferInfo(agent: Member) {
    const merchant = await this.ctx.merchant(agent.merchantCode);
    const me = await this.ctx.identity.accountSummary(merchant.merchantCode, {
      id: agent.accountId,
    });
    const upline = me?.parentId
      ? await this.ctx.identity.accountSummary(merchant.merchantCode, { id: me.parentId })
      : null;
    const cash = await this.ctx.wallet.cashBalance(merchant, agent.accountId);
    return {
      upline: upline ? { username: upline.username } : null,
      balance: minorToDecimal(cash, merchant.currencyScale),
    };
  }

  /**
   * An agent sends money to its own upline, or to an account anywhere in its own team; nowhere
   * else. The payment password is checked first; the sender's request id makes a retry safe.
   */
  async agentTransfer(
    agent: Member,
    body: { requestId: string; amount: string; paymentPassword: string; username?: string },
    /** Stores the answer under the request's idempotency key, in the transfer's transaction. */
    recordAnswer: RecordAnswer | null = null,
  ) {
    const merchant = await this.ctx.merchant(agent.merchantCode);
    const amount = this.ctx.amount(body.amount, merchant);
    const me = await this.ctx.identity.accountSummary(merchant.merchantCode, {
      id: agent.accountId,
    });
    if (!me?.isAgent) throw new AppError('forbidden', 'Only agents transfer funds');
    const direction = body.username === undefined ? 'upline' : 'downline';
    let target: NonNullable<Awaited<ReturnType<IdentityService['accountSummary']>>> | null;
    if (direction === 'upline') {
      target = me.parentId
        ? await this.ctx.identity.accountSummary(merchant.merchantCode, { id: me.parentId })
        : null;
      if (!target) throw new AppError('conflict', 'This account has no upline to transfer to');
    } else {
      target = await this.ctx.identity.accountSummary(merchant.merchantCode, {
        username: body.username!,
      });
      // Someone outside the team gets the same answer as no one: the call never confirms a name.
      if (!target || !(await this.ctx.identity.isInTeam(me.id, target.id))) {
        throw fieldError('username', 'No account with this name in your team');
      }
    }
    if (!target.active)
      throw fieldError(direction === 'upline' ? 'amount' : 'username', 'That account is disabled');
    if (!(await this.ctx.identity.checkPaymentPassword(agent.accountId, body.paymentPassword))) {
      throw fieldError('paymentPassword', 'The payment password is wrong');
    }
    const settings =
      direction === 'downline' ? await this.ctx.settings(merchant.merchantCode) : null;
    const receiver = target;
    const transfer = await this.ctx.db.transaction(async (tx) => {
      const id = randomUUID();
      const posted = await this.ctx.wallet.transferBetweenMembers(tx, {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        from: me.id,
        to: receiver.id,
        amount,
        requestId: body.requestId,
        direction,
      });
      if (!posted.replayed) {
        await tx.insert(agentTransfers).values({
          id,
          merchantCode: merchant.merchantCode,
          fromAccountId: me.id,
          toAccountId: receiver.id,
          direction,
          amount,
          currency: merchant.currency,
          requestId: body.requestId,
          entryId: posted.entryId,
        });
        // Money an agent gives a player is wagered like a deposit before it can be withdrawn.
        if (settings) {
          await tx.insert(turnoverRequirements).values({
            id: randomUUID(),
            accountId: receiver.id,
            source: 'transfer',
            sourceId: id,
            required: (amount * BigInt(settings.turnoverMultipleTenths)) / 10n,
          });
        }
      }
      const [row] = await tx
        .select()
        .from(agentTransfers)
        .where(
          and(
            eq(agentTransfers.fromAccountId, me.id),
            eq(agentTransfers.requestId, body.requestId),
          ),
        );
      const balance = posted.senderBalance;
      const view = {
        id: row!.id,
        direction: row!.direction,
        counterparty: receiver.username,
        amount: minorToDecimal(row!.amount, merchant.currencyScale),
        createdAt: row!.createdAt.toISOString(),
        balance: minorToDecimal(balance, merchant.currencyScale),
      };
      await recordAnswer?.(tx, view);
      return view;
    });
    return transfer;
  }
}
