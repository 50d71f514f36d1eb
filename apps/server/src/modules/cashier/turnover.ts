import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { MerchantInfo } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CashierContext } from './context';
import { turnoverRequirements } from './schema';

/**
 * Turnover requirements: what a member must wager before withdrawing (deposits, agent transfers
 * and bonuses add them, see `bonus.ts`), and valid bets counting them down.
 */
export class Turnover {
  constructor(private readonly ctx: CashierContext) {}

  async turnoverRemaining(accountId: string, db: DbOrTx = this.ctx.db): Promise<bigint> {
    const [row] = await db
      .select({
        remaining: sql<string>`coalesce(sum(greatest(${turnoverRequirements.required} - ${turnoverRequirements.progressed}, 0)), 0)::text`,
      })
      .from(turnoverRequirements)
      .where(eq(turnoverRequirements.accountId, accountId));
    return BigInt(row?.remaining ?? '0');
  }

  /**
   * Many settled bets' valid bets at once (a settle of many players' bets, the kernel's group
   * commit): one read finds who has an open requirement, and only those are counted down, each
   * with the sum of its bets (the same as counting them one by one).
   */
  async recordTurnoverMany(
    bets: {
      accountId: string;
      validBet: bigint;
      merchant: Pick<MerchantInfo, 'merchantCode' | 'currency'>;
    }[],
    db: DbOrTx = this.ctx.db,
  ): Promise<void> {
    const totals = new Map<
      string,
      { validBet: bigint; merchant: (typeof bets)[number]['merchant'] }
    >();
    for (const b of bets) {
      if (b.validBet <= 0n) continue;
      const seen = totals.get(b.accountId);
      totals.set(b.accountId, {
        validBet: (seen?.validBet ?? 0n) + b.validBet,
        merchant: b.merchant,
      });
    }
    if (totals.size === 0) return;
    const open = await db
      .selectDistinct({ accountId: turnoverRequirements.accountId })
      .from(turnoverRequirements)
      .where(
        and(
          inArray(turnoverRequirements.accountId, [...totals.keys()]),
          lt(turnoverRequirements.progressed, turnoverRequirements.required),
        ),
      );
    for (const { accountId } of open.sort((a, b) => (a.accountId < b.accountId ? -1 : 1))) {
      const t = totals.get(accountId)!;
      await this.recordTurnover(accountId, t.validBet, db, t.merchant);
    }
  }

  /**
   * Valid bets count toward the oldest open requirements first (the game platform calls this, in
   * the bet's transaction, with the bet's merchant and currency). A bonus held by a requirement
   * moves into cash when it is met. Without `merchant` the member's is looked up: only outside a
   * transaction, as the lookup may read the database afresh.
   */
  async recordTurnover(
    accountId: string,
    validBet: bigint,
    db: DbOrTx = this.ctx.db,
    merchant?: Pick<MerchantInfo, 'merchantCode' | 'currency'>,
  ): Promise<void> {
    let left = validBet;
    let money = merchant;
    const open = await db
      .select()
      .from(turnoverRequirements)
      .where(
        and(
          eq(turnoverRequirements.accountId, accountId),
          lt(turnoverRequirements.progressed, turnoverRequirements.required),
        ),
      )
      .orderBy(asc(turnoverRequirements.createdAt))
      .for('update');
    for (const r of open) {
      if (left <= 0n) break;
      const take = r.required - r.progressed < left ? r.required - r.progressed : left;
      const progressed = r.progressed + take;
      let release: { entryId: string | null } | null = null;
      if (progressed >= r.required && r.releaseAmount !== null && r.releasedAt === null) {
        money ??= await this.merchantOf(accountId, db);
        release = await this.ctx.wallet.releaseBonus(db, {
          merchant: money,
          accountId,
          amount: r.releaseAmount,
          key: `bonus-release:${r.sourceId}`,
          reference: r.sourceId,
        });
      }
      await db
        .update(turnoverRequirements)
        .set(
          release
            ? { progressed, releaseEntryId: release.entryId, releasedAt: new Date() }
            : { progressed },
        )
        .where(eq(turnoverRequirements.id, r.id));
      left -= take;
    }
  }

  private async merchantOf(accountId: string, db: DbOrTx): Promise<MerchantInfo> {
    const row = await this.ctx.identity.accountOrigin(accountId, db);
    if (!row) throw new AppError('not_found', 'No such member');
    return this.ctx.system.merchantFor(row.merchantCode, undefined);
  }

  /** Which of these accounts have a turnover requirement still open (the others need no turnover). */
  async owingTurnover(accountIds: string[], db: DbOrTx = this.ctx.db): Promise<Set<string>> {
    if (accountIds.length === 0) return new Set();
    const { rows } = (await db.execute(sql`
      select distinct account_id from turnover_requirements
      where account_id = any(${sql.param(accountIds)}::text[])
        and progressed < required`)) as { rows: { account_id: string }[] };
    return new Set(rows.map((r) => r.account_id));
  }
}
