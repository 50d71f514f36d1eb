import { randomBytes, randomUUID } from 'node:crypto';
import { trialAccountType, type LoginValue } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import { defaultDialingCode, e164, nationalNumber } from './codes';
import { hashSecret } from './secrets';
import { usernameKey, type AccountRow } from './store';
import {
  birthdayIssue,
  checkAgainstRules,
  invalidFields,
  isAgentType,
  type ClientContext,
  type IdentityDeps,
} from './model';
import { issue } from './login';

/** Registration: sign-up with its rules and upline, an agent's register centre, invite codes. */

/** Agent invitation codes: true when the code belongs to an active agent of this merchant. */
export async function checkAffiliate(
  deps: IdentityDeps,
  merchantCode: string,
  code: string,
): Promise<boolean> {
  const agent = await deps.store.byReferralCode(merchantCode, code.trim());
  return agent !== undefined && agent.status === 'active' && isAgentType(agent.type);
}

export async function register(
  deps: IdentityDeps,
  body: Record<string, string | undefined> & {
    username: string;
    password: string;
    confirmPassword: string;
  },
  byMobile: boolean,
  client: ClientContext,
): Promise<LoginValue> {
  const merchant = await deps.system.merchantFor(client.merchantCode, undefined);
  const flags = await deps.system.flags(merchant.merchantCode);
  if (flags[byMobile ? 'MOBILENUMREG3' : 'USERNAMEREG3'] !== true)
    throw new AppError('function.not.available');
  const rules = await deps.system.registerRules(merchant.merchantCode);
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
    !(await deps.captcha.check(client.captchaId, body.captcha))
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
    const inviter = await deps.store.byReferralCode(merchant.merchantCode, invitation);
    const memberInvite = Boolean(body.referralCode) && !body.affiliateCode;
    if (!inviter || inviter.status !== 'active') throw new AppError('invitation_code_error');
    if (isAgentType(inviter.type)) parentId = inviter.id;
    else if (memberInvite && inviter.type === 0) {
      referredBy = inviter.id;
      parentId = inviter.parentId;
    } else throw new AppError('invitation_code_error');
  } else if (body.recommenderId) {
    const recommender = await deps.store.byUsername(merchant.merchantCode, body.recommenderId);
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
      deps.phoneAuth && body.firebaseIdToken
        ? (await deps.phoneAuth.verify(body.firebaseIdToken)) === destination
        : Boolean(body.verificationCode) &&
          (await deps.codes.consume('register', destination, body.verificationCode!));
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
    account = await deps.store.insert({
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
  return issue(deps, account, client, 'new');
}

/**
 * An agent's register centre: a member (type 0) or agent (type 1) directly under `parentId`,
 * checked against the merchant's registration rules for the username and password. Agents get
 * an invitation code of their own.
 */
export async function createDownline(
  deps: IdentityDeps,
  merchantCode: string,
  parentId: string,
  body: { username: string; password: string; type: 0 | 1; nickname?: string },
): Promise<AccountRow> {
  const parent = await deps.store.byId(parentId);
  if (!parent || parent.merchantCode !== merchantCode || !isAgentType(parent.type))
    throw new AppError('forbidden', 'Only agents register downlines');
  const rules = await deps.system.registerRules(merchantCode);
  const issues = checkAgainstRules(rules, { username: body.username, password: body.password }, [
    'username',
    'password',
  ]);
  if (issues.length > 0) throw invalidFields(issues);
  const username = body.username.trim();
  try {
    return await deps.store.insert({
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
export async function memberInviteCode(deps: IdentityDeps, accountId: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const account = await deps.store.byId(accountId);
    if (!account || account.type !== 0) throw new AppError('forbidden', 'Members only');
    if (account.referralCode) return account.referralCode;
    try {
      await deps.store.setReferralCodeOnce(accountId, randomBytes(5).toString('hex').toUpperCase());
    } catch (err) {
      const constraint =
        (err as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ??
        (err as { constraint?: string }).constraint;
      // Another account drew the same code: draw again.
      if (constraint !== 'accounts_referral_code_uq' || attempt >= 3) throw err;
    }
  }
}
