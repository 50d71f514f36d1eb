import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { depositOrders, turnoverRequirements } from '../modules/cashier/schema';
import { accounts } from '../modules/identity/schema';
import { hashSecret } from '../modules/identity/secrets';
import { ledgerAccounts } from '../modules/wallet/schema';
import type { TestContext } from './harness';

let seq = 0;

/** The currency of the seeded merchants: TYPH plays in TLB, TYMM in MMK. */
export const currencyOf = (merchantCode: string) => (merchantCode === 'TYPH' ? 'TLB' : 'MMK');

export interface NewMemberOptions {
  /** TYPH unless told. */
  merchantCode?: string;
  /** The start of the username; a unique suffix follows it. */
  prefix?: string;
  /** The whole username instead of prefix and suffix. */
  username?: string;
  /** The registration time: the database's now unless told. */
  registeredAt?: Date;
  birthday?: string | null;
  paymentPassword?: string;
  referredBy?: string | null;
}

/** A member account written straight into the database, without a session. */
export async function insertMember(t: TestContext, options: NewMemberOptions = {}) {
  const id = randomUUID();
  const merchantCode = options.merchantCode ?? 'TYPH';
  const username =
    options.username ?? `${options.prefix ?? 'member'}${Date.now().toString(36)}${seq++}`;
  await t.database.db.insert(accounts).values({
    id,
    merchantCode,
    username,
    usernameKey: username,
    type: 0,
    registerMethod: 'TEST',
    birthday: options.birthday ?? null,
    paymentPasswordHash: options.paymentPassword ? await hashSecret(options.paymentPassword) : null,
    referredBy: options.referredBy ?? null,
    ...(options.registeredAt ? { createdAt: options.registeredAt } : {}),
  });
  return { id, username, merchantCode };
}

/** `count` member accounts of TYPH written in one statement (members racing); their ids. */
export async function insertMembers(t: TestContext, count: number, prefix = 'race') {
  const batch = `${prefix}${Date.now().toString(36)}${seq++}`;
  const ids = Array.from({ length: count }, () => randomUUID());
  await t.database.db.insert(accounts).values(
    ids.map((id, i) => ({
      id,
      merchantCode: 'TYPH',
      username: `${batch}x${i}`,
      usernameKey: `${batch}x${i}`,
      type: 0,
      registerMethod: 'TEST',
    })),
  );
  return ids;
}

/** A new member with a session of its own, and calls made with that session. */
export async function newMember(t: TestContext, options: NewMemberOptions = {}) {
  const { id, username, merchantCode } = await insertMember(t, options);
  const { token } = await t.app.services.sessions.issue({
    subjectId: id,
    role: 'member',
    merchantCode,
  });
  const auth = { authorization: `Bearer ${token}` };
  return {
    id,
    username,
    auth,
    /** The member as the services take it. */
    member: { accountId: id, merchantCode },
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: auth }),
    post: (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: auth, payload }),
  };
}
export type MemberClient = Awaited<ReturnType<typeof newMember>>;

/** A deposit credited as an operator would approve it (money, turnover and all); its id. */
export async function deposit(
  t: TestContext,
  memberId: string,
  minor: bigint,
  merchantCode = 'TYPH',
) {
  const id = randomUUID();
  await t.database.db.insert(depositOrders).values({
    id,
    merchantCode,
    accountId: memberId,
    channelCode: 'BANK',
    amount: minor,
    currency: currencyOf(merchantCode),
    status: 'pending',
  });
  await t.app.services.cashier.creditDeposit(id, 'operator-test', null);
  return id;
}

/** The balance of a member's ledger account of one kind (the bonus balance unless told). */
export async function balanceOf(
  t: TestContext,
  memberId: string,
  kind: 'member_bonus' | 'member_cash' = 'member_bonus',
  merchantCode?: string,
) {
  const [row] = await t.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerId, memberId),
        eq(ledgerAccounts.kind, kind),
        merchantCode ? eq(ledgerAccounts.merchantCode, merchantCode) : undefined,
      ),
    );
  return row?.balance ?? 0n;
}

/** The turnover each of a member's bonus requirements asks for, in the database's order. */
export async function bonusTurnover(t: TestContext, memberId: string) {
  const rows = await t.database.db
    .select({ required: turnoverRequirements.required })
    .from(turnoverRequirements)
    .where(
      and(eq(turnoverRequirements.accountId, memberId), eq(turnoverRequirements.source, 'bonus')),
    );
  return rows.map((r) => r.required);
}

/**
 * A promotion's body for `/ops/promotions`: a running one of TYPH (started an hour ago, no end,
 * for everyone, no budget, one claim per member, with its reason) with the given fields over these.
 */
export function basePromotion<F extends { kind: unknown }>(fields: F) {
  return {
    merchantCode: 'TYPH',
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: null,
    audience: { vipLevels: null, newMembersOnly: false },
    budget: null,
    perMemberLimit: 1,
    enabled: true,
    reason: 'Set up for the test',
    ...fields,
  };
}

/** Saves a promotion as an operator through `/ops/promotions`; its id. */
export async function savePromotion(
  t: TestContext,
  operatorToken: string,
  body: object,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/promotions',
    headers: { authorization: `Bearer ${operatorToken}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as string;
}
