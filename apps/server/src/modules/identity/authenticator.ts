import { randomInt, randomUUID } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { AuthenticatorSetup } from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import { recordChange, type ChangeOrigin } from './changes';
import { accountAuthenticators, accountRecoveryCodes } from './schema';
import { digest } from './secrets';
import { IdentityStore, type AccountRow } from './store';
import { Throttles, type LockPolicy } from './throttles';

/** Google Authenticator's settings: every app reads these. */
const issuer = 'Taya';
const period = 30;
const digits = 6;
/** One step either side, for a phone clock a little off. */
const window = 1;
const recoveryCodeCount = 10;
/** Letters and digits nobody misreads (no 0/o, 1/l/i). */
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const lockedCodes = 'Too many wrong authenticator codes';

export interface AuthenticatorStatus {
  bound: boolean;
  boundAt: Date | null;
  recoveryCodesLeft: number;
}

/** What a code turned out to be: a time-based code, a recovery code (now used), or wrong. */
export type CodeCheck = 'totp' | 'recovery' | false;

function totpOf(secret: Secret, label = ''): TOTP {
  return new TOTP({ issuer, label, secret, algorithm: 'SHA1', digits, period });
}

/** Recovery codes are matched without case, spaces or the dash. */
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const recoveryHash = (accountId: string, code: string) =>
  digest(`${accountId}:${normaliseRecovery(code)}`);

function newRecoveryCode(): string {
  const pick = () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]!;
  const part = () => Array.from({ length: 4 }, pick).join('');
  return `${part()}-${part()}`;
}

/**
 * An account's authenticator app (RFC 6238 TOTP, SHA-1, six digits, 30 s): set up, bound with a
 * first code, checked at log-in, unbound with a code or a recovery code. The secret is kept
 * sealed, a code is good once (`lastStep`), and wrong codes lock the checks like wrong passwords.
 */
export class AuthenticatorService {
  private readonly store: IdentityStore;
  private readonly throttles: Throttles;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly policy: LockPolicy,
  ) {
    this.store = new IdentityStore(db);
    this.throttles = new Throttles(db);
  }

  private async account(accountId: string): Promise<AccountRow> {
    const account = await this.store.byId(accountId);
    if (!account) throw new AppError('user.or.token.invalid');
    return account;
  }

  private async row(accountId: string) {
    const [row] = await this.db
      .select()
      .from(accountAuthenticators)
      .where(eq(accountAuthenticators.accountId, accountId));
    return row;
  }

  async status(accountId: string): Promise<AuthenticatorStatus> {
    const row = await this.row(accountId);
    if (!row?.boundAt) return { bound: false, boundAt: null, recoveryCodesLeft: 0 };
    const [left] = await this.db
      .select({ n: count() })
      .from(accountRecoveryCodes)
      .where(
        and(eq(accountRecoveryCodes.accountId, accountId), isNull(accountRecoveryCodes.usedAt)),
      );
    return { bound: true, boundAt: row.boundAt, recoveryCodesLeft: left?.n ?? 0 };
  }

  async isBound(accountId: string): Promise<boolean> {
    return (await this.row(accountId))?.boundAt != null;
  }

  /** A new secret, pending until `bind`; it replaces any earlier pending one. */
  async setup(accountId: string): Promise<AuthenticatorSetup> {
    const account = await this.account(accountId);
    if (await this.isBound(accountId)) throw new AppError('authenticator_bound');
    const secret = new Secret({ size: 20 });
    const secretSealed = this.box.seal(secret.base32, accountId);
    await this.db
      .insert(accountAuthenticators)
      .values({ accountId, secretSealed, boundAt: null, lastStep: null })
      .onConflictDoUpdate({
        target: accountAuthenticators.accountId,
        set: { secretSealed, createdAt: new Date(), boundAt: null, lastStep: null },
        // A bound authenticator is never replaced by a setup racing the check above.
        where: isNull(accountAuthenticators.boundAt),
      });
    return { secret: secret.base32, otpauthUri: totpOf(secret, account.username).toString() };
  }

  /** Binds the pending secret with a first code; answers the recovery codes, shown this once. */
  async bind(
    accountId: string,
    code: string,
    origin: ChangeOrigin,
  ): Promise<{ recoveryCodes: string[] }> {
    const account = await this.account(accountId);
    const row = await this.row(accountId);
    if (row?.boundAt) throw new AppError('authenticator_bound');
    if (!row) throw new AppError('authenticator_not_bound', 'Set up the authenticator first');
    const step = await this.throttles.guarded(
      account.merchantCode,
      this.throttleKey(accountId),
      this.policy,
      lockedCodes,
      async () => this.matchStep(row.secretSealed, accountId, code) ?? false,
    );
    if (step === false) throw new AppError('authenticator_code_invalid');
    return this.db.transaction(async (tx) => {
      const [bound] = await tx
        .update(accountAuthenticators)
        .set({ boundAt: new Date(), lastStep: step })
        .where(
          and(
            eq(accountAuthenticators.accountId, accountId),
            eq(accountAuthenticators.secretSealed, row.secretSealed),
            isNull(accountAuthenticators.boundAt),
          ),
        )
        .returning({ accountId: accountAuthenticators.accountId });
      // Bound or set up again meanwhile: this code was for a secret that is no longer pending.
      if (!bound) throw new AppError('authenticator_bound');
      const recoveryCodes = await this.replaceRecoveryCodes(tx, accountId);
      await recordChange(tx, {
        merchantCode: account.merchantCode,
        accountId,
        kind: 'authenticator_bound',
        changes: [{ field: 'authenticator', from: null, to: null }],
        origin,
      });
      return { recoveryCodes };
    });
  }

  /** Removes the authenticator; needs a current code or an unused recovery code. */
  async unbind(accountId: string, code: string, origin: ChangeOrigin): Promise<void> {
    const account = await this.account(accountId);
    if (!(await this.isBound(accountId))) throw new AppError('authenticator_not_bound');
    if (!(await this.verify(accountId, code, { allowRecovery: true, origin }))) {
      throw new AppError('authenticator_code_invalid');
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(accountRecoveryCodes).where(eq(accountRecoveryCodes.accountId, accountId));
      const removed = await tx
        .delete(accountAuthenticators)
        .where(
          and(
            eq(accountAuthenticators.accountId, accountId),
            isNotNull(accountAuthenticators.boundAt),
          ),
        )
        .returning({ accountId: accountAuthenticators.accountId });
      if (removed.length === 0) throw new AppError('authenticator_not_bound');
      await recordChange(tx, {
        merchantCode: account.merchantCode,
        accountId,
        kind: 'authenticator_unbound',
        changes: [{ field: 'authenticator', from: null, to: null }],
        origin,
      });
    });
  }

  /** Ten new recovery codes in place of the old ones; needs a current code. */
  async renewRecoveryCodes(
    accountId: string,
    code: string,
    origin: ChangeOrigin,
  ): Promise<{ recoveryCodes: string[] }> {
    const account = await this.account(accountId);
    if (!(await this.isBound(accountId))) throw new AppError('authenticator_not_bound');
    if (!(await this.verify(accountId, code, { allowRecovery: false, origin }))) {
      throw new AppError('authenticator_code_invalid');
    }
    return this.db.transaction(async (tx) => {
      const recoveryCodes = await this.replaceRecoveryCodes(tx, accountId);
      await recordChange(tx, {
        merchantCode: account.merchantCode,
        accountId,
        kind: 'recovery_codes',
        changes: [{ field: 'recoveryCodes', from: null, to: null }],
        origin,
      });
      return { recoveryCodes };
    });
  }

  /**
   * Checks a code against the bound authenticator: a time-based code not used before or, with
   * `allowRecovery`, an unused recovery code, which this uses up. A wrong code counts towards
   * the lock; when locked this throws `account_locked`. False when nothing is bound.
   */
  async verify(
    accountId: string,
    code: string,
    options: { allowRecovery: boolean; origin?: ChangeOrigin },
  ): Promise<CodeCheck> {
    const account = await this.account(accountId);
    const row = await this.row(accountId);
    if (!row?.boundAt) return false;
    return this.throttles.guarded(
      account.merchantCode,
      this.throttleKey(accountId),
      this.policy,
      lockedCodes,
      async (): Promise<CodeCheck> => {
        const step = this.matchStep(row.secretSealed, accountId, code);
        if (step !== null) {
          // Taken only when later than the last code used: the same code never works twice.
          const [taken] = await this.db
            .update(accountAuthenticators)
            .set({ lastStep: step })
            .where(
              and(
                eq(accountAuthenticators.accountId, accountId),
                isNotNull(accountAuthenticators.boundAt),
                or(
                  isNull(accountAuthenticators.lastStep),
                  lt(accountAuthenticators.lastStep, step),
                ),
              ),
            )
            .returning({ accountId: accountAuthenticators.accountId });
          if (taken) return 'totp';
        } else if (options.allowRecovery && (await this.useRecoveryCode(account, code, options))) {
          return 'recovery';
        }
        return false;
      },
    );
  }

  private async useRecoveryCode(
    account: AccountRow,
    code: string,
    options: { origin?: ChangeOrigin },
  ): Promise<boolean> {
    if (normaliseRecovery(code).length !== 8) return false;
    return this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(accountRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(accountRecoveryCodes.accountId, account.id),
            eq(accountRecoveryCodes.codeHash, recoveryHash(account.id, code)),
            isNull(accountRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: accountRecoveryCodes.id });
      if (!used) return false;
      await recordChange(tx, {
        merchantCode: account.merchantCode,
        accountId: account.id,
        kind: 'recovery_code_used',
        changes: [{ field: 'recoveryCode', from: null, to: null }],
        origin: options.origin ?? { actorId: account.id, ip: null, device: null },
      });
      return true;
    });
  }

  private async replaceRecoveryCodes(tx: DbOrTx, accountId: string): Promise<string[]> {
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    await tx.delete(accountRecoveryCodes).where(eq(accountRecoveryCodes.accountId, accountId));
    await tx.insert(accountRecoveryCodes).values(
      codes.map((c) => ({
        id: randomUUID(),
        accountId,
        codeHash: recoveryHash(accountId, c),
      })),
    );
    return codes;
  }

  /** The time step a six-digit code belongs to (within the window), or null. */
  private matchStep(secretSealed: string, accountId: string, code: string): number | null {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const secret = Secret.fromBase32(this.box.open(secretSealed, accountId));
    const now = Date.now();
    const delta = totpOf(secret).validate({ token, timestamp: now, window });
    return delta === null ? null : TOTP.counter({ period, timestamp: now }) + delta;
  }

  private throttleKey(accountId: string): string {
    return `totp:${accountId}`;
  }
}
