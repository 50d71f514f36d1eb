import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  operatorRolePermissions,
  type OperatorEnrolInfo,
  type OperatorEnrolRequest,
  type OperatorLoginRequest,
  type OperatorMe,
  type OperatorRole,
} from '@taya/contracts';
import type { AuditLog } from '../../platform/audit';
import type { Principal, SessionStore } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import { hashSecret, Throttles, verifySecret, type LockPolicy } from '../identity';
import { operators, type OperatorRow } from './schema';
import { matchStep, newTotpSecret, totpOf } from './totp';

export interface OperatorPolicy extends LockPolicy {
  idleMinutes: number;
  maxHours: number;
  enrolHours: number;
  /** The merchant an every-merchant operator works on unless the log-in names one. */
  defaultMerchant: string;
}

export const defaultOperatorPolicy: OperatorPolicy = {
  lockAfter: 5,
  lockMinutes: 15,
  idleMinutes: 30,
  maxHours: 12,
  enrolHours: 72,
  defaultMerchant: 'TYPH',
};

/** The throttle rows of operators live apart from any merchant's members. */
const realm = '(operators)';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether `ip` is one of the listed addresses or inside one of the listed CIDR blocks. */
export function addressAllowed(ip: string, allowList: string[] | null): boolean {
  if (!allowList || allowList.length === 0) return true;
  const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  const list = new BlockList();
  for (const entry of allowList) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address)) continue;
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return isIP(plain) !== 0 && list.check(plain, family);
}

export interface CreatedOperator {
  id: string;
  username: string;
  enrolToken: string;
  secret: string;
  otpauthUri: string;
  enrolExpiresAt: Date;
}

/** Operator accounts: creation with an enrolment token, enrolment, log-in with both factors. */
/** One row of `OperatorService.roster`. */
export interface OperatorRosterEntry {
  id: string;
  username: string;
  role: string;
  merchants: string[] | null;
  status: 'active' | 'disabled';
}

export class OperatorService {
  private readonly throttles: Throttles;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly box: SecretBox,
    private readonly audit: AuditLog,
    readonly policy: OperatorPolicy = defaultOperatorPolicy,
  ) {
    this.throttles = new Throttles(db);
  }

  private sealSecret = (id: string, secret: string) => this.box.seal(secret, `operator:${id}`);
  private openSecret = (row: OperatorRow) =>
    row.totpSecretSealed ? this.box.open(row.totpSecretSealed, `operator:${row.id}`) : null;

  async byUsername(username: string): Promise<OperatorRow | undefined> {
    const [row] = await this.db.select().from(operators).where(eq(operators.username, username));
    return row;
  }

  /** Every operator's name, role, scope and status (for other modules' pickers and labels). */
  async roster(): Promise<OperatorRosterEntry[]> {
    return this.db
      .select({
        id: operators.id,
        username: operators.username,
        role: operators.role,
        merchants: operators.merchants,
        status: operators.status,
      })
      .from(operators)
      .orderBy(operators.username);
  }

  async byId(id: string): Promise<OperatorRow | undefined> {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id));
    return row;
  }

  /** A new operator, not yet enrolled: the one-time enrolment token and its TOTP secret. */
  async create(
    input: {
      username: string;
      role: OperatorRole;
      merchants: string[] | null;
      ipAllowList?: string[] | null;
    },
    options: { record?: boolean } = {},
  ): Promise<CreatedOperator> {
    if (await this.byUsername(input.username))
      throw new AppError('request_param_err', 'This username is taken', [
        { path: 'username', code: 'taken', message: 'This username is taken' },
      ]);
    const id = randomUUID();
    const secret = newTotpSecret();
    const enrolToken = randomBytes(24).toString('base64url');
    const enrolExpiresAt = new Date(Date.now() + this.policy.enrolHours * 3_600_000);
    await this.db.insert(operators).values({
      id,
      username: input.username,
      role: input.role,
      merchants: input.merchants,
      totpSecretSealed: this.sealSecret(id, secret),
      enrolTokenHash: hashToken(enrolToken),
      enrolExpiresAt,
      ipAllowList: input.ipAllowList ?? null,
    });
    // An operator's call is recorded by the platform; the command line records its own.
    if (options.record !== false)
      await this.audit.record({
        action: 'operators.create',
        targetType: 'operator',
        targetId: id,
        after: { username: input.username, role: input.role, merchants: input.merchants },
      });
    return {
      id,
      username: input.username,
      enrolToken,
      secret,
      otpauthUri: totpOf(secret, input.username).toString(),
      enrolExpiresAt,
    };
  }

  /**
   * A new second factor: a fresh secret and enrolment token; the operator enrols again (password
   * and first code) and its sessions end at once.
   */
  async resetSecondFactor(id: string): Promise<CreatedOperator & { sessionsEnded: number }> {
    const row = await this.byId(id);
    if (!row) throw new AppError('not_found', 'No such operator');
    const secret = newTotpSecret();
    const enrolToken = randomBytes(24).toString('base64url');
    const enrolExpiresAt = new Date(Date.now() + this.policy.enrolHours * 3_600_000);
    await this.db
      .update(operators)
      .set({
        totpSecretSealed: this.sealSecret(id, secret),
        totpLastStep: null,
        enrolled: false,
        enrolTokenHash: hashToken(enrolToken),
        enrolExpiresAt,
      })
      .where(eq(operators.id, id));
    const sessionsEnded = await this.sessions.revokeAllFor(id);
    return {
      id,
      username: row.username,
      enrolToken,
      secret,
      otpauthUri: totpOf(secret, row.username).toString(),
      enrolExpiresAt,
      sessionsEnded,
    };
  }

  private async pendingEnrolment(token: string): Promise<OperatorRow> {
    const [row] = await this.db
      .select()
      .from(operators)
      .where(
        and(
          eq(operators.enrolTokenHash, hashToken(token)),
          eq(operators.enrolled, false),
          gt(operators.enrolExpiresAt, new Date()),
        ),
      );
    if (!row) throw new AppError('not_found', 'This enrolment link is unknown, used or expired');
    return row;
  }

  /** The secret to save in the authenticator app: only while the enrolment is pending. */
  async enrolInfo(token: string): Promise<OperatorEnrolInfo> {
    const row = await this.pendingEnrolment(token);
    const secret = this.openSecret(row)!;
    return {
      username: row.username,
      secret,
      otpauthUri: totpOf(secret, row.username).toString(),
    };
  }

  /** Sets the password and binds the authenticator with a first code; the token is spent. */
  async enrol(input: OperatorEnrolRequest): Promise<{ username: string }> {
    const row = await this.pendingEnrolment(input.token);
    const secret = this.openSecret(row)!;
    const step = await this.throttles.guarded(
      realm,
      `enrol:${row.id}`,
      this.policy,
      'Too many wrong authenticator codes',
      async () => matchStep(secret, input.code, null) ?? false,
    );
    if (step === false) throw new AppError('authenticator_code_invalid');
    const passwordHash = await hashSecret(input.password);
    const done = await this.db
      .update(operators)
      .set({ passwordHash, enrolled: true, enrolTokenHash: null, totpLastStep: step })
      .where(and(eq(operators.id, row.id), eq(operators.enrolled, false)))
      .returning({ id: operators.id });
    if (done.length === 0) throw new AppError('not_found', 'This enrolment link is used');
    await this.audit.record({
      action: 'operators.enrol',
      actorId: row.id,
      actorUsername: row.username,
      actorRole: row.role,
      targetType: 'operator',
      targetId: row.id,
    });
    return { username: row.username };
  }

  /**
   * Password and TOTP code in one try, counted before either is checked (five wrong tries lock
   * the name for 15 minutes, however many arrive at once); then the address allow-list.
   */
  async login(input: OperatorLoginRequest, ip: string, device: string | null) {
    const key = input.username;
    const passed = await this.throttles.guarded(
      realm,
      key,
      this.policy,
      'Too many failed log-ins',
      async () => {
        const row = await this.byUsername(input.username);
        const passwordOk = await verifySecret(row?.passwordHash ?? null, input.password);
        if (!row || !passwordOk || !row.enrolled) return false;
        const secret = this.openSecret(row);
        if (!secret) return false;
        const step = matchStep(secret, input.code, row.totpLastStep);
        if (step === null) return false;
        // A code is good once, even for two log-ins racing with it.
        const [used] = await this.db
          .update(operators)
          .set({ totpLastStep: step })
          .where(
            and(
              eq(operators.id, row.id),
              or(isNull(operators.totpLastStep), sql`${operators.totpLastStep} < ${step}`),
            ),
          )
          .returning({ id: operators.id });
        return used ? row : false;
      },
    );
    if (passed === false) throw new AppError('login.failed', 'Wrong username, password or code');
    const row = passed;
    if (row.status !== 'active') throw new AppError('account_disabled');
    if (!addressAllowed(ip, row.ipAllowList))
      throw new AppError('forbidden', 'Log-in from this address is not allowed');
    const merchantCode = input.merchantCode ?? row.merchants?.[0] ?? this.policy.defaultMerchant;
    if (row.merchants && !row.merchants.includes(merchantCode))
      throw new AppError('forbidden', 'This merchant is outside your scope');
    const operator = {
      role: row.role as OperatorRole,
      username: row.username,
      merchants: row.merchants,
    };
    const session = await this.sessions.issue({
      subjectId: row.id,
      role: 'operator',
      merchantCode,
      ip,
      ...(device ? { device } : {}),
      operator,
      idleMinutes: this.policy.idleMinutes,
      maxHours: this.policy.maxHours,
    });
    await this.db
      .update(operators)
      .set({ lastLoginAt: new Date() })
      .where(eq(operators.id, row.id));
    await this.audit.record({
      action: 'operators.login',
      actorId: row.id,
      actorUsername: row.username,
      actorRole: row.role,
      merchantCode,
      address: ip,
      targetType: 'session',
      targetId: session.sessionId,
    });
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      operator: this.describe(
        {
          sessionId: session.sessionId,
          subjectId: row.id,
          role: 'operator',
          merchantCode,
          operator,
        },
        session.expiresAt,
      ),
    };
  }

  describe(principal: Principal, sessionExpiresAt: Date): OperatorMe {
    const operator = principal.operator!;
    return {
      id: principal.subjectId,
      username: operator.username,
      role: operator.role,
      permissions: [...operatorRolePermissions[operator.role]],
      merchants: operator.merchants,
      merchantCode: principal.merchantCode,
      sessionExpiresAt: sessionExpiresAt.toISOString(),
    };
  }

  /** Disables an operator and ends its sessions at once. */
  async setStatus(id: string, status: 'active' | 'disabled'): Promise<number> {
    await this.db.update(operators).set({ status }).where(eq(operators.id, id));
    return status === 'disabled' ? this.sessions.revokeAllFor(id) : 0;
  }

  /**
   * Seals the fixed secret of the development demo operators that have none yet (the seed runs
   * without the server's key). Production never seeds them, so there this finds nothing.
   */
  async sealDemoSecrets(secret: string): Promise<void> {
    const rows = await this.db
      .select({ id: operators.id })
      .from(operators)
      .where(isNull(operators.totpSecretSealed));
    for (const row of rows) {
      await this.db
        .update(operators)
        .set({ totpSecretSealed: this.sealSecret(row.id, secret) })
        .where(and(eq(operators.id, row.id), isNull(operators.totpSecretSealed)));
    }
  }
}
