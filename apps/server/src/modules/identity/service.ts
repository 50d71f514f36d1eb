import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  agentAccountTypes,
  checkField,
  trialAccountType,
  type FieldIssue,
  type FieldRule,
  type LoginValue,
  type LoginVerificationMethod,
  type MemberInfo,
  type RegistrationRules,
} from '@taya/contracts';
import type { Db } from '../../platform/db';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionStore } from '../../platform/auth/sessions';
import type { EmailProvider } from '../../platform/providers';
import type { PhoneAuthVerifier } from '../../platform/providers/phone-auth';
import type { SystemService } from '../system';
import type { AuthenticatorService } from './authenticator';
import type { CaptchaService } from './captcha';
import { recordChange, type ChangeOrigin } from './changes';
import { defaultDialingCode, e164, nationalNumber, type VerificationCodeService } from './codes';
import { accountLoginIps, accounts, loginChallenges, passwordResetTokens } from './schema';
import { digest, hashSecret, sameDigest, verifySecret } from './secrets';
import { IdentityStore, usernameKey, type AccountRow } from './store';

export interface IdentityPolicy {
  /** Ask for an extra verification when a log-in comes from an address the account never used. */
  newIpCheck: boolean;
  /** Failed log-ins before the captcha is demanded. */
  captchaAfter: number;
  /** Failed log-ins before the name is locked for `lockMinutes`. */
  lockAfter: number;
  lockMinutes: number;
  /** With PWDEXPFORCECHANGE3 on, a password older than this must be changed (not for SMS log-ins). */
  passwordMaxAgeDays: number;
  resetLinkMinutes: number;
  publicUrl: string;
}

export const defaultIdentityPolicy: Omit<IdentityPolicy, 'publicUrl'> = {
  newIpCheck: true,
  captchaAfter: 3,
  lockAfter: 6,
  lockMinutes: 15,
  passwordMaxAgeDays: 90,
  resetLinkMinutes: 30,
};

/** What a log-in from a new address can be proved with besides a code sent to a bound channel. */
export interface LoginProofs {
  /** The account's authenticator app; when bound it is the proof asked for. */
  authenticator?: Pick<AuthenticatorService, 'isBound' | 'verify'>;
  /** The account names of the member's bank payout accounts (the cashier module's). */
  bankNamesOf?: (accountId: string) => Promise<string[]>;
}

/** Names compare without case and with runs of spaces as one. */
const normaliseName = (name: string) =>
  name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

export interface ClientContext {
  ip: string;
  merchantCode: string;
  device: string | undefined;
  captchaId: string | undefined;
  host: string | undefined;
}

const isAgentType = (type: number) => (agentAccountTypes as readonly number[]).includes(type);
/** Types 41 and 42 run a team and do not play: they log in only to the back office. */
const agentOnlyTypes = [41, 42];

function roleOf(type: number): 'member' | 'agent' | 'trial' {
  if (type === trialAccountType) return 'trial';
  return isAgentType(type) ? 'agent' : 'member';
}

export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  return mobile.length <= 4
    ? '****'
    : `${mobile.slice(0, 2)}${'*'.repeat(Math.max(mobile.length - 5, 3))}${mobile.slice(-3)}`;
}

export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(name.length - 2, 3))}@${domain}`;
}

/** Where a log-in code goes, masked for the screen; null when that channel is not bound. */
function shownDestination(account: AccountRow, method: 'sms' | 'email'): string | null {
  if (method === 'email') return account.email ? maskEmail(account.email) : null;
  return account.mobile && account.countryDialingCode
    ? `${account.countryDialingCode} ${maskMobile(account.mobile)}`
    : null;
}

const problemMessages = {
  required: 'is required',
  length: 'has the wrong length',
  pattern: 'has the wrong format',
} as const;

/** A birthday must be a real date (yyyy-mm-dd) of someone 18 or older. */
export function birthdayIssue(birthday: string): FieldIssue | null {
  const born = new Date(`${birthday}T00:00:00Z`);
  if (Number.isNaN(born.getTime()) || born.toISOString().slice(0, 10) !== birthday) {
    return { path: 'birthday', code: 'invalid', message: 'birthday is not a real date' };
  }
  const adult = new Date(born);
  adult.setUTCFullYear(adult.getUTCFullYear() + 18);
  if (adult.getTime() > Date.now()) {
    return { path: 'birthday', code: 'age', message: 'Players must be 18 or older' };
  }
  return null;
}

/** Checks the fields a merchant's rules name; returns every problem, not just the first. */
export function checkAgainstRules(
  rules: RegistrationRules,
  values: Record<string, string | undefined>,
  fields: readonly string[],
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const field of fields) {
    const rule: FieldRule | undefined = rules[field];
    if (!rule) continue;
    const problem = checkField(rule, values[field]);
    if (problem)
      issues.push({ path: field, code: problem, message: `${field} ${problemMessages[problem]}` });
  }
  return issues;
}

/** The `request_param_err` that names every field in `issues`. */
export function invalidFields(issues: FieldIssue[]): AppError {
  return new AppError(
    'request_param_err',
    `Invalid fields: ${issues.map((i) => i.path).join(', ')}`,
    issues,
  );
}

export class IdentityService {
  private readonly store: IdentityStore;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly system: SystemService,
    private readonly captcha: CaptchaService,
    private readonly codes: VerificationCodeService,
    private readonly email: EmailProvider,
    private readonly policy: IdentityPolicy,
    private readonly phoneAuth: PhoneAuthVerifier | null = null,
    /** The VIP label shown beside a player's name (the VIP module's), null for none. */
    private readonly clubLabelOf: (
      merchantCode: string,
      accountId: string,
    ) => Promise<string | null> = async () => null,
    private readonly loginProofs: LoginProofs = {},
  ) {
    this.store = new IdentityStore(db);
  }

  private async issue(
    account: AccountRow,
    client: ClientContext,
    smsLogin: boolean,
  ): Promise<LoginValue> {
    const flags = await this.system.flags(account.merchantCode);
    const firstTimeLogin = account.loginCount === 0;
    const age = Date.now() - (account.passwordChangedAt ?? account.createdAt).getTime();
    const expired =
      account.mustChangePassword ||
      (flags.PWDEXPFORCECHANGE3 === true &&
        account.passwordHash !== null &&
        age > this.policy.passwordMaxAgeDays * 86_400_000);
    const { token } = await this.sessions.issue({
      subjectId: account.id,
      role: roleOf(account.type),
      merchantCode: account.merchantCode,
      ip: client.ip,
      ...(client.device ? { device: client.device } : {}),
    });
    await this.store.recordLogin(account.id, client.ip);
    return {
      token,
      id: account.id,
      userName: account.username,
      customerType: account.type,
      firstTimeLogin,
      passwordExpired: expired && !smsLogin,
    };
  }

  private async requireFlag(merchantCode: string, flag: string): Promise<void> {
    if ((await this.system.flags(merchantCode))[flag] !== true) {
      throw new AppError('function.not.available');
    }
  }

  // ---- log-in ----

  async login(
    body: {
      username: string;
      password: string;
      captcha?: string | undefined;
      type: 'username' | 'sms';
      portal: 'member' | 'agent';
      countryDialingCode?: string | undefined;
    },
    client: ClientContext,
  ): Promise<LoginValue> {
    const merchant = await this.system.merchantFor(client.merchantCode, undefined);
    const sms = body.type === 'sms';
    if (sms) await this.requireFlag(merchant.merchantCode, 'MOBILEVERCODELOGIN3');
    const dialing = body.countryDialingCode ?? defaultDialingCode(merchant.country);
    const key = sms ? `sms:${e164(dialing, body.username)}` : usernameKey(body.username);

    const throttle = await this.store.refuseWhileLocked(
      merchant.merchantCode,
      key,
      'Too many failed attempts',
    );
    if ((throttle?.failures ?? 0) >= this.policy.captchaAfter) {
      if (!body.captcha) throw new CaptchaDemand('captcha_required');
      if (!(await this.captcha.check(client.captchaId, body.captcha)))
        throw new CaptchaDemand('captcha_invalid');
    }

    let account: AccountRow | undefined;
    let ok: boolean;
    if (sms) {
      const local = nationalNumber(body.username);
      account = await this.store.byMobile(merchant.merchantCode, dialing, local);
      ok =
        account !== undefined &&
        (await this.codes.consume('login', e164(dialing, local), body.password));
    } else {
      account = await this.store.byUsername(merchant.merchantCode, body.username);
      ok = await verifySecret(account?.passwordHash ?? null, body.password);
    }
    if (!ok || !account) {
      const failures = await this.store.addFailure(
        merchant.merchantCode,
        key,
        this.policy.lockAfter,
        this.policy.lockMinutes * 60_000,
      );
      throw new LoginFailure(failures >= this.policy.captchaAfter);
    }
    await this.store.clearFailures(merchant.merchantCode, key);
    if (account.status !== 'active') throw new AppError('account_disabled');
    if (account.type === trialAccountType) throw new AppError('non_member_login');
    if (body.portal === 'agent' && !isAgentType(account.type))
      throw new AppError('non_agent_login');
    if (body.portal === 'member' && agentOnlyTypes.includes(account.type))
      throw new AppError('non_member_login');
    // A password from a new address needs one more proof. An SMS code already proves the phone,
    // but with an authenticator bound that app is asked for too.
    if (this.policy.newIpCheck && (!sms || (await this.authenticatorBound(account.id))))
      await this.challengeNewAddress(account, client.ip);
    return this.issue(account, client, sms);
  }

  private async authenticatorBound(accountId: string): Promise<boolean> {
    return (await this.loginProofs.authenticator?.isBound(accountId)) ?? false;
  }

  /** The payee name and the bank payout accounts' names: what `bank_name` is checked against. */
  private async bankNames(account: AccountRow): Promise<string[]> {
    const names = [
      ...(account.payeeName ? [account.payeeName] : []),
      ...((await this.loginProofs.bankNamesOf?.(account.id)) ?? []),
    ];
    return names.map(normaliseName).filter((n) => n.length > 0);
  }

  /**
   * The proofs a new address may be verified with. A bound authenticator is the one asked for
   * (a recovery code goes under `totp`); otherwise a code to a bound channel or the bank name.
   */
  private async verificationMethods(account: AccountRow) {
    const methods: { method: LoginVerificationMethod; destination: string }[] = [];
    if (await this.authenticatorBound(account.id)) return [{ method: 'totp', destination: '' }];
    for (const method of ['sms', 'email'] as const) {
      const destination = shownDestination(account, method);
      if (destination !== null) methods.push({ method, destination });
    }
    if ((await this.bankNames(account)).length > 0)
      methods.push({ method: 'bank_name', destination: '' });
    return methods;
  }

  private async challengeNewAddress(account: AccountRow, ip: string): Promise<void> {
    const known = await this.db
      .select({ ip: accountLoginIps.ip })
      .from(accountLoginIps)
      .where(eq(accountLoginIps.accountId, account.id));
    if (known.length === 0 || known.some((k) => k.ip === ip)) return;
    const methods = await this.verificationMethods(account);
    // With nothing bound there is nothing to prove; the security centre asks members to bind one.
    if (methods.length === 0) return;
    const challengeId = randomUUID();
    await this.db.insert(loginChallenges).values({
      id: challengeId,
      accountId: account.id,
      ip,
      methods: methods.map((m) => m.method),
      expiresAt: new Date(Date.now() + 10 * 60_000),
    });
    throw new AppError('login_verify_required', undefined, undefined, { challengeId, methods });
  }

  private async liveChallenge(challengeId: string, ip: string) {
    const [challenge] = await this.db
      .select()
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.id, challengeId),
          eq(loginChallenges.ip, ip),
          isNull(loginChallenges.consumedAt),
          gt(loginChallenges.expiresAt, new Date()),
        ),
      );
    if (!challenge || challenge.attempts >= 5) {
      throw new AppError(
        'verification_code_invalid',
        'This verification has expired; log in again',
      );
    }
    const account = await this.store.byId(challenge.accountId);
    if (!account) throw new AppError('verification_code_invalid');
    return { challenge, account };
  }

  private offered(challenge: { methods: string[] }, method: LoginVerificationMethod): void {
    if (!challenge.methods.includes(method)) {
      throw new AppError('request_param_err', 'This verification is not offered for this log-in', [
        { path: 'method', code: 'not_offered', message: 'Not offered for this log-in' },
      ]);
    }
  }

  private destinationFor(account: AccountRow, method: 'sms' | 'email'): string {
    if (method === 'sms' && account.mobile && account.countryDialingCode) {
      return e164(account.countryDialingCode, account.mobile);
    }
    if (method === 'email' && account.email) return account.email;
    throw new AppError('request_param_err', 'This account has no such channel bound', [
      { path: 'method', code: 'unbound', message: 'Not bound to this account' },
    ]);
  }

  async sendLoginVerification(challengeId: string, method: 'sms' | 'email', client: ClientContext) {
    const { challenge, account } = await this.liveChallenge(challengeId, client.ip);
    this.offered(challenge, method);
    const sent = await this.codes.send({
      channel: method,
      merchantCode: account.merchantCode,
      purpose: 'login_verify',
      destination: this.destinationFor(account, method),
      clientIp: client.ip,
      brand: 'Taya',
    });
    return { ...sent, destination: shownDestination(account, method) ?? '' };
  }

  /** Checks the typed bank account name; wrong names count towards a lock like passwords. */
  private async checkBankName(account: AccountRow, typed: string): Promise<boolean> {
    return this.store.guarded(
      account.merchantCode,
      `bank-name:${account.id}`,
      this.policy,
      'Too many failed attempts',
      async () => {
        const given = digest(normaliseName(typed));
        let ok = false;
        // Every name is compared, so the time taken tells nothing about which one came close.
        for (const name of await this.bankNames(account))
          if (sameDigest(digest(name), given)) ok = true;
        return ok;
      },
    );
  }

  async completeLoginVerification(
    body: { challengeId: string; method: LoginVerificationMethod; verificationCode: string },
    client: ClientContext,
  ): Promise<LoginValue> {
    const { challenge, account } = await this.liveChallenge(body.challengeId, client.ip);
    this.offered(challenge, body.method);
    let ok: boolean;
    if (body.method === 'totp') {
      const authenticator = this.loginProofs.authenticator;
      ok =
        authenticator !== undefined &&
        (await authenticator.verify(account.id, body.verificationCode, {
          allowRecovery: true,
          origin: { actorId: account.id, ip: client.ip, device: client.device ?? null },
        })) !== false;
    } else if (body.method === 'bank_name') {
      ok = await this.checkBankName(account, body.verificationCode);
    } else {
      const destination = this.destinationFor(account, body.method);
      ok = await this.codes.consume('login_verify', destination, body.verificationCode);
    }
    if (!ok) {
      await this.db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(eq(loginChallenges.id, challenge.id));
      throw new AppError(
        body.method === 'totp' ? 'authenticator_code_invalid' : 'verification_code_invalid',
      );
    }
    const [consumed] = await this.db
      .update(loginChallenges)
      .set({ consumedAt: new Date() })
      .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.consumedAt)))
      .returning({ id: loginChallenges.id });
    if (!consumed) throw new AppError('verification_code_invalid', 'This verification was used');
    return this.issue(account, client, false);
  }

  async freePlay(client: ClientContext): Promise<LoginValue> {
    const merchant = await this.system.merchantFor(client.merchantCode, undefined);
    await this.requireFlag(merchant.merchantCode, 'FREEPLAY3');
    const username = `trial_${randomBytes(5).toString('hex')}`;
    const account = await this.store.insert({
      id: randomUUID(),
      merchantCode: merchant.merchantCode,
      username,
      usernameKey: usernameKey(username),
      type: trialAccountType,
      registerMethod: 'FREEPLAY',
      registerIp: client.ip,
    });
    return this.issue(account, client, false);
  }

  async logout(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId);
  }

  // ---- registration ----

  /** Agent invitation codes: true when the code belongs to an active agent of this merchant. */
  async checkAffiliate(merchantCode: string, code: string): Promise<boolean> {
    const agent = await this.store.byReferralCode(merchantCode, code.trim());
    return agent !== undefined && agent.status === 'active' && isAgentType(agent.type);
  }

  async register(
    body: Record<string, string | undefined> & {
      username: string;
      password: string;
      confirmPassword: string;
    },
    byMobile: boolean,
    client: ClientContext,
  ): Promise<LoginValue> {
    const merchant = await this.system.merchantFor(client.merchantCode, undefined);
    const flags = await this.system.flags(merchant.merchantCode);
    if (flags[byMobile ? 'MOBILENUMREG3' : 'USERNAMEREG3'] !== true)
      throw new AppError('function.not.available');
    const rules = await this.system.registerRules(merchant.merchantCode);
    const dialing = body.countryDialingCode ?? defaultDialingCode(merchant.country);
    const values = { ...body };
    if (body.mobileNum !== undefined) values.mobileNum = body.mobileNum.replace(/\s/g, '');
    if (byMobile) values.username = values.mobileNum ?? '';
    const withPassword = !byMobile || flags.MOBILENUMPASSREG3 === true;
    const checked = [
      ...(byMobile ? ['mobileNum'] : ['username', 'mobileNum']),
      ...(withPassword ? ['password'] : []),
      'paymentPassword',
      'payeeName',
      'email',
      'qqNum',
      'line',
      'whatsapp',
      'facebook',
      'wechat',
      'idNumber',
      'affiliateCode',
      'recommenderId',
    ];
    const issues = checkAgainstRules(rules, values, checked);
    if (byMobile && !values.mobileNum)
      issues.push({ path: 'mobileNum', code: 'required', message: 'mobileNum is required' });
    if (withPassword && body.password !== body.confirmPassword) {
      issues.push({
        path: 'confirmPassword',
        code: 'mismatch',
        message: 'The two passwords are inconsistent',
      });
    }
    const birthday = body.birthday ? birthdayIssue(body.birthday) : null;
    if (birthday) issues.push(birthday);
    if (issues.length > 0) throw invalidFields(issues);
    const captchaRule = rules.captcha;
    if (
      captchaRule?.enabled &&
      captchaRule.required &&
      !(await this.captcha.check(client.captchaId, body.captcha))
    ) {
      throw new AppError('captcha_invalid', undefined, [
        { path: 'captcha', code: 'invalid', message: 'The captcha is wrong or has expired' },
      ]);
    }

    // The upline: an invitation code (affiliate or referral) names an agent; a recommender names
    // an account whose agent (or itself, if an agent) becomes the upline. A member's own invite
    // code (refer and earn) or a member as recommender is recorded as the referrer, and the
    // member's agent becomes the upline.
    let parentId: string | null = null;
    let referredBy: string | null = null;
    const invitation = body.affiliateCode || body.referralCode;
    if (invitation) {
      const inviter = await this.store.byReferralCode(merchant.merchantCode, invitation);
      const memberInvite = Boolean(body.referralCode) && !body.affiliateCode;
      if (!inviter || inviter.status !== 'active') throw new AppError('invitation_code_error');
      if (isAgentType(inviter.type)) parentId = inviter.id;
      else if (memberInvite && inviter.type === 0) {
        referredBy = inviter.id;
        parentId = inviter.parentId;
      } else throw new AppError('invitation_code_error');
    } else if (body.recommenderId) {
      const recommender = await this.store.byUsername(merchant.merchantCode, body.recommenderId);
      if (!recommender || recommender.type === trialAccountType) {
        throw new AppError('request_param_err', 'Unknown recommender', [
          { path: 'recommenderId', code: 'unknown', message: 'No such recommender' },
        ]);
      }
      parentId = isAgentType(recommender.type) ? recommender.id : recommender.parentId;
      if (recommender.type === 0) referredBy = recommender.id;
    }

    const mobile = values.mobileNum ? nationalNumber(values.mobileNum) : null;
    if (byMobile && flags.REGMOBVERF3 === true) {
      const destination = e164(dialing, mobile!);
      // With the outside phone-auth channel on, its ID token stands in for our SMS code.
      const ok =
        this.phoneAuth && body.firebaseIdToken
          ? (await this.phoneAuth.verify(body.firebaseIdToken)) === destination
          : Boolean(body.verificationCode) &&
            (await this.codes.consume('register', destination, body.verificationCode!));
      if (!ok) {
        throw new AppError('verification_code_invalid', undefined, [
          {
            path: body.firebaseIdToken ? 'firebaseIdToken' : 'verificationCode',
            code: 'invalid',
            message: 'Invalid or expired verification code',
          },
        ]);
      }
    }

    const [passwordHash, paymentPasswordHash] = await Promise.all([
      withPassword ? hashSecret(body.password) : Promise.resolve(null),
      body.paymentPassword ? hashSecret(body.paymentPassword) : Promise.resolve(null),
    ]);
    const username = values.username!.trim();
    let account: AccountRow;
    try {
      account = await this.store.insert({
        id: randomUUID(),
        merchantCode: merchant.merchantCode,
        username,
        usernameKey: usernameKey(username),
        type: 0,
        passwordHash,
        passwordChangedAt: passwordHash ? new Date() : null,
        paymentPasswordHash,
        countryDialingCode: mobile ? dialing : null,
        mobile,
        email: body.email ? body.email.toLowerCase() : null,
        payeeName: body.payeeName ?? null,
        birthday: body.birthday ?? null,
        idNumber: body.idNumber ?? null,
        profile: {
          ...(body.qqNum ? { qqNum: body.qqNum } : {}),
          ...(body.line ? { line: body.line } : {}),
          ...(body.whatsapp ? { whatsapp: body.whatsapp } : {}),
          ...(body.facebook ? { facebook: body.facebook } : {}),
          ...(body.wechat ? { wechat: body.wechat } : {}),
        },
        parentId,
        referredBy,
        registerMethod: byMobile ? 'WEB_MOBILE' : 'WEB',
        registerIp: client.ip,
        registerDomain: body.domain ?? client.host ?? null,
      });
    } catch (err) {
      const constraint =
        (err as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ??
        (err as { constraint?: string }).constraint;
      if (constraint === 'accounts_username_uq') {
        throw new AppError('username_taken', undefined, [
          {
            path: byMobile ? 'mobileNum' : 'username',
            code: 'taken',
            message: 'Already registered',
          },
        ]);
      }
      if (constraint === 'accounts_mobile_uq') {
        throw new AppError('mobile_taken', undefined, [
          { path: 'mobileNum', code: 'taken', message: 'Already registered' },
        ]);
      }
      throw err;
    }
    return this.issue(account, client, false);
  }

  /**
   * An agent's register centre: a member (type 0) or agent (type 1) directly under `parentId`,
   * checked against the merchant's registration rules for the username and password. Agents get
   * an invitation code of their own.
   */
  async createDownline(
    merchantCode: string,
    parentId: string,
    body: { username: string; password: string; type: 0 | 1; nickname?: string },
  ): Promise<AccountRow> {
    const parent = await this.store.byId(parentId);
    if (!parent || parent.merchantCode !== merchantCode || !isAgentType(parent.type))
      throw new AppError('forbidden', 'Only agents register downlines');
    const rules = await this.system.registerRules(merchantCode);
    const issues = checkAgainstRules(rules, { username: body.username, password: body.password }, [
      'username',
      'password',
    ]);
    if (issues.length > 0) throw invalidFields(issues);
    const username = body.username.trim();
    try {
      return await this.store.insert({
        id: randomUUID(),
        merchantCode,
        username,
        usernameKey: usernameKey(username),
        type: body.type,
        nickname: body.nickname ?? null,
        passwordHash: await hashSecret(body.password),
        passwordChangedAt: new Date(),
        parentId,
        referralCode: body.type === 1 ? randomBytes(5).toString('hex').toUpperCase() : null,
        registerMethod: 'AGENT',
      });
    } catch (err) {
      const constraint =
        (err as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ??
        (err as { constraint?: string }).constraint;
      if (constraint === 'accounts_username_uq') {
        throw new AppError('username_taken', undefined, [
          { path: 'username', code: 'taken', message: 'Already registered' },
        ]);
      }
      throw err;
    }
  }

  /**
   * A member's own invite code for refer and earn, made on first use. Codes share the agents'
   * column, so one code names one account of the merchant.
   */
  async memberInviteCode(accountId: string): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const account = await this.store.byId(accountId);
      if (!account || account.type !== 0) throw new AppError('forbidden', 'Members only');
      if (account.referralCode) return account.referralCode;
      try {
        await this.store.setReferralCodeOnce(
          accountId,
          randomBytes(5).toString('hex').toUpperCase(),
        );
      } catch (err) {
        const constraint =
          (err as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ??
          (err as { constraint?: string }).constraint;
        // Another account drew the same code: draw again.
        if (constraint !== 'accounts_referral_code_uq' || attempt >= 3) throw err;
      }
    }
  }

  // ---- member info ----

  async memberInfo(accountId: string): Promise<MemberInfo> {
    const account = await this.store.byId(accountId);
    if (!account) throw new AppError('user.or.token.invalid');
    return {
      id: account.id,
      account: account.username,
      nickname: account.nickname,
      type: account.type,
      regDate: account.createdAt.getTime(),
      mobile: maskMobile(account.mobile),
      clubLabel: await this.clubLabel(account),
      icon: account.icon,
    };
  }

  private async clubLabel(account: AccountRow): Promise<MemberInfo['clubLabel']> {
    if (account.type === trialAccountType) return null;
    const labelName = await this.clubLabelOf(account.merchantCode, account.id);
    return labelName === null ? null : { labelName };
  }

  /** Another module's view of an account: who it is and where it sits in the tree. */
  async accountSummary(
    merchantCode: string,
    by: { id: string } | { username: string },
  ): Promise<{
    id: string;
    username: string;
    type: number;
    isAgent: boolean;
    parentId: string | null;
    active: boolean;
  } | null> {
    const account =
      'id' in by
        ? await this.store.byId(by.id)
        : await this.store.byUsername(merchantCode, by.username);
    if (!account || account.merchantCode !== merchantCode) return null;
    return {
      id: account.id,
      username: account.username,
      type: account.type,
      isAgent: isAgentType(account.type),
      parentId: account.parentId,
      active: account.status === 'active',
    };
  }

  /**
   * True when `accountId` sits anywhere below `agentId` in the downline tree. Walks up from the
   * account (a handful of rows on the parent index), never down through a whole team.
   */
  async isInTeam(agentId: string, accountId: string): Promise<boolean> {
    if (agentId === accountId) return false;
    const result = (await this.db.execute(sql`
      with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from accounts where id = ${accountId}
        union all
        select a.id, a.parent_id, up.depth + 1 from accounts a join up on a.id = up.parent_id
        where up.depth < 64
      )
      select 1 as found from up where parent_id = ${agentId} limit 1`)) as { rows: unknown[] };
    return result.rows.length > 0;
  }

  /** Usernames by account id, for boards that show (masked) names. */
  async usernames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: accounts.id, username: accounts.username })
      .from(accounts)
      .where(inArray(accounts.id, ids));
    return new Map(rows.map((r) => [r.id, r.username]));
  }

  /** For the cashier and points: true when the payment password matches. */
  async checkPaymentPassword(accountId: string, paymentPassword: string): Promise<boolean> {
    const account = await this.store.byId(accountId);
    if (!account) return false;
    // Six digits are few: wrong guesses are counted like log-ins, and lock the payment password.
    return this.store.guarded(
      account.merchantCode,
      `payment-password:${account.id}`,
      this.policy,
      'Too many wrong payment passwords',
      () => verifySecret(account.paymentPasswordHash, paymentPassword),
    );
  }

  async setIcon(accountId: string, icon: string, origin: ChangeOrigin): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ merchantCode: accounts.merchantCode, icon: accounts.icon })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .for('update');
      if (!before) throw new AppError('user.or.token.invalid');
      if (before.icon === icon) return;
      await tx.update(accounts).set({ icon }).where(eq(accounts.id, accountId));
      await recordChange(tx, {
        merchantCode: before.merchantCode,
        accountId,
        kind: 'icon',
        changes: [{ field: 'icon', from: before.icon, to: icon }],
        origin,
      });
    });
  }

  async sessionsOf(accountId: string, currentSessionId: string) {
    const rows = await this.sessions.listFor(accountId);
    return rows.map((r) => ({
      id: r.id,
      ip: r.ip,
      device: r.device,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      current: r.id === currentSessionId,
    }));
  }

  /** Ends one of the caller's own sessions; another account's session id is simply not found. */
  async revokeSession(accountId: string, sessionId: string, origin: ChangeOrigin): Promise<void> {
    const account = await this.store.byId(accountId);
    const session = (await this.sessions.listFor(accountId)).find((s) => s.id === sessionId);
    if (!account || !session) throw new AppError('not_found', 'No such session');
    await this.db.transaction(async (tx) => {
      await this.sessions.revoke(sessionId, tx);
      await recordChange(tx, {
        merchantCode: account.merchantCode,
        accountId,
        kind: 'session_revoked',
        changes: [{ field: 'session', from: session.ip, to: null }],
        origin,
      });
    });
  }

  // ---- passwords ----

  private async checkNewPassword(
    merchantCode: string,
    password: string,
    confirm: string,
    field: string,
  ): Promise<void> {
    const rules = await this.system.registerRules(merchantCode);
    const issues = checkAgainstRules(rules, { password }, ['password']).map((i) => ({
      ...i,
      path: field,
    }));
    if (password !== confirm)
      issues.push({
        path: `confirm${field[0]!.toUpperCase()}${field.slice(1)}`,
        code: 'mismatch',
        message: 'The two passwords are inconsistent',
      });
    if (issues.length > 0)
      throw new AppError('request_param_err', 'The new password does not meet the rules', issues);
  }

  async changePassword(
    accountId: string,
    sessionId: string,
    body: { oldPassword: string; newPassword: string; confirmNewPassword: string },
    origin: ChangeOrigin,
  ): Promise<void> {
    const account = await this.store.byId(accountId);
    if (!account) throw new AppError('user.or.token.invalid');
    await this.checkNewPassword(
      account.merchantCode,
      body.newPassword,
      body.confirmNewPassword,
      'newPassword',
    );
    if (!(await verifySecret(account.passwordHash, body.oldPassword))) {
      throw new AppError('request_param_err', 'The old password is wrong', [
        { path: 'oldPassword', code: 'wrong', message: 'The old password is wrong' },
      ]);
    }
    const passwordHash = await hashSecret(body.newPassword);
    await this.db.transaction(async (tx) => {
      await new IdentityStore(tx).setPassword(account.id, passwordHash);
      // A secret: the record says that it changed, never what it was.
      await recordChange(tx, {
        merchantCode: account.merchantCode,
        accountId: account.id,
        kind: 'login_password',
        changes: [{ field: 'password', from: null, to: null }],
        origin,
      });
    });
    // Every other session of this account ends; this one goes on.
    const others = await this.sessions.listFor(account.id);
    for (const s of others) if (s.id !== sessionId) await this.sessions.revoke(s.id);
  }

  /** Always answers the same, so it tells nobody whether a username and e-mail match. */
  async forgotByEmail(merchantCode: string, username: string, email: string): Promise<void> {
    const account = await this.store.byUsername(merchantCode, username);
    if (!account || !account.email || account.email !== email.trim().toLowerCase()) return;
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(passwordResetTokens).values({
      tokenHash: digest(token),
      accountId: account.id,
      expiresAt: new Date(Date.now() + this.policy.resetLinkMinutes * 60_000),
    });
    await this.email.send({
      to: account.email,
      subject: 'Reset your Taya password',
      body: `Open this link within ${this.policy.resetLinkMinutes} minutes to choose a new password: ${this.policy.publicUrl}/reset-password?token=${token}\nIf you did not ask for this, ignore this e-mail.`,
      meta: { purpose: 'password_reset' },
    });
  }

  async resetByToken(token: string, newPassword: string, confirm: string): Promise<void> {
    const [row] = await this.db
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, digest(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ accountId: passwordResetTokens.accountId });
    if (!row)
      throw new AppError('verification_code_invalid', 'This reset link is invalid or has expired');
    const account = await this.store.byId(row.accountId);
    if (!account) throw new AppError('verification_code_invalid');
    await this.checkNewPassword(account.merchantCode, newPassword, confirm, 'newPassword');
    await this.store.setPassword(account.id, await hashSecret(newPassword));
    await this.sessions.revokeAllFor(account.id);
  }

  async resetByPhone(
    body: {
      mobileNum: string;
      countryDialingCode?: string | undefined;
      verificationCode: string;
      newPassword: string;
    },
    client: ClientContext,
  ): Promise<LoginValue> {
    const merchant = await this.system.merchantFor(client.merchantCode, undefined);
    const dialing = body.countryDialingCode ?? defaultDialingCode(merchant.country);
    const local = nationalNumber(body.mobileNum);
    await this.checkNewPassword(
      merchant.merchantCode,
      body.newPassword,
      body.newPassword,
      'newPassword',
    );
    const account = await this.store.byMobile(merchant.merchantCode, dialing, local);
    const ok =
      account !== undefined &&
      (await this.codes.consume('login', e164(dialing, local), body.verificationCode));
    if (!ok || !account) throw new AppError('verification_code_invalid');
    await this.store.setPassword(account.id, await hashSecret(body.newPassword));
    await this.sessions.revokeAllFor(account.id);
    return this.issue((await this.store.byId(account.id))!, client, true);
  }

  async sendSmsCode(
    purpose: 'register' | 'login',
    mobile: string,
    countryDialingCode: string | undefined,
    client: ClientContext,
  ): Promise<{ expiredMinutes: number }> {
    const merchant = await this.system.merchantFor(client.merchantCode, undefined);
    const dialing = countryDialingCode ?? defaultDialingCode(merchant.country);
    const local = mobile.replace(/\D/g, '');
    const rule = (await this.system.registerRules(merchant.merchantCode)).mobileNum;
    if (rule && checkField({ ...rule, required: true }, local)) {
      throw new AppError('request_param_err', 'Please enter a valid phone number.', [
        { path: 'mobileNum', code: 'invalid', message: 'Please enter a valid phone number.' },
      ]);
    }
    return this.codes.send({
      channel: 'sms',
      merchantCode: merchant.merchantCode,
      purpose,
      destination: e164(dialing, local),
      clientIp: client.ip,
      brand: 'Taya',
    });
  }

  /**
   * Another module's view of an account known only by its id: its merchant and when it joined
   * (null when there is none). A caller inside a transaction passes it as `db`.
   */
  async accountOrigin(
    accountId: string,
    db: DbOrTx = this.db,
  ): Promise<{ merchantCode: string; createdAt: Date } | null> {
    const [row] = await db
      .select({ merchantCode: accounts.merchantCode, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return row ?? null;
  }
}

/** A failed log-in; `captcha` tells the client to show the captcha from now on. */
export class LoginFailure extends AppError {
  constructor(captcha: boolean) {
    super('login.failed', undefined, undefined, { captcha });
  }
}

export class CaptchaDemand extends AppError {
  constructor(code: 'captcha_required' | 'captcha_invalid') {
    super(code, undefined, [{ path: 'captcha', code, message: 'Please enter the captcha shown' }], {
      captcha: true,
    });
  }
}
