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
  const passwordHash = await hashSecret(body.newPassword);
  await deps.db.transaction(async (tx) => {
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
  const others = await deps.sessions.listFor(account.id);
  for (const s of others) if (s.id !== sessionId) await deps.sessions.revoke(s.id);
}

/** Always answers the same, so it tells nobody whether a username and e-mail match. */
export async function forgotByEmail(
  deps: IdentityDeps,
  merchantCode: string,
  username: string,
  email: string,
): Promise<void> {
  const account = await deps.store.byUsername(merchantCode, username);
  if (!account || !account.email || account.email !== email.trim().toLowerCase()) return;
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(passwordResetTokens).values({
    tokenHash: digest(token),
    accountId: account.id,
    expiresAt: new Date(Date.now() + deps.policy.resetLinkMinutes * 60_000),
  });
  await deps.email.send({
    to: account.email,
    subject: 'Reset your Taya password',
    body: `Open this link within ${deps.policy.resetLinkMinutes} minutes to choose a new password: ${deps.policy.publicUrl}/reset-password?token=${token}\nIf you did not ask for this, ignore this e-mail.`,
    meta: { purpose: 'password_reset' },
  });
}

export async function resetByToken(
  deps: IdentityDeps,
  token: string,
  newPassword: string,
  confirm: string,
): Promise<void> {
  const [row] = await deps.db
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
  const account = await deps.store.byId(row.accountId);
  if (!account) throw new AppError('verification_code_invalid');
  await checkNewPassword(deps, account.merchantCode, newPassword, confirm, 'newPassword');
  await deps.store.setPassword(account.id, await hashSecret(newPassword));
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
  return issue(deps, (await deps.store.byId(account.id))!, client, true);
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
