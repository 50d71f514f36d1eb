import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { trialAccountType, type LoginValue, type LoginVerificationMethod } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import { defaultDialingCode, e164, nationalNumber } from './codes';
import { accountLoginIps, loginChallenges } from './schema';
import { digest, sameDigest, verifySecret } from './secrets';
import { usernameKey, type AccountRow } from './store';
import {
  agentOnlyTypes,
  isAgentType,
  LoginFailure,
  normaliseName,
  roleOf,
  shownDestination,
  type ClientContext,
  type IdentityDeps,
} from './model';

/** Log-in: by password or SMS code, the extra proof a new address needs, trial play, log-out. */

/**
 * How an account proved itself: its password (perhaps with a second proof), a code sent to its
 * phone (log-in or reset by SMS), a sign-in ticket from a session of its own (tickets.ts), or by
 * just being made (registration, trial play).
 */
export type Proof = 'password' | 'code' | 'ticket' | 'new';

/**
 * A session for an account that has proved itself, with its first-log-in and expiry flags.
 * After a password log-in, an expired password (or, with PWDEXPFORCECHANGE3 on, a first log-in)
 * must be changed before anything else: the session is marked so, and the guard holds it to that.
 */
export async function issue(
  deps: IdentityDeps,
  account: AccountRow,
  client: ClientContext,
  proof: Proof,
): Promise<LoginValue> {
  const flags = await deps.system.flags(account.merchantCode);
  const firstTimeLogin = account.loginCount === 0;
  const age = Date.now() - (account.passwordChangedAt ?? account.createdAt).getTime();
  const expired =
    account.mustChangePassword ||
    (flags.PWDEXPFORCECHANGE3 === true &&
      account.passwordHash !== null &&
      age > deps.policy.passwordMaxAgeDays * 86_400_000);
  const passwordExpired = expired && proof === 'password';
  const passwordChangeRequired =
    proof === 'password' &&
    account.passwordHash !== null &&
    (expired || (firstTimeLogin && flags.PWDEXPFORCECHANGE3 === true));
  const { token } = await deps.sessions.issue({
    subjectId: account.id,
    role: roleOf(account.type),
    merchantCode: account.merchantCode,
    ip: client.ip,
    ...(client.device ? { device: client.device } : {}),
    passwordChangeRequired,
  });
  await deps.store.recordLogin(account.id, client.ip);
  return {
    token,
    id: account.id,
    userName: account.username,
    customerType: account.type,
    firstTimeLogin,
    passwordExpired,
  };
}

export async function requireFlag(
  deps: IdentityDeps,
  merchantCode: string,
  flag: string,
): Promise<void> {
  if ((await deps.system.flags(merchantCode))[flag] !== true) {
    throw new AppError('function.not.available');
  }
}

export async function login(
  deps: IdentityDeps,
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
  const merchant = await deps.system.merchantFor(client.merchantCode, undefined);
  const sms = body.type === 'sms';
  if (sms) await requireFlag(deps, merchant.merchantCode, 'MOBILEVERCODELOGIN3');
  const dialing = body.countryDialingCode ?? defaultDialingCode(merchant.country);
  const key = sms ? `sms:${e164(dialing, body.username)}` : usernameKey(body.username);

  // A captcha sent is spent whether or not it is needed; the count below decides if it was.
  const captcha = body.captcha
    ? (await deps.captcha.check(client.captchaId, body.captcha))
      ? 'passed'
      : 'failed'
    : 'none';
  // Counted before the check, in the statement that allows it: parallel tries wait their turn.
  const failures = await deps.throttles.takeLogin(
    merchant.merchantCode,
    key,
    client.ip,
    deps.policy,
    captcha,
  );

  let account: AccountRow | undefined;
  let ok: boolean;
  if (sms) {
    const local = nationalNumber(body.username);
    account = await deps.store.byMobile(merchant.merchantCode, dialing, local);
    ok =
      account !== undefined &&
      (await deps.codes.consume('login', e164(dialing, local), body.password));
  } else {
    account = await deps.store.byUsername(merchant.merchantCode, body.username);
    ok = await verifySecret(account?.passwordHash ?? null, body.password);
  }
  if (!ok || !account) throw new LoginFailure(failures >= deps.policy.captchaAfter);
  await deps.throttles.clearLogin(merchant.merchantCode, key, client.ip);
  if (account.status !== 'active') throw new AppError('account_disabled');
  if (account.type === trialAccountType) throw new AppError('non_member_login');
  if (body.portal === 'agent' && !isAgentType(account.type)) throw new AppError('non_agent_login');
  if (body.portal === 'member' && agentOnlyTypes.includes(account.type))
    throw new AppError('non_member_login');
  // A password from a new address needs one more proof. An SMS code already proves the phone,
  // but with an authenticator bound that app is asked for too.
  if (deps.policy.newIpCheck && (!sms || (await authenticatorBound(deps, account.id))))
    await challengeNewAddress(deps, account, client.ip);
  return issue(deps, account, client, sms ? 'code' : 'password');
}

async function authenticatorBound(deps: IdentityDeps, accountId: string): Promise<boolean> {
  return (await deps.loginProofs.authenticator?.isBound(accountId)) ?? false;
}

/** The payee name and the bank payout accounts' names: what `bank_name` is checked against. */
async function bankNames(deps: IdentityDeps, account: AccountRow): Promise<string[]> {
  const names = [
    ...(account.payeeName ? [account.payeeName] : []),
    ...((await deps.loginProofs.bankNamesOf?.(account.id)) ?? []),
  ];
  return names.map(normaliseName).filter((n) => n.length > 0);
}

/**
 * The proofs a new address may be verified with. A bound authenticator is the one asked for
 * (a recovery code goes under `totp`); otherwise a code to a bound channel or the bank name.
 */
async function verificationMethods(deps: IdentityDeps, account: AccountRow) {
  const methods: { method: LoginVerificationMethod; destination: string }[] = [];
  if (await authenticatorBound(deps, account.id)) return [{ method: 'totp', destination: '' }];
  for (const method of ['sms', 'email'] as const) {
    const destination = shownDestination(account, method);
    if (destination !== null) methods.push({ method, destination });
  }
  if ((await bankNames(deps, account)).length > 0)
    methods.push({ method: 'bank_name', destination: '' });
  return methods;
}

async function challengeNewAddress(
  deps: IdentityDeps,
  account: AccountRow,
  ip: string,
): Promise<void> {
  const known = await deps.db
    .select({ ip: accountLoginIps.ip })
    .from(accountLoginIps)
    .where(eq(accountLoginIps.accountId, account.id));
  if (known.length === 0 || known.some((k) => k.ip === ip)) return;
  const methods = await verificationMethods(deps, account);
  // With nothing bound there is nothing to prove; the security centre asks members to bind one.
  if (methods.length === 0) return;
  const challengeId = randomUUID();
  await deps.db.insert(loginChallenges).values({
    id: challengeId,
    accountId: account.id,
    ip,
    methods: methods.map((m) => m.method),
    expiresAt: new Date(Date.now() + 10 * 60_000),
  });
  throw new AppError('login_verify_required', undefined, undefined, { challengeId, methods });
}

/** Tries a challenge allows, with any proof. */
const challengeTries = 5;

/**
 * The live challenge of this address. With `tryIt` a try is counted in the statement that
 * finds it, so parallel tries never get more than `challengeTries` checks.
 */
async function liveChallenge(deps: IdentityDeps, challengeId: string, ip: string, tryIt: boolean) {
  const live = and(
    eq(loginChallenges.id, challengeId),
    eq(loginChallenges.ip, ip),
    isNull(loginChallenges.consumedAt),
    gt(loginChallenges.expiresAt, new Date()),
    lt(loginChallenges.attempts, challengeTries),
  );
  const [challenge] = tryIt
    ? await deps.db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(live)
        .returning()
    : await deps.db.select().from(loginChallenges).where(live);
  if (!challenge) {
    throw new AppError('verification_code_invalid', 'This verification has expired; log in again');
  }
  const account = await deps.store.byId(challenge.accountId);
  if (!account) throw new AppError('verification_code_invalid');
  return { challenge, account };
}

function offered(challenge: { methods: string[] }, method: LoginVerificationMethod): void {
  if (!challenge.methods.includes(method)) {
    throw new AppError('request_param_err', 'This verification is not offered for this log-in', [
      { path: 'method', code: 'not_offered', message: 'Not offered for this log-in' },
    ]);
  }
}

function destinationFor(account: AccountRow, method: 'sms' | 'email'): string {
  if (method === 'sms' && account.mobile && account.countryDialingCode) {
    return e164(account.countryDialingCode, account.mobile);
  }
  if (method === 'email' && account.email) return account.email;
  throw new AppError('request_param_err', 'This account has no such channel bound', [
    { path: 'method', code: 'unbound', message: 'Not bound to this account' },
  ]);
}

export async function sendLoginVerification(
  deps: IdentityDeps,
  challengeId: string,
  method: 'sms' | 'email',
  client: ClientContext,
) {
  const { challenge, account } = await liveChallenge(deps, challengeId, client.ip, false);
  offered(challenge, method);
  const sent = await deps.codes.send({
    channel: method,
    merchantCode: account.merchantCode,
    purpose: 'login_verify',
    destination: destinationFor(account, method),
    clientIp: client.ip,
    brand: 'Taya',
  });
  return { ...sent, destination: shownDestination(account, method) ?? '' };
}

/** Checks the typed bank account name; wrong names count towards a lock like passwords. */
async function checkBankName(
  deps: IdentityDeps,
  account: AccountRow,
  typed: string,
): Promise<boolean> {
  return deps.throttles.guarded(
    account.merchantCode,
    `bank-name:${account.id}`,
    deps.policy,
    'Too many failed attempts',
    async () => {
      const given = digest(normaliseName(typed));
      let ok = false;
      // Every name is compared, so the time taken tells nothing about which one came close.
      for (const name of await bankNames(deps, account))
        if (sameDigest(digest(name), given)) ok = true;
      return ok;
    },
  );
}

export async function completeLoginVerification(
  deps: IdentityDeps,
  body: { challengeId: string; method: LoginVerificationMethod; verificationCode: string },
  client: ClientContext,
): Promise<LoginValue> {
  const { challenge, account } = await liveChallenge(deps, body.challengeId, client.ip, true);
  offered(challenge, body.method);
  let ok: boolean;
  if (body.method === 'totp') {
    const authenticator = deps.loginProofs.authenticator;
    ok =
      authenticator !== undefined &&
      (await authenticator.verify(account.id, body.verificationCode, {
        allowRecovery: true,
        origin: { actorId: account.id, ip: client.ip, device: client.device ?? null },
      })) !== false;
  } else if (body.method === 'bank_name') {
    ok = await checkBankName(deps, account, body.verificationCode);
  } else {
    const destination = destinationFor(account, body.method);
    ok = await deps.codes.consume('login_verify', destination, body.verificationCode);
  }
  if (!ok) {
    throw new AppError(
      body.method === 'totp' ? 'authenticator_code_invalid' : 'verification_code_invalid',
    );
  }
  const [consumed] = await deps.db
    .update(loginChallenges)
    .set({ consumedAt: new Date() })
    .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.consumedAt)))
    .returning({ id: loginChallenges.id });
  if (!consumed) throw new AppError('verification_code_invalid', 'This verification was used');
  return issue(deps, account, client, 'password');
}

export async function freePlay(deps: IdentityDeps, client: ClientContext): Promise<LoginValue> {
  const merchant = await deps.system.merchantFor(client.merchantCode, undefined);
  await requireFlag(deps, merchant.merchantCode, 'FREEPLAY3');
  const username = `trial_${randomBytes(5).toString('hex')}`;
  const account = await deps.store.insert({
    id: randomUUID(),
    merchantCode: merchant.merchantCode,
    username,
    usernameKey: usernameKey(username),
    type: trialAccountType,
    registerMethod: 'FREEPLAY',
    registerIp: client.ip,
  });
  return issue(deps, account, client, 'new');
}

export async function logout(deps: IdentityDeps, sessionId: string): Promise<void> {
  await deps.sessions.revoke(sessionId);
}
