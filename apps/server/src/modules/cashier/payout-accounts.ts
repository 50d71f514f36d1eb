import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import type { CashierContext } from './context';
import type { Member, PayoutAccountRow } from './model';
import { payoutAccounts } from './schema';

/** The bank and e-wallet accounts a member binds to withdraw into. */
export class PayoutAccounts {
  constructor(private readonly ctx: CashierContext) {}

  async addPayoutAccount(
    member: Member,
    body: {
      kind: 'bank' | 'ewallet';
      provider: string;
      accountName: string;
      accountNumber: string;
    },
  ) {
    const number = body.accountNumber.replace(/[ -]/g, '');
    const [row] = await this.ctx.db
      .insert(payoutAccounts)
      .values({
        id: randomUUID(),
        accountId: member.accountId,
        kind: body.kind,
        provider: body.provider,
        accountName: body.accountName,
        accountNumber: number,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', 'This payout account is already bound');
    return this.payoutView(row);
  }

  private payoutView(row: PayoutAccountRow) {
    return {
      id: row.id,
      kind: row.kind,
      provider: row.provider,
      accountName: row.accountName,
      accountNumber: `****${row.accountNumber.slice(-4)}`,
    };
  }

  /** The names on a member's bank payout accounts (the bank-name log-in check compares them). */
  async bankAccountNames(accountId: string): Promise<string[]> {
    const rows = await this.ctx.db
      .select({ name: payoutAccounts.accountName })
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.accountId, accountId), eq(payoutAccounts.kind, 'bank')));
    return rows.map((r) => r.name);
  }

  async payoutAccountsOf(member: Member) {
    const rows = await this.ctx.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.accountId, member.accountId))
      .orderBy(asc(payoutAccounts.createdAt));
    return rows.map((r) => this.payoutView(r));
  }
}
