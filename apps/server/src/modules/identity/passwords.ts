import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { checkField, type LoginValue } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import { recordChange, type ChangeOrigin } from './changes';
import { defaultDialingCode, e164, nationalNumber } from './codes';
import { passwordResetTokens } from './schema';
import { digest, hashSecret, verifySecret } from './secrets';
import { IdentityStore } from './store';
import { checkAgainstRules, type ClientContext, type IdentityDeps } from './model';
import { issue } from './login';

/** Passwords: change, reset by e-mail link or phone code, and the SMS codes that go with them. */

async function checkNewPassword(
  deps: IdentityDeps,
  merchantCode: string,
  password: string,
  confirm: string,
  field: string,
): Promise<void> {
  const rules = await deps.system.registerRules(merchantCode);
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

export async function changePassword(
  deps: IdentityDeps,
  accountId: string,
  sessionId: string,
  body: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  origin: ChangeOrigin,
): Promise<void> {
  const account = await deps.store.byId(accountId);
  if (!account) throw new AppError('user.or.token.invalid');
  await checkNewPassword(
    deps,
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
  // A change (forced by expiry above all) must give a new password, not the old one again.
  if (body.newPassword === body.oldPassword) {
    throw new AppError('request_param_err', 'The new password must differ from the old one', [
      {
        path: 'newPassword',
        code: 'same',
        message: 'The new password must differ from the old one',
      },
    ]);
  }
  const passwordHash = await hashSecret(body.newPassword);
  await deps.db.transaction(async (tx) => {
    await new IdentityStore(tx).setPassword(account.id, passwordHash);
    // This session was held to the change; now it may go on.
    await deps.sessions.passwordChanged(sessionId, tx);
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
  const others = await deps.sessions.listFor(account.id);
  for (const s of others) if (s.id !== sessionId) await deps.sessions.revoke(s.id);
}

/**
 * Always answers the same, and in the same time, so it tells nobody whether a username and
 * e-mail match: the lookup is all a call waits for; the link is made and sent by `later`, after
 * the answer has gone out, and only while the address's hourly quota of links lasts.
 */
export async function forgotByEmail(
  deps: IdentityDeps,
  merchantCode: string,
  username: string,
  email: string,
  later: (task: () => Promise<void>) => void,
): Promise<void> {
  const account = await deps.store.byUsername(merchantCode, username);
  if (!account || !account.email || account.email !== email.trim().toLowerCase()) return;
  const to = account.email;
  later(async () => {
    // At most so many links an hour to one mailbox, counted in the statement that decides, so
    // nobody can flood a member's inbox; the answer above is the same either way.
    const allowed = await deps.throttles.takeSends([
      {
        key: resetLinkWindowKey(to),
        limit: deps.policy.resetLinksPerHour,
        perMs: 3_600_000,
        minIntervalMs: 0,
      },
    ]);
    if (allowed) await sendResetLink(deps, account.id, to);
  });
}

/** The send window that counts the reset links e-mailed to one address. */
export const resetLinkWindowKey = (email: string) => `reset-to:${email}`;

export async function sendResetLink(
  deps: IdentityDeps,
  accountId: string,
  to: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(passwordResetTokens).values({
    tokenHash: digest(token),
    accountId,
    expiresAt: new Date(Date.now() + deps.policy.resetLinkMinutes * 60_000),
  });
  await deps.email.send({
    to,
    subject: 'Reset your Taya password',
    body: `Open this link within ${deps.policy.resetLinkMinutes} minutes to choose a new password: ${deps.policy.publicUrl}/reset-password?token=${token}\nIf you did not ask for this, ignore this e-mail.`,
    meta: { purpose: 'password_reset' },
  });
}

/** Why a reset link no longer works; the page tells the member which. */
export type ResetLinkProblem = 'unknown' | 'expired' | 'used';

function linkRefused(reason: ResetLinkProblem): AppError {
  const message = {
    unknown: 'This reset link is not valid',
    expired: 'This reset link has expired',
    used: 'This reset link was already used',
  }[reason];
  return new AppError('verification_code_invalid', message, undefined, { reason });
}

/**
 * Sets a new password with an e-mailed link. The rules are checked before the link is spent, so
 * a password the rules refuse leaves it usable; then the link is spent in the statement that
 * finds it live, so two tries at once cannot both use it. Every session of the account ends.
 */
export async function resetByToken(
  deps: IdentityDeps,
  token: string,
  newPassword: string,
  confirm: string,
): Promise<void> {
  const tokenHash = digest(token);
  const [link] = await deps.db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  if (!link) throw linkRefused('unknown');
  if (link.usedAt) throw linkRefused('used');
  if (link.expiresAt.getTime() <= Date.now()) throw linkRefused('expired');
  const account = await deps.store.byId(link.accountId);
  if (!account) throw linkRefused('unknown');
  await checkNewPassword(deps, account.merchantCode, newPassword, confirm, 'newPassword');
  const passwordHash = await hashSecret(newPassword);
  await deps.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ accountId: passwordResetTokens.accountId });
    if (!spent) throw linkRefused('used');
    await new IdentityStore(tx).setPassword(account.id, passwordHash);
  });
  await deps.sessions.revokeAllFor(account.id);
}

export async function resetByPhone(
  deps: IdentityDeps,
  body: {
    mobileNum: string;
    countryDialingCode?: string | undefined;
    verificationCode: string;
    newPassword: string;
  },
  client: ClientContext,
): Promise<LoginValue> {
  const merchant = await deps.system.merchantFor(client.merchantCode, undefined);
  const dialing = body.countryDialingCode ?? defaultDialingCode(merchant.country);
  const local = nationalNumber(body.mobileNum);
  await checkNewPassword(
    deps,
    merchant.merchantCode,
    body.newPassword,
    body.newPassword,
    'newPassword',
  );
  const account = await deps.store.byMobile(merchant.merchantCode, dialing, local);
  const ok =
    account !== undefined &&
    (await deps.codes.consume('login', e164(dialing, local), body.verificationCode));
  if (!ok || !account) throw new AppError('verification_code_invalid');
  await deps.store.setPassword(account.id, await hashSecret(body.newPassword));
  await deps.sessions.revokeAllFor(account.id);
  return issue(deps, (await deps.store.byId(account.id))!, client, 'code');
}

export async function sendSmsCode(
  deps: IdentityDeps,
  purpose: 'register' | 'login',
  mobile: string,
  countryDialingCode: string | undefined,
  client: ClientContext,
): Promise<{ expiredMinutes: number }> {
  const merchant = await deps.system.merchantFor(client.merchantCode, undefined);
  const dialing = countryDialingCode ?? defaultDialingCode(merchant.country);
  const local = mobile.replace(/\D/g, '');
  const rule = (await deps.system.registerRules(merchant.merchantCode)).mobileNum;
  if (rule && checkField({ ...rule, required: true }, local)) {
    throw new AppError('request_param_err', 'Please enter a valid phone number.', [
      { path: 'mobileNum', code: 'invalid', message: 'Please enter a valid phone number.' },
    ]);
  }
  return deps.codes.send({
    channel: 'sms',
    merchantCode: merchant.merchantCode,
    purpose,
    destination: e164(dialing, local),
    clientIp: client.ip,
    brand: 'Taya',
  });
}
