import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsWithdrawalRow } from '@taya/contracts';
import { auditLog } from '../../platform/audit-schema';
import {
  createTestApp,
  fund,
  injectSealed,
  uploadImages,
  type TestContext,
} from '../../test/harness';
import { deposit, insertMember, newMember } from '../../test/members';
import { pointsRedemptions } from '../points/schema';
import { promotionApplications, promotions } from '../promotions/schema';
import { chatModels, chatSessions } from '../support/schema';
import { ledgerEntries } from '../wallet/schema';
import { cashierSettings, payoutAccounts, withdrawalRequests } from './schema';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = `Bearer ${await t.loginOperator({ subjectId: 'ops-cashier-admin' })}`;
});
afterAll(() => t.close());

const ops = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, auth = admin) =>
  t.app.inject({ method, url, headers: { authorization: auth }, ...(payload ? { payload } : {}) });

/** A TYPH member with a payment password and `cash` minor units in its wallet. */
async function player(cash: bigint) {
  const { id } = await insertMember(t, { paymentPassword: '135790' });
  const { token } = await t.app.services.sessions.issue({
    subjectId: id,
    role: 'member',
    merchantCode: 'TYPH',
  });
  const auth = { authorization: `Bearer ${token}` };
  if (cash > 0n) await fund(t.app, id, cash, `ops-cashier:${id}`);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const balance = async () =>
    (await call('GET', '/wps/v2/wallets/balance')).json().value.sumBalance as string;
  const addPayout = async (accountNumber: string) => {
    const res = await call('POST', '/wps/cashier/payout-accounts', {
      kind: 'bank',
      provider: 'BDO Unibank',
      accountName: 'Juan Dela Cruz',
      accountNumber,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().value.id as string;
  };
  const withdraw = async (payoutAccountId: string, amount: string) => {
    const res = await injectSealed(t.app, {
      method: 'POST',
      url: '/wps/cashier/withdrawals',
      headers: { ...auth, 'idempotency-key': randomUUID() },
      payload: { payoutAccountId, amount, paymentPassword: '135790' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().value.id as string;
  };
  return { id, auth, call, balance, addPayout, withdraw };
}

async function withdrawalQueue(query: string) {
  const res = await ops('GET', `/ops/cashier/withdrawals?merchantCode=TYPH&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { list: OpsWithdrawalRow[]; total: number };
}
const rowOf = async (id: string) =>
  (await withdrawalQueue('status=all&size=200')).list.find((w) => w.id === id)!;

describe('deposit queue', () => {
  it('takes a bank transfer with its receipt from submission to a credited balance, once', async () => {
    const m = await newMember(t, { prefix: 'bankdep' });
    const receiptIds = await uploadImages(t.app, m.auth, 1);
    const made = await m.post('/wps/cashier/deposits', {
      channelCode: 'BANK',
      amount: '500',
      receiptIds,
    });
    expect(made.statusCode, made.body).toBe(201);
    const orderId = made.json().value.id as string;

    const queue = await ops('GET', '/ops/cashier/deposits?merchantCode=TYPH&status=pending');
    expect(queue.statusCode, queue.body).toBe(200);
    const row = queue.json().value.list.find((d: { id: string }) => d.id === orderId);
    expect(row).toMatchObject({
      merchantCode: 'TYPH',
      accountId: m.id,
      username: m.username,
      channelCode: 'BANK',
      channelName: 'Bank transfer',
      kind: 'bank_transfer',
      amount: '500.00',
      currency: 'TLB',
      status: 'pending',
      receiptIds,
      decidedAt: null,
    });
    // The receipt is served to the operator.
    const image = await ops('GET', `/ops/uploads/${receiptIds[0]}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // Five operators' clicks at once credit it once.
    const approvals = await Promise.all(
      Array.from({ length: 5 }, () => ops('POST', `/ops/cashier/deposits/${orderId}/approve`, {})),
    );
    expect(approvals.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const balance = (await m.get('/wps/v2/wallets/balance')).json().value.sumBalance;
    expect(balance).toBe('500.00');
    const entries = await t.database.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reference, orderId), eq(ledgerEntries.type, 'deposit')));
    expect(entries).toHaveLength(1);
    const credited = await ops('GET', '/ops/cashier/deposits?merchantCode=TYPH&status=credited');
    expect(credited.json().value.list.find((d: { id: string }) => d.id === orderId)).toMatchObject({
      status: 'credited',
      decidedBy: 'ops-cashier-admin',
    });
    expect((await m.get('/wps/cashier/deposits')).json().value[0].status).toBe('credited');
  });

  it('rejects only with a reason, and pages and sorts the queue', async () => {
    const m = await newMember(t, { prefix: 'bankrej' });
    const ids: string[] = [];
    for (const amount of ['300', '100', '200']) {
      const made = await m.post('/wps/cashier/deposits', {
        channelCode: 'BANK',
        amount,
        receiptIds: await uploadImages(t.app, m.auth, 1),
      });
      ids.push(made.json().value.id);
    }
    const noReason = await ops('POST', `/ops/cashier/deposits/${ids[0]}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields[0].path).toBe('note');
    const rejected = await ops('POST', `/ops/cashier/deposits/${ids[0]}/reject`, {
      note: 'No transfer found',
    });
    expect(rejected.statusCode).toBe(200);
    const row = (await ops('GET', '/ops/cashier/deposits?merchantCode=TYPH&status=rejected'))
      .json()
      .value.list.find((d: { id: string }) => d.id === ids[0]);
    expect(row).toMatchObject({ id: ids[0], status: 'rejected', note: 'No transfer found' });
    expect((await m.get('/wps/v2/wallets/balance')).json().value.sumBalance).toBe('0.00');

    const page = await ops(
      'GET',
      '/ops/cashier/deposits?merchantCode=TYPH&status=pending&sort=amount&order=desc&size=1&page=2',
    );
    const value = page.json().value;
    expect(value.total).toBeGreaterThanOrEqual(2);
    expect(value.size).toBe(1);
    expect(value.list).toHaveLength(1);
    const all = (
      await ops(
        'GET',
        '/ops/cashier/deposits?merchantCode=TYPH&status=pending&sort=amount&order=desc',
      )
    ).json().value.list as { id: string; amount: string }[];
    expect(value.list[0].id).toBe(all[1]!.id);
    const amounts = all.map((d) => Number(d.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });
});

describe('withdrawal queue', () => {
  it('flags each risk on the server and filters by it', async () => {
    await t.database.db
      .update(cashierSettings)
      .set({ reviewThreshold: 500_00n })
      .where(eq(cashierSettings.merchantCode, 'TYPH'));
    // An established player: an old payout account of its own, a paid withdrawal behind it.
    const veteran = await player(5_000_00n);
    const oldAccount = await veteran.addPayout('1111 2222 3333');
    await t.database.db
      .update(payoutAccounts)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(payoutAccounts.id, oldAccount));
    const paidBefore = await veteran.withdraw(oldAccount, '100');
    expect(
      (await ops('POST', `/ops/cashier/withdrawals/${paidBefore}/approve`, {})).statusCode,
    ).toBe(200);
    const clean = await veteran.withdraw(oldAccount, '200');
    expect((await rowOf(clean)).flags).toEqual([]);
    expect((await rowOf(paidBefore)).flags).toEqual(['first_withdrawal']);

    // Over the merchant's threshold.
    const big = await veteran.withdraw(oldAccount, '600');
    expect((await rowOf(big)).flags).toEqual(['over_threshold']);

    // A newcomer: a payout account added today, the first withdrawal, a number another has.
    const newcomer = await player(1_000_00n);
    const fresh = await newcomer.addPayout('9999-8888-7777');
    const other = await player(0n);
    await other.addPayout('9999 8888 7777');
    const first = await newcomer.withdraw(fresh, '150');
    expect((await rowOf(first)).flags).toEqual([
      'payout_account_new_24h',
      'first_withdrawal',
      'payout_account_shared',
    ]);

    // Turnover owed after the request (a deposit credited since).
    await deposit(t, newcomer.id, 100_00n);
    expect((await rowOf(first)).flags).toContain('turnover_unmet');
    expect((await rowOf(clean)).flags).not.toContain('turnover_unmet');

    const shared = await withdrawalQueue('status=pending&flag=payout_account_shared');
    expect(shared.list.map((w) => w.id)).toEqual([first]);
    expect(shared.total).toBe(1);
    const over = await withdrawalQueue('status=all&flag=over_threshold');
    expect(over.list.map((w) => w.id)).toEqual([big]);
    const row = await rowOf(first);
    expect(row).toMatchObject({
      accountId: newcomer.id,
      amount: '150.00',
      status: 'pending',
      payoutAccount: { id: fresh, accountNumber: '999988887777', provider: 'BDO Unibank' },
    });
    const sorted = await withdrawalQueue('status=pending&sort=amount&order=desc');
    const amounts = sorted.list.map((w) => Number(w.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const paged = await withdrawalQueue('status=pending&sort=amount&order=desc&size=1&page=1');
    expect(paged.list.map((w) => w.id)).toEqual([sorted.list[0]!.id]);
    expect(paged.total).toBe(sorted.total);
    expect((await ops('GET', '/ops/cashier/withdrawals?flag=nope')).statusCode).toBe(400);
  });

  it('pays with a reference the member sees, and a rejection returns the money with its reason', async () => {
    const m = await player(1_000_00n);
    const account = await m.addPayout('5555 6666 7777');
    const id = await m.withdraw(account, '400');
    expect(await m.balance()).toBe('600.00');

    const noRef = await ops('POST', `/ops/cashier/withdrawals/${id}/pay`, {});
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().fields[0].path).toBe('paymentRef');
    const paid = await ops('POST', `/ops/cashier/withdrawals/${id}/pay`, {
      paymentRef: 'BDO-20261127-0001',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value).toMatchObject({
      status: 'approved',
      confirmation: 'awaiting',
      paymentRef: 'BDO-20261127-0001',
      outstanding: '400.00',
    });
    const again = await ops('POST', `/ops/cashier/withdrawals/${id}/pay`, {
      paymentRef: 'BDO-20261127-0002',
    });
    expect(again.statusCode).toBe(409);
    const mine = (await m.call('GET', '/wps/cashier/withdrawals')).json().value[0];
    expect(mine).toMatchObject({ id, status: 'approved', paymentRef: 'BDO-20261127-0001' });
    const confirmed = await m.call('POST', `/wps/cashier/withdrawals/${id}/confirm`, {
      result: 'received',
    });
    expect(confirmed.json().value).toMatchObject({ confirmation: 'received', outstanding: '0.00' });
    expect((await rowOf(id)).paymentRef).toBe('BDO-20261127-0001');

    const second = await m.withdraw(account, '250');
    expect(await m.balance()).toBe('350.00');
    const bare = await ops('POST', `/ops/cashier/withdrawals/${second}/reject`, {});
    expect(bare.statusCode).toBe(400);
    const rejected = await ops('POST', `/ops/cashier/withdrawals/${second}/reject`, {
      note: 'The account name does not match',
    });
    expect(rejected.json().value).toMatchObject({
      status: 'rejected',
      decisionNote: 'The account name does not match',
      paymentRef: null,
    });
    expect(await m.balance()).toBe('600.00');
    const seen = (await m.call('GET', '/wps/cashier/withdrawals')).json().value;
    expect(seen.find((w: { id: string }) => w.id === second).decisionNote).toBe(
      'The account name does not match',
    );
    // Audited with before and after.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'withdrawal'), eq(auditLog.targetId, second)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'rejected' },
      reason: 'The account name does not match',
    });
  });
});

describe('merchant scope on calls by id', () => {
  it('refuses an operator of TYPH a TYMM deposit, withdrawal, application, redemption, chat and upload', async () => {
    const ph = `Bearer ${await t.loginOperator({ role: 'admin', merchants: ['TYPH'] })}`;
    const mm = await newMember(t, { merchantCode: 'TYMM', prefix: 'mmscope' });
    const receiptIds = await uploadImages(t.app, mm.auth, 1);
    const made = await mm.post('/wps/cashier/deposits', {
      channelCode: 'BANK',
      amount: '10000',
      receiptIds,
    });
    expect(made.statusCode, made.body).toBe(201);
    const depositId = made.json().value.id as string;
    const withdrawalId = randomUUID();
    await t.database.db.insert(withdrawalRequests).values({
      id: withdrawalId,
      merchantCode: 'TYMM',
      accountId: mm.id,
      payoutAccountId: randomUUID(),
      amount: 5_000_00n,
      currency: 'MMK',
      status: 'pending',
      holdEntryId: 'scope-test',
    });
    const { applicationId, redemptionId, chatId } = await tymmRows(mm.id);

    const refused: [string, object | undefined][] = [
      [`/ops/cashier/deposits/${depositId}/approve`, {}],
      [`/ops/cashier/deposits/${depositId}/reject`, { note: 'no' }],
      [`/ops/cashier/withdrawals/${withdrawalId}/approve`, {}],
      [`/ops/cashier/withdrawals/${withdrawalId}/pay`, { paymentRef: 'REF-1' }],
      [`/ops/cashier/withdrawals/${withdrawalId}/reject`, { note: 'no' }],
      [`/ops/cashier/withdrawals/${withdrawalId}/resolve`, { outcome: 'paid' }],
      [`/ops/promotions/applications/${applicationId}/approve`, {}],
      [`/ops/promotions/applications/${applicationId}/reject`, { reason: 'no' }],
      [`/ops/points/redemptions/${redemptionId}/approve`, {}],
      [`/ops/points/redemptions/${redemptionId}/reject`, { note: 'no' }],
      [`/ops/support/chats/${chatId}/messages`, { body: 'hello' }],
      [`/ops/support/chats/${chatId}/close`, undefined],
    ];
    for (const [url, body] of refused) {
      const res = await ops('POST', url, body, ph);
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
      expect(res.json().errorCode).toBe('forbidden');
    }
    const reads = [`/ops/support/chats/${chatId}/messages`, `/ops/uploads/${receiptIds[0]}`];
    for (const url of reads)
      expect((await ops('GET', url, undefined, ph)).statusCode, url).toBe(403);

    // Nothing moved; an operator of every merchant may.
    const [w] = await t.database.db
      .select({ status: withdrawalRequests.status })
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.id, withdrawalId));
    expect(w!.status).toBe('pending');
    expect((await ops('GET', `/ops/uploads/${receiptIds[0]}`)).statusCode).toBe(200);
    const approved = await ops('POST', `/ops/cashier/deposits/${depositId}/approve`, {});
    expect(approved.statusCode).toBe(200);
    expect((await mm.get('/wps/v2/wallets/balance')).json().value.sumBalance).toBe('10000.00');
    // Lists without a merchant show the operator's own merchants only.
    const list = await ops('GET', '/ops/cashier/deposits?status=all&size=200', undefined, ph);
    const merchants = new Set(
      (list.json().value.list as { merchantCode: string }[]).map((d) => d.merchantCode),
    );
    expect([...merchants]).toEqual(['TYPH']);
    expect(
      (await ops('GET', '/ops/cashier/withdrawals?merchantCode=TYMM', undefined, ph)).statusCode,
    ).toBe(403);
  });
});

describe('payment channels', () => {
  it('creates, validates, audits and switches channels; players see only their merchant’s enabled ones', async () => {
    const channel = {
      merchantCode: 'TYPH',
      code: 'METROBANK',
      kind: 'bank_transfer',
      name: 'Metrobank transfer',
      minAmount: '200',
      maxAmount: '20000',
      feeFixed: '0',
      feeBps: 50,
      sort: 5,
      reason: 'New bank account for deposits',
      receiving: {
        bank: 'Metrobank',
        accountName: 'Taya Payments Inc.',
        accountNumber: '7012 3456 78',
      },
    };
    const bad = await ops('POST', '/ops/cashier/channels', { ...channel, maxAmount: '100' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('maxAmount');
    const noGateway = await ops('POST', '/ops/cashier/channels', {
      merchantCode: 'TYPH',
      code: 'PAYNOW',
      kind: 'online',
      name: 'Pay now',
      minAmount: '100',
      maxAmount: '1000',
      gateway: 'nowhere',
      reason: 'New gateway',
    });
    expect(noGateway.statusCode).toBe(400);
    expect(noGateway.json().fields[0].path).toBe('gateway');
    const badNumber = await ops('POST', '/ops/cashier/channels', {
      ...channel,
      receiving: { ...channel.receiving, accountNumber: 'x' },
    });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().fields[0].path).toBe('receiving.accountNumber');

    const created = await ops('POST', '/ops/cashier/channels', channel);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().value).toMatchObject({
      code: 'METROBANK',
      minAmount: '200.00',
      maxAmount: '20000.00',
      feeBps: 50,
      enabled: true,
    });
    expect((await ops('POST', '/ops/cashier/channels', channel)).statusCode).toBe(409);
    const ph = `Bearer ${await t.loginOperator({ role: 'finance', merchants: ['TYPH'] })}`;
    expect(
      (await ops('POST', '/ops/cashier/channels', { ...channel, merchantCode: 'TYMM' }, ph))
        .statusCode,
    ).toBe(403);
    const support = `Bearer ${await t.loginOperator({ role: 'support' })}`;
    expect(
      (
        await ops(
          'PATCH',
          '/ops/cashier/channels/TYPH/METROBANK',
          { enabled: false, reason: 'Closed' },
          support,
        )
      ).statusCode,
    ).toBe(403);

    const phMember = await newMember(t, { prefix: 'chanph' });
    const mmMember = await newMember(t, { merchantCode: 'TYMM', prefix: 'chanmm' });
    const codes = async (m: typeof phMember) =>
      ((await m.get('/wps/cashier/channels')).json().value as { code: string }[]).map(
        (c) => c.code,
      );
    expect(await codes(phMember)).toContain('METROBANK');
    expect(await codes(mmMember)).not.toContain('METROBANK');
    const shown = (
      (await phMember.get('/wps/cashier/channels')).json().value as {
        code: string;
      }[]
    ).find((c) => c.code === 'METROBANK');
    expect(shown).toMatchObject({ feeFixed: '0.00', feeBps: 50, receiving: channel.receiving });

    const inverted = await ops('PATCH', '/ops/cashier/channels/TYPH/METROBANK', {
      minAmount: '30000',
      reason: 'Raise the minimum',
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().fields[0].path).toBe('minAmount');
    const off = await ops('PATCH', '/ops/cashier/channels/TYPH/METROBANK', {
      enabled: false,
      maxAmount: '25000',
      reason: 'Bank account under review',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value).toMatchObject({ enabled: false, maxAmount: '25000.00' });
    expect(await codes(phMember)).not.toContain('METROBANK');
    const refusedDeposit = await phMember.post('/wps/cashier/deposits', {
      channelCode: 'METROBANK',
      amount: '500',
      receiptIds: await uploadImages(t.app, phMember.auth, 1),
    });
    expect(refusedDeposit.statusCode).toBe(400);
    expect(
      (await ops('PATCH', '/ops/cashier/channels/TYPH/NOPE', { enabled: false, reason: 'Closed' }))
        .statusCode,
    ).toBe(404);
    const listed = (await ops('GET', '/ops/cashier/channels?merchantCode=TYPH')).json().value as {
      code: string;
      enabled: boolean;
    }[];
    expect(listed.find((c) => c.code === 'METROBANK')?.enabled).toBe(false);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetType, 'payment_channel'), eq(auditLog.targetId, 'TYPH:METROBANK')),
      )
      .orderBy(auditLog.seq);
    expect(audit).toHaveLength(2);
    expect(audit[0]!.before).toBeNull();
    expect(audit[1]).toMatchObject({
      merchantCode: 'TYPH',
      before: { enabled: true, maxAmount: '20000.00' },
      after: { enabled: false, maxAmount: '25000.00' },
    });
  });
});

/** A pending promotion application, points redemption and open chat of a TYMM member. */
async function tymmRows(accountId: string) {
  const { db } = t.database;
  const [promotion] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(eq(promotions.merchantCode, 'TYMM'))
    .limit(1);
  const applicationId = randomUUID();
  await db.insert(promotionApplications).values({
    id: applicationId,
    promotionId: promotion!.id,
    merchantCode: 'TYMM',
    accountId,
    requestId: randomUUID(),
    comment: 'please',
    imageIds: [],
    status: 'pending',
  });
  const redemptionId = randomUUID();
  await db.insert(pointsRedemptions).values({
    id: redemptionId,
    merchantCode: 'TYMM',
    accountId,
    rewardId: 'scope-test',
    quantity: 1,
    points: 100n,
    redeemType: 'item',
    status: 'in_process',
  });
  const [model] = await db
    .select({ id: chatModels.id })
    .from(chatModels)
    .where(eq(chatModels.merchantCode, 'TYMM'))
    .limit(1);
  const chatId = randomUUID();
  await db.insert(chatSessions).values({
    id: chatId,
    merchantCode: 'TYMM',
    accountId,
    keyHash: 'scope-test',
    modelId: model!.id,
  });
  return { applicationId, redemptionId, chatId };
}
