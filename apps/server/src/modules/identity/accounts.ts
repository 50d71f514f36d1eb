import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { trialAccountType, type MemberInfo } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordChange, type ChangeOrigin } from './changes';
import { accounts } from './schema';
import { verifySecret } from './secrets';
import { type AccountRow } from './store';
import { isAgentType, maskMobile, type IdentityDeps } from './model';

/** Accounts as other modules and the member see them: info, summaries, names, icon, sessions. */

export async function memberInfo(deps: IdentityDeps, accountId: string): Promise<MemberInfo> {
  const account = await deps.store.byId(accountId);
  if (!account) throw new AppError('user.or.token.invalid');
  return {
    id: account.id,
    account: account.username,
    nickname: account.nickname,
    type: account.type,
    regDate: account.createdAt.getTime(),
    mobile: maskMobile(account.mobile),
    clubLabel: await clubLabel(deps, account),
    icon: account.icon,
  };
}

async function clubLabel(
  deps: IdentityDeps,
  account: AccountRow,
): Promise<MemberInfo['clubLabel']> {
  if (account.type === trialAccountType) return null;
  const labelName = await deps.clubLabelOf(account.merchantCode, account.id);
  return labelName === null ? null : { labelName };
}

/** Another module's view of an account: who it is and where it sits in the tree. */
export async function accountSummary(
  deps: IdentityDeps,
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
      ? await deps.store.byId(by.id)
      : await deps.store.byUsername(merchantCode, by.username);
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
export async function isInTeam(
  deps: IdentityDeps,
  agentId: string,
  accountId: string,
): Promise<boolean> {
  if (agentId === accountId) return false;
  const result = (await deps.db.execute(sql`
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
export async function usernames(deps: IdentityDeps, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: accounts.id, username: accounts.username })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/**
 * For the agents module: an account's place in the tree, read with the caller's transaction
 * when it has one.
 */
export async function accountOf(
  deps: IdentityDeps,
  id: string,
  db: DbOrTx = deps.db,
): Promise<
  | {
      id: string;
      merchantCode: string;
      username: string;
      nickname: string | null;
      type: number;
      parentId: string | null;
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: accounts.id,
      merchantCode: accounts.merchantCode,
      username: accounts.username,
      nickname: accounts.nickname,
      type: accounts.type,
      parentId: accounts.parentId,
    })
    .from(accounts)
    .where(eq(accounts.id, id));
  return row;
}

/** Usernames and nicknames by account id, for screens that name the parties of a contract. */
export async function namesOf(
  deps: IdentityDeps,
  ids: string[],
): Promise<{ id: string; username: string; nickname: string | null }[]> {
  if (ids.length === 0) return [];
  return deps.db
    .select({ id: accounts.id, username: accounts.username, nickname: accounts.nickname })
    .from(accounts)
    .where(inArray(accounts.id, ids));
}

/**
 * An agent's invitation code: agents get one when created; older accounts get one now, and of
 * two racing calls the first code set is the one both answer.
 */
export async function invitationCode(deps: IdentityDeps, accountId: string): Promise<string> {
  const [row] = await deps.db
    .select({ code: accounts.referralCode })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (row?.code) return row.code;
  const code = randomBytes(5).toString('hex').toUpperCase();
  const [updated] = await deps.db
    .update(accounts)
    .set({ referralCode: code })
    .where(and(eq(accounts.id, accountId), isNull(accounts.referralCode)))
    .returning({ code: accounts.referralCode });
  if (updated?.code) return updated.code;
  const [again] = await deps.db
    .select({ code: accounts.referralCode })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return again!.code!;
}

/** For the cashier and points: true when the payment password matches. */
export async function checkPaymentPassword(
  deps: IdentityDeps,
  accountId: string,
  paymentPassword: string,
): Promise<boolean> {
  const account = await deps.store.byId(accountId);
  if (!account) return false;
  // Six digits are few: wrong guesses are counted like log-ins, and lock the payment password.
  return deps.throttles.guarded(
    account.merchantCode,
    `payment-password:${account.id}`,
    deps.policy,
    'Too many wrong payment passwords',
    () => verifySecret(account.paymentPasswordHash, paymentPassword),
  );
}

export async function setIcon(
  deps: IdentityDeps,
  accountId: string,
  icon: string,
  origin: ChangeOrigin,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
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

export async function sessionsOf(deps: IdentityDeps, accountId: string, currentSessionId: string) {
  const rows = await deps.sessions.listFor(accountId);
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
export async function revokeSession(
  deps: IdentityDeps,
  accountId: string,
  sessionId: string,
  origin: ChangeOrigin,
): Promise<void> {
  const account = await deps.store.byId(accountId);
  const session = (await deps.sessions.listFor(accountId)).find((s) => s.id === sessionId);
  if (!account || !session) throw new AppError('not_found', 'No such session');
  await deps.db.transaction(async (tx) => {
    await deps.sessions.revoke(sessionId, tx);
    await recordChange(tx, {
      merchantCode: account.merchantCode,
      accountId,
      kind: 'session_revoked',
      changes: [{ field: 'session', from: session.ip, to: null }],
      origin,
    });
  });
}

/**
 * Another module's view of an account known only by its id: its merchant and when it joined
 * (null when there is none). A caller inside a transaction passes it as `db`.
 */
export async function accountOrigin(
  deps: IdentityDeps,
  accountId: string,
  db: DbOrTx = deps.db,
): Promise<{ merchantCode: string; createdAt: Date } | null> {
  const [row] = await db
    .select({ merchantCode: accounts.merchantCode, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

/**
 * Disables an account: it can no longer log in, and everything it is signed in with ends now:
 * its site sessions (a call with one is refused 401), and through `onDisabled` its unused game
 * launch tokens and vendor sessions (a vendor bet with one is refused and moves nothing). Doing
 * it again ends whatever was issued meanwhile.
 */
export async function disableAccount(deps: IdentityDeps, accountId: string): Promise<number> {
  const [row] = await deps.db
    .update(accounts)
    .set({ status: 'disabled' })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  if (!row) throw new AppError('not_found', 'No such account');
  const ended = await deps.sessions.revokeAllFor(accountId);
  await deps.onDisabled(accountId);
  return ended;
}
