import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { accountLoginIps, accounts } from './schema';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;

export const usernameKey = (username: string) => username.trim().toLowerCase();

export class IdentityStore {
  constructor(private readonly db: DbOrTx) {}

  async byId(id: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id));
    return row;
  }

  async byUsername(merchantCode: string, username: string): Promise<AccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(accounts)
      .where(
        and(
          eq(accounts.merchantCode, merchantCode),
          eq(accounts.usernameKey, usernameKey(username)),
        ),
      );
    return row;
  }

  async byMobile(
    merchantCode: string,
    dialingCode: string,
    mobile: string,
  ): Promise<AccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(accounts)
      .where(
        and(
          eq(accounts.merchantCode, merchantCode),
          eq(accounts.countryDialingCode, dialingCode),
          eq(accounts.mobile, mobile),
        ),
      );
    return row;
  }

  async byReferralCode(merchantCode: string, code: string): Promise<AccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.merchantCode, merchantCode), eq(accounts.referralCode, code)));
    return row;
  }

  /** Gives the account this invite code unless it has one already. */
  async setReferralCodeOnce(accountId: string, code: string): Promise<void> {
    await this.db
      .update(accounts)
      .set({ referralCode: code })
      .where(and(eq(accounts.id, accountId), isNull(accounts.referralCode)));
  }

  async insert(account: NewAccount): Promise<AccountRow> {
    const [row] = await this.db.insert(accounts).values(account).returning();
    return row!;
  }

  async recordLogin(accountId: string, ip: string): Promise<void> {
    const now = new Date();
    await this.db
      .update(accounts)
      .set({ loginCount: sql`${accounts.loginCount} + 1`, lastLoginAt: now })
      .where(eq(accounts.id, accountId));
    await this.db
      .insert(accountLoginIps)
      .values({ accountId, ip, firstSeenAt: now, lastSeenAt: now })
      .onConflictDoUpdate({
        target: [accountLoginIps.accountId, accountLoginIps.ip],
        set: { lastSeenAt: now },
      });
  }

  async setPassword(accountId: string, passwordHash: string): Promise<void> {
    await this.db
      .update(accounts)
      .set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: false })
      .where(eq(accounts.id, accountId));
  }
}
