import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { minorToDecimal } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import type { IdentityService } from '../identity';
import { accountKinds } from '../wallet';
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
    const cash = await this.ctx.wallet.ledger.balance(
      await this.ctx.memberAccount(merchant, agent.accountId, accountKinds.memberCash),
    );
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
      const from = await this.ctx.memberAccount(merchant, me.id, accountKinds.memberCash, tx);
      const to = await this.ctx.memberAccount(merchant, receiver.id, accountKinds.memberCash, tx);
      const id = randomUUID();
      const posted = await this.ctx.wallet.ledger.post(
        {
          merchantCode: merchant.merchantCode,
          idempotencyKey: `agent-transfer:${me.id}:${body.requestId}`,
          type: 'agent_transfer',
          actor: me.id,
          reference: `agent-transfer:${body.requestId}`,
          metadata: { direction, to: receiver.id },
          postings: [
            { accountId: from, amount: -amount },
            { accountId: to, amount },
          ],
        },
        tx,
      );
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
      const balance = posted.postings.find((p) => p.accountId === from)!.balanceAfter;
      return { row: row!, balance };
    });
    return {
      id: transfer.row.id,
      direction: transfer.row.direction,
      counterparty: receiver.username,
      amount: minorToDecimal(transfer.row.amount, merchant.currencyScale),
      createdAt: transfer.row.createdAt.toISOString(),
      balance: minorToDecimal(transfer.balance, merchant.currencyScale),
    };
  }
}
