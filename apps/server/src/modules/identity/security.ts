// Over 500 lines: one use case (the security centre); its flows share proofs and change records.
import { eq } from 'drizzle-orm';
import {
  checkField,
  lockedOnceSetFields,
  profileFields,
  type AccountChange,
  type ChangedField,
  type CodeSent,
  type FieldIssue,
  type LoginEntry,
  type Profile,
  type ProfileField,
  type SecurityOverview,
} from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionStore } from '../../platform/auth/sessions';
import type { SystemService } from '../system';
import type { AuthenticatorService } from './authenticator';
import { listChanges, recordChange, type ChangeOrigin } from './changes';
import { defaultDialingCode, e164, nationalNumber, type VerificationCodeService } from './codes';
import { accounts, type ProfileDetails } from './schema';
import { hashSecret, verifySecret } from './secrets';
import {
  birthdayIssue,
  checkAgainstRules,
  defaultIdentityPolicy,
  invalidFields,
  maskEmail,
  maskMobile,
} from './model';
import type { IdentityService } from './service';
import { IdentityStore, type AccountRow } from './store';
import { Throttles } from './throttles';

/** Profile fields kept in their own columns; the rest live in `accounts.profile`. */
type ColumnField = 'nickname' | 'birthday' | 'idNumber';
const columnFields: readonly ProfileField[] = ['nickname', 'birthday', 'idNumber'];
type DetailField = Exclude<ProfileField, ColumnField>;

const isLockedOnceSet = (field: ProfileField) =>
  (lockedOnceSetFields as readonly string[]).includes(field);

/** All but the last four characters hidden. */
function maskIdNumber(value: string): string {
  return value.length <= 4
    ? '*'.repeat(value.length)
    : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

function valueOf(account: AccountRow, field: ProfileField): string | null {
  switch (field) {
    case 'nickname':
      return account.nickname;
    case 'birthday':
      return account.birthday;
    case 'idNumber':
      return account.idNumber;
    default:
      return account.profile[field] ?? null;
  }
}

/**
 * The member's security centre (SPEC §2 securityCenter): profile details under the merchant's
 * rules, e-mail and mobile bound with a code, the payment password, recent log-ins and the record
 * of changes. Every change writes its record in the same transaction.
 */
export class SecurityService {
  private readonly store: IdentityStore;
  private readonly throttles: Throttles;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly system: SystemService,
    private readonly codes: VerificationCodeService,
    private readonly identity: IdentityService,
    private readonly authenticator: Pick<AuthenticatorService, 'status'>,
  ) {
    this.store = new IdentityStore(db);
    this.throttles = new Throttles(db);
  }

  private async account(accountId: string, db: DbOrTx = this.db): Promise<AccountRow> {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    if (!account) throw new AppError('user.or.token.invalid');
    return account;
  }

  private async dialingCode(merchantCode: string, given: string | undefined): Promise<string> {
    if (given) return `+${given.replace(/^\+/, '')}`;
    const merchant = await this.system.merchantFor(merchantCode, undefined);
    return defaultDialingCode(merchant.country);
  }

  // ---- profile ----

  async profile(accountId: string): Promise<Profile> {
    const account = await this.account(accountId);
    const rules = await this.system.registerRules(account.merchantCode);
    const fields = profileFields
      .filter((field) => rules[field]?.enabled)
      .map((field) => {
        const value = valueOf(account, field);
        const locked = isLockedOnceSet(field) && Boolean(value);
        return {
          field,
          value: locked && field === 'idNumber' && value ? maskIdNumber(value) : value,
          lockedReason: locked ? ('verified' as const) : null,
          rule: rules[field]!,
        };
      });
    return { fields };
  }

  async updateProfile(
    accountId: string,
    body: Partial<Record<ProfileField, string | undefined>>,
    origin: ChangeOrigin,
  ): Promise<Profile> {
    const sent = profileFields.filter((f) => body[f] !== undefined);
    // Read before the transaction: a single-connection database cannot serve both at once.
    const rules = await this.system.registerRules((await this.account(accountId)).merchantCode);
    await this.db.transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .for('update');
      if (!account) throw new AppError('user.or.token.invalid');

      const disabled = sent.filter((f) => !rules[f]?.enabled);
      if (disabled.length > 0) {
        throw new AppError(
          'request_param_err',
          `Not editable: ${disabled.join(', ')}`,
          disabled.map((path) => ({
            path,
            code: 'disabled',
            message: `${path} is not offered`,
          })),
        );
      }
      const locked = sent.filter((f) => isLockedOnceSet(f) && Boolean(valueOf(account, f)));
      if (locked.length > 0) {
        throw new AppError(
          'profile_field_locked',
          undefined,
          locked.map((path) => ({
            path,
            code: 'locked',
            message: `${path} is verified and can no longer be changed`,
          })),
        );
      }

      const values = Object.fromEntries(sent.map((f) => [f, body[f]!]));
      const issues: FieldIssue[] = checkAgainstRules(rules, values, sent);
      if (values.birthday && !issues.some((i) => i.path === 'birthday')) {
        const problem = birthdayIssue(values.birthday);
        if (problem) issues.push(problem);
      }
      if (issues.length > 0) throw invalidFields(issues);

      const changes: ChangedField[] = [];
      const columns: Partial<Record<ColumnField, string | null>> = {};
      const profile: ProfileDetails = { ...account.profile };
      for (const field of sent) {
        const from = valueOf(account, field);
        const to = values[field] ? values[field] : null;
        if (from === to) continue;
        const shown = (v: string | null) => (v && field === 'idNumber' ? maskIdNumber(v) : v);
        changes.push({ field, from: shown(from), to: shown(to) });
        if (columnFields.includes(field)) columns[field as ColumnField] = to;
        else if (to === null) delete profile[field as DetailField];
        else profile[field as DetailField] = to;
      }
      if (changes.length === 0) return;
      await tx
        .update(accounts)
        .set({ ...columns, profile })
        .where(eq(accounts.id, accountId));
      await recordChange(tx, {
        merchantCode: account.merchantCode,
        accountId,
        kind: 'profile',
        changes,
        origin,
      });
    });
    return this.profile(accountId);
  }

  // ---- overview ----

  async overview(accountId: string): Promise<SecurityOverview> {
    const account = await this.account(accountId);
    const authenticator = await this.authenticator.status(accountId);
    return {
      email: account.email ? maskEmail(account.email) : null,
      mobile: maskMobile(account.mobile),
      countryDialingCode: account.mobile ? account.countryDialingCode : null,
      paymentPasswordSet: account.paymentPasswordHash !== null,
      loginPasswordChangedAt: account.passwordChangedAt?.toISOString() ?? null,
      authenticator: {
        ...authenticator,
        boundAt: authenticator.boundAt?.toISOString() ?? null,
      },
    };
  }

  /**
   * Replacing a bound channel needs the log-in password. Wrong guesses count like log-ins and lock
   * the check for a while, so a borrowed session cannot try passwords here.
   */
  private async requirePassword(account: AccountRow, password: string | undefined): Promise<void> {
    const key = `account-password:${account.id}`;
    const what = 'Too many wrong passwords';
    if (password) {
      const ok = await this.throttles.guarded(
        account.merchantCode,
        key,
        defaultIdentityPolicy,
        what,
        () => verifySecret(account.passwordHash, password),
      );
      if (ok) return;
    } else {
      // Nothing typed counts no failure, but a lock still answers first.
      await this.throttles.refuseWhileLocked(account.merchantCode, key, what);
    }
    throw new AppError('request_param_err', 'The log-in password is wrong', [
      {
        path: 'password',
        code: password ? 'wrong' : 'required',
        message: password ? 'The log-in password is wrong' : 'Enter your log-in password',
      },
    ]);
  }

  private async consumeCode(
    purpose: 'bind_email' | 'bind_mobile' | 'payment_password',
    destination: string,
    code: string,
  ): Promise<void> {
    if (!(await this.codes.consume(purpose, destination, code))) {
      throw new AppError('verification_code_invalid', undefined, [
        {
          path: 'verificationCode',
          code: 'invalid',
          message: 'Invalid or expired verification code',
        },
      ]);
    }
  }

  // ---- e-mail ----

  async sendEmailCode(accountId: string, email: string, ip: string): Promise<CodeSent> {
    const account = await this.account(accountId);
    const address = email.trim().toLowerCase();
    if (account.email === address) throw alreadyBound('email');
    const sent = await this.codes.send({
      channel: 'email',
      merchantCode: account.merchantCode,
      purpose: 'bind_email',
      destination: address,
      clientIp: ip,
      brand: 'Taya',
    });
    return { ...sent, destination: maskEmail(address) };
  }

  async bindEmail(
    accountId: string,
    body: { email: string; verificationCode: string; password?: string | undefined },
    origin: ChangeOrigin,
  ): Promise<SecurityOverview> {
    const account = await this.account(accountId);
    const address = body.email.trim().toLowerCase();
    if (account.email === address) throw alreadyBound('email');
    if (account.email) await this.requirePassword(account, body.password);
    await this.consumeCode('bind_email', address, body.verificationCode);
    await this.db.transaction(async (tx) => {
      await tx.update(accounts).set({ email: address }).where(eq(accounts.id, accountId));
      await recordChange(tx, {
        merchantCode: account.merchantCode,
        accountId,
        kind: 'email',
        changes: [
          {
            field: 'email',
            from: account.email ? maskEmail(account.email) : null,
            to: maskEmail(address),
          },
        ],
        origin,
      });
    });
    return this.overview(accountId);
  }

  // ---- mobile ----

  /** The number checked by the merchant's mobile rule and not another account's. */
  private async newMobile(
    account: AccountRow,
    mobileNum: string,
    countryDialingCode: string | undefined,
  ): Promise<{ dialing: string; local: string }> {
    const dialing = await this.dialingCode(account.merchantCode, countryDialingCode);
    const digits = mobileNum.replace(/\D/g, '');
    const rule = (await this.system.registerRules(account.merchantCode)).mobileNum;
    if (rule && checkField({ ...rule, required: true }, digits)) {
      throw new AppError('request_param_err', 'Please enter a valid phone number.', [
        { path: 'mobileNum', code: 'invalid', message: 'Please enter a valid phone number.' },
      ]);
    }
    const local = nationalNumber(digits);
    if (account.mobile === local && account.countryDialingCode === dialing) {
      throw alreadyBound('mobileNum');
    }
    const holder = await this.store.byMobile(account.merchantCode, dialing, local);
    if (holder && holder.id !== account.id) throw mobileTaken();
    return { dialing, local };
  }

  async sendMobileCode(
    accountId: string,
    body: { mobileNum: string; countryDialingCode?: string | undefined },
    ip: string,
  ): Promise<CodeSent> {
    const account = await this.account(accountId);
    const { dialing, local } = await this.newMobile(
      account,
      body.mobileNum,
      body.countryDialingCode,
    );
    const sent = await this.codes.send({
      channel: 'sms',
      merchantCode: account.merchantCode,
      purpose: 'bind_mobile',
      destination: e164(dialing, local),
      clientIp: ip,
      brand: 'Taya',
    });
    return { ...sent, destination: `${dialing} ${maskMobile(local)}` };
  }

  async bindMobile(
    accountId: string,
    body: {
      mobileNum: string;
      countryDialingCode?: string | undefined;
      verificationCode: string;
      password?: string | undefined;
    },
    origin: ChangeOrigin,
  ): Promise<SecurityOverview> {
    const account = await this.account(accountId);
    const { dialing, local } = await this.newMobile(
      account,
      body.mobileNum,
      body.countryDialingCode,
    );
    if (account.mobile) await this.requirePassword(account, body.password);
    await this.consumeCode('bind_mobile', e164(dialing, local), body.verificationCode);
    try {
      await this.db.transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({ countryDialingCode: dialing, mobile: local })
          .where(eq(accounts.id, accountId));
        await recordChange(tx, {
          merchantCode: account.merchantCode,
          accountId,
          kind: 'mobile',
          changes: [
            {
              field: 'mobile',
              from: account.mobile
                ? `${account.countryDialingCode ?? ''} ${maskMobile(account.mobile)}`.trim()
                : null,
              to: `${dialing} ${maskMobile(local)}`,
            },
          ],
          origin,
        });
      });
    } catch (err) {
      const constraint =
        (err as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ??
        (err as { constraint?: string }).constraint;
      if (constraint === 'accounts_mobile_uq') throw mobileTaken();
      throw err;
    }
    return this.overview(accountId);
  }

  // ---- payment password ----

  private boundMobile(account: AccountRow): { destination: string; shown: string } {
    if (!account.mobile || !account.countryDialingCode) {
      throw new AppError('request_param_err', 'Bind a mobile number first', [
        { path: 'mobileNum', code: 'unbound', message: 'Bind a mobile number first' },
      ]);
    }
    return {
      destination: e164(account.countryDialingCode, account.mobile),
      shown: `${account.countryDialingCode} ${maskMobile(account.mobile)}`,
    };
  }

  async sendPaymentPasswordCode(accountId: string, ip: string): Promise<CodeSent> {
    const account = await this.account(accountId);
    const mobile = this.boundMobile(account);
    const sent = await this.codes.send({
      channel: 'sms',
      merchantCode: account.merchantCode,
      purpose: 'payment_password',
      destination: mobile.destination,
      clientIp: ip,
      brand: 'Taya',
    });
    return { ...sent, destination: mobile.shown };
  }

  async setPaymentPassword(
    accountId: string,
    body: {
      oldPaymentPassword?: string | undefined;
      verificationCode?: string | undefined;
      newPaymentPassword: string;
      confirmNewPaymentPassword: string;
    },
    origin: ChangeOrigin,
  ): Promise<SecurityOverview> {
    const account = await this.account(accountId);
    const rules = await this.system.registerRules(account.merchantCode);
    const rule = rules.paymentPassword;
    // SPEC §5: the payment password is always required.
    const issues: FieldIssue[] = rule
      ? checkAgainstRules(
          { paymentPassword: { ...rule, required: true } },
          { paymentPassword: body.newPaymentPassword },
          ['paymentPassword'],
        ).map((i) => ({ ...i, path: 'newPaymentPassword' }))
      : [];
    if (body.newPaymentPassword !== body.confirmNewPaymentPassword) {
      issues.push({
        path: 'confirmNewPaymentPassword',
        code: 'mismatch',
        message: 'The two passwords are inconsistent',
      });
    }
    if (issues.length > 0) {
      throw new AppError(
        'request_param_err',
        'The new payment password does not meet the rules',
        issues,
      );
    }
    if (account.paymentPasswordHash !== null) {
      if (body.oldPaymentPassword) {
        if (!(await this.identity.checkPaymentPassword(account.id, body.oldPaymentPassword))) {
          throw new AppError('request_param_err', 'The old payment password is wrong', [
            {
              path: 'oldPaymentPassword',
              code: 'wrong',
              message: 'The old payment password is wrong',
            },
          ]);
        }
      } else if (body.verificationCode) {
        const mobile = this.boundMobile(account);
        await this.consumeCode('payment_password', mobile.destination, body.verificationCode);
      } else {
        throw new AppError(
          'request_param_err',
          'Enter the old payment password or a verification code',
          [
            {
              path: 'oldPaymentPassword',
              code: 'required',
              message: 'Enter the old payment password or a verification code',
            },
          ],
        );
      }
    }
    const paymentPasswordHash = await hashSecret(body.newPaymentPassword);
    await this.db.transaction(async (tx) => {
      await tx.update(accounts).set({ paymentPasswordHash }).where(eq(accounts.id, accountId));
      // A secret: the record says that it changed, never what it was.
      await recordChange(tx, {
        merchantCode: account.merchantCode,
        accountId,
        kind: 'payment_password',
        changes: [{ field: 'paymentPassword', from: null, to: null }],
        origin,
      });
    });
    return this.overview(accountId);
  }

  // ---- log-ins ----

  /** The last 20 log-ins, ended and revoked ones too, newest first. */
  async logins(accountId: string, currentSessionId: string): Promise<LoginEntry[]> {
    const rows = await this.sessions.recentFor(accountId, 20);
    const now = Date.now();
    return rows.map((r) => ({
      id: r.id,
      ip: r.ip,
      device: r.device,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      status: r.revokedAt
        ? 'revoked'
        : r.expiresAt.getTime() <= now || r.idleExpiresAt.getTime() <= now
          ? 'ended'
          : 'active',
      current: r.id === currentSessionId,
    }));
  }

  /** Ends every live session of the account but the caller's own; how many it ended. */
  async revokeOtherSessions(
    accountId: string,
    currentSessionId: string,
    origin: ChangeOrigin,
  ): Promise<{ revoked: number }> {
    const account = await this.account(accountId);
    return this.db.transaction(async (tx) => {
      const ended = await this.sessions.revokeOthers(accountId, currentSessionId, tx);
      if (ended.length > 0) {
        await recordChange(tx, {
          merchantCode: account.merchantCode,
          accountId,
          kind: 'session_revoked',
          changes: ended.map((s) => ({ field: 'session', from: s.ip, to: null })),
          origin,
        });
      }
      return { revoked: ended.length };
    });
  }

  // ---- record ----

  changes(
    accountId: string,
    page: { pageNo: number; pageSize: number },
  ): Promise<{ list: AccountChange[]; total: number; hasMore: boolean }> {
    return listChanges(this.db, accountId, page);
  }
}

function alreadyBound(path: string): AppError {
  return new AppError('request_param_err', 'This is already bound to your account', [
    { path, code: 'unchanged', message: 'This is already bound to your account' },
  ]);
}

function mobileTaken(): AppError {
  return new AppError('mobile_taken', undefined, [
    { path: 'mobileNum', code: 'taken', message: 'Already registered' },
  ]);
}
