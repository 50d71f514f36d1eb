import { isIP } from 'node:net';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { CaptchaDemand } from './model';
import { loginAddressThrottle, loginThrottle, sendWindows } from './schema';

/**
 * Every throttle of identity keeps its state in the database and counts a try in the very
 * statement that lets it through (an upsert on a counter row whose WHERE is the limit), so
 * parallel requests, on one node or several, never get more tries than the limit. Times are the
 * database's clock when the row is reached (`clock_timestamp()`, not the transaction's start),
 * so a request that waited for the row never sees a time before the one it waited for.
 */

/** How many wrong tries lock a check, and for how long. */
export interface LockPolicy {
  lockAfter: number;
  lockMinutes: number;
}

/** The limits a counter row applies to one try. */
interface TryRules {
  /** Tries counted before the row locks for `lockMs`; null never locks. */
  lockAfter: number | null;
  lockMs: number;
  /** Tries counted before a captcha is needed; null when the caller passed one or none applies. */
  captchaAfter: number | null;
  /** A row idle this long counts from 0 again; null keeps counting. */
  forgetAfterMs: number | null;
}

/** Larger than any count: "no limit" in the statements. */
const unlimited = 2_147_483_647;

/**
 * The key a client address is counted under: an IPv4 address as it is, an IPv6 address by its
 * /64 (one household or server gets a whole /64, so single addresses cost an attacker nothing).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function lockedFor(what: string, lockedUntil: Date | null | undefined): AppError {
  const minutes = Math.max(1, Math.ceil(((lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000));
  return new AppError('account_locked', `${what}: try again in ${minutes} minute(s)`);
}

type CounterTable = typeof loginThrottle | typeof loginAddressThrottle;

/** Locked now, by the database's clock. */
const isLocked = (table: CounterTable) =>
  sql<boolean>`coalesce(${table.lockedUntil} > clock_timestamp(), false)`;

export class Throttles {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Counts one try on a counter row and says, in the same statement, whether it may go ahead:
   * the new count, or null when the row is locked or the try needs a captcha it did not pass.
   * The try counts as failed until `clear` says otherwise, so tries in flight count too.
   */
  private async take(
    table: CounterTable,
    key: { merchantCode: string; usernameKey: string; clientIp?: string },
    rules: TryRules,
  ): Promise<number | null> {
    const lockAfter = rules.lockAfter ?? unlimited;
    const captchaAfter = rules.captchaAfter ?? unlimited;
    const lockEnd = sql`clock_timestamp() + ${rules.lockMs}::int * interval '1 millisecond'`;
    // Where the count goes on from: after a lock ran out, two short of the next one (the
    // captcha stays); after a long quiet spell, from nothing.
    const from = sql`(case
      when t.locked_until is not null and t.locked_until <= clock_timestamp() then greatest(${lockAfter}::int - 2, 0)
      when ${rules.forgetAfterMs}::int is not null
        and t.last_failed_at < clock_timestamp() - ${rules.forgetAfterMs}::int * interval '1 millisecond' then 0
      else t.failures end)`;
    const byAddress = key.clientIp !== undefined;
    const columns: SQL = byAddress
      ? sql`(merchant_code, username_key, client_ip, failures, last_failed_at, locked_until)`
      : sql`(merchant_code, username_key, failures, last_failed_at, locked_until)`;
    const keyValues: SQL = byAddress
      ? sql`${key.merchantCode}, ${key.usernameKey}, ${key.clientIp}`
      : sql`${key.merchantCode}, ${key.usernameKey}`;
    const target: SQL = byAddress
      ? sql`(merchant_code, username_key, client_ip)`
      : sql`(merchant_code, username_key)`;
    const { rows } = (await this.db.execute(sql`
      insert into ${table} as t ${columns}
      values (${keyValues}, 1, clock_timestamp(), case when 1 >= ${lockAfter}::int then ${lockEnd} end)
      on conflict ${target} do update set
        failures = ${from} + 1,
        last_failed_at = clock_timestamp(),
        locked_until = case when ${from} + 1 >= ${lockAfter}::int then ${lockEnd} end
      where (t.locked_until is null or t.locked_until <= clock_timestamp()) and ${from} < ${captchaAfter}::int
      returning t.failures`)) as unknown as { rows: { failures: number }[] };
    return rows[0]?.failures ?? null;
  }

  private async lockedUntil(merchantCode: string, key: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ lockedUntil: loginThrottle.lockedUntil, locked: isLocked(loginThrottle) })
      .from(loginThrottle)
      .where(and(eq(loginThrottle.merchantCode, merchantCode), eq(loginThrottle.usernameKey, key)));
    return row?.locked ? row.lockedUntil : null;
  }

  /** Throws `account_locked` ("<what>: try again in N minute(s)") while `key` is locked. */
  async refuseWhileLocked(merchantCode: string, key: string, what: string): Promise<void> {
    const until = await this.lockedUntil(merchantCode, key);
    if (until) throw lockedFor(what, until);
  }

  /**
   * Runs a secret check under the lock of `key`: the try is counted first (refused with
   * `account_locked` once `lockAfter` tries are counted), a pass clears the count. Gives back
   * what the check gave.
   */
  async guarded<T>(
    merchantCode: string,
    key: string,
    policy: LockPolicy,
    what: string,
    check: () => Promise<T | false>,
  ): Promise<T | false> {
    const taken = await this.take(
      loginThrottle,
      { merchantCode, usernameKey: key },
      {
        lockAfter: policy.lockAfter,
        lockMs: policy.lockMinutes * 60_000,
        captchaAfter: null,
        forgetAfterMs: null,
      },
    );
    if (taken === null) throw lockedFor(what, await this.lockedUntil(merchantCode, key));
    const result = await check();
    if (result !== false) await this.clear(merchantCode, key);
    return result;
  }

  /**
   * Counts a log-in try for a name from a client address, before the password is checked.
   * The address's own count asks for a captcha after `captchaAfter` tries and locks the name
   * for that address only after `lockAfter`; the name's count over all addresses never locks,
   * it asks every address for a captcha after `captchaAfter` tries (in the last `lockMinutes`),
   * so a member is never locked out by someone else's tries. Both counts are taken in one
   * transaction: a try refused by either counts in neither. Gives the higher of the two counts.
   */
  async takeLogin(
    merchantCode: string,
    key: string,
    ip: string,
    policy: LockPolicy & { captchaAfter: number },
    captcha: 'passed' | 'failed' | 'none',
  ): Promise<number> {
    const lockMs = policy.lockMinutes * 60_000;
    const captchaAfter = captcha === 'passed' ? null : policy.captchaAfter;
    const demand = () =>
      new CaptchaDemand(captcha === 'none' ? 'captcha_required' : 'captcha_invalid');
    return this.db.transaction(async (tx) => {
      const throttles = new Throttles(tx);
      const clientIp = addressKey(ip);
      const here = await throttles.take(
        loginAddressThrottle,
        { merchantCode, usernameKey: key, clientIp },
        { lockAfter: policy.lockAfter, lockMs, captchaAfter, forgetAfterMs: null },
      );
      if (here === null) {
        const [row] = await tx
          .select({
            lockedUntil: loginAddressThrottle.lockedUntil,
            locked: isLocked(loginAddressThrottle),
          })
          .from(loginAddressThrottle)
          .where(
            and(
              eq(loginAddressThrottle.merchantCode, merchantCode),
              eq(loginAddressThrottle.usernameKey, key),
              eq(loginAddressThrottle.clientIp, clientIp),
            ),
          );
        if (row?.locked) throw lockedFor('Too many failed attempts', row.lockedUntil);
        throw demand();
      }
      const everywhere = await throttles.take(
        loginThrottle,
        { merchantCode, usernameKey: key },
        { lockAfter: null, lockMs, captchaAfter, forgetAfterMs: lockMs },
      );
      if (everywhere === null) throw demand();
      return Math.max(here, everywhere);
    });
  }

  /** A right password: the name starts again from nothing, at this address and everywhere. */
  async clearLogin(merchantCode: string, key: string, ip: string): Promise<void> {
    // Two statements, each holding one row: never both rows against a try holding them in order.
    await this.db
      .delete(loginAddressThrottle)
      .where(
        and(
          eq(loginAddressThrottle.merchantCode, merchantCode),
          eq(loginAddressThrottle.usernameKey, key),
          eq(loginAddressThrottle.clientIp, addressKey(ip)),
        ),
      );
    await this.clear(merchantCode, key);
  }

  async clear(merchantCode: string, key: string): Promise<void> {
    await this.db
      .delete(loginThrottle)
      .where(and(eq(loginThrottle.merchantCode, merchantCode), eq(loginThrottle.usernameKey, key)));
  }

  /**
   * Takes one send for each window, all or none, in one transaction: each window row keeps the
   * times of its sends in the last `perMs` and takes a new one only while it holds fewer than
   * `limit` and its newest is at least `minIntervalMs` old. False when any window is full.
   */
  async takeSends(
    windows: { key: string; limit: number; perMs: number; minIntervalMs: number }[],
  ): Promise<boolean> {
    const full = new Error('full');
    try {
      await this.db.transaction(async (tx) => {
        for (const w of windows) {
          const recent = sql`array(select h from unnest(w.hits) h
            where h > clock_timestamp() - ${w.perMs}::int * interval '1 millisecond')`;
          const { rows } = (await tx.execute(sql`
            insert into ${sendWindows} as w (key, hits, last_at)
            values (${w.key}, array[clock_timestamp()], clock_timestamp())
            on conflict (key) do update set hits = ${recent} || clock_timestamp(), last_at = clock_timestamp()
            where cardinality(${recent}) < ${w.limit}::int
              and w.last_at <= clock_timestamp() - ${w.minIntervalMs}::int * interval '1 millisecond'
            returning w.key`)) as unknown as { rows: unknown[] };
          if (rows.length === 0) throw full;
        }
      });
      return true;
    } catch (err) {
      if (err === full) return false;
      throw err;
    }
  }

  /** Forgets windows with no send in the last `olderThanMs`. */
  async pruneSends(olderThanMs: number): Promise<void> {
    await this.db
      .delete(sendWindows)
      .where(
        sql`${sendWindows.lastAt} < clock_timestamp() - ${olderThanMs}::int * interval '1 millisecond'`,
      );
  }
}
