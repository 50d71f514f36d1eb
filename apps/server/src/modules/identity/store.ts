import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { accountLoginIps, accounts, loginThrottle } from './schema';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;

export const usernameKey = (username: string) => username.trim().toLowerCase();

/** How many wrong tries lock a check, and for how long. */
export interface LockPolicy {
  lockAfter: number;
  lockMinutes: number;
}

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

  async throttle(merchantCode: string, key: string) {
    const [row] = await this.db
      .select()
      .from(loginThrottle)
      .where(and(eq(loginThrottle.merchantCode, merchantCode), eq(loginThrottle.usernameKey, key)));
    return row;
  }

  /**
   * The throttle row of `key`; while it is locked this throws `account_locked` with
   * "<what>: try again in N minute(s)".
   */
  async refuseWhileLocked(merchantCode: string, key: string, what: string) {
    const throttle = await this.throttle(merchantCode, key);
    if (throttle?.lockedUntil && throttle.lockedUntil.getTime() > Date.now()) {
      const minutes = Math.ceil((throttle.lockedUntil.getTime() - Date.now()) / 60_000);
      throw new AppError('account_locked', `${what}: try again in ${minutes} minute(s)`);
    }
    return throttle;
  }

  /**
   * Runs a secret check under the lock of `key`: refused while locked (see `refuseWhileLocked`),
   * a pass clears the failures, a miss counts one. Gives back what the check gave.
   */
  async guarded<T>(
    merchantCode: string,
    key: string,
    policy: LockPolicy,
    what: string,
    check: () => Promise<T | false>,
  ): Promise<T | false> {
    await this.refuseWhileLocked(merchantCode, key, what);
    const result = await check();
    if (result === false)
      await this.addFailure(merchantCode, key, policy.lockAfter, policy.lockMinutes * 60_000);
    else await this.clearFailures(merchantCode, key);
    return result;
  }

  /** Counts one failure atomically and returns the new count. */
  async addFailure(
    merchantCode: string,
    key: string,
    lockAfter: number,
    lockMs: number,
  ): Promise<number> {
    const now = new Date();
    const [row] = await this.db
      .insert(loginThrottle)
      .values({ merchantCode, usernameKey: key, failures: 1, lastFailedAt: now })
      .onConflictDoUpdate({
        target: [loginThrottle.merchantCode, loginThrottle.usernameKey],
        set: { failures: sql`${loginThrottle.failures} + 1`, lastFailedAt: now },
      })
      .returning({ failures: loginThrottle.failures });
    const failures = row!.failures;
    if (failures >= lockAfter) {
      await this.db
        .update(loginThrottle)
        // Locked; once the lock ends the captcha stays and two more misses lock again.
        .set({ lockedUntil: new Date(now.getTime() + lockMs), failures: lockAfter - 2 })
        .where(
          and(eq(loginThrottle.merchantCode, merchantCode), eq(loginThrottle.usernameKey, key)),
        );
    }
    return failures;
  }

  async clearFailures(merchantCode: string, key: string): Promise<void> {
    await this.db
      .delete(loginThrottle)
      .where(and(eq(loginThrottle.merchantCode, merchantCode), eq(loginThrottle.usernameKey, key)));
  }
}
