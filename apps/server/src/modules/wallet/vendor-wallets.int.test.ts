import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import type { SandboxVendorWallet } from '../../platform/providers/vendor-wallet';
import { vendorWallets } from './schema';

let t: TestContext;
let vendor: SandboxVendorWallet;
beforeAll(async () => {
  t = await createTestApp();
  vendor = t.app.services.vendorWallets as SandboxVendorWallet;
});
afterAll(() => t.close());

async function player(id: string, minor: bigint) {
  const auth = { authorization: `Bearer ${await t.login('member', id)}` };
  if (minor > 0n) await fund(t.app, id, minor, id);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const wallets = async () =>
    Object.fromEntries(
      (
        (await call('GET', '/wps/v2/wallets/balance')).json().value.balance as {
          accountTypeId: number;
          availBalance: string;
        }[]
      ).map((b) => [b.accountTypeId, b.availBalance]),
    );
  const transfer = (from: number, to: number, amount: string, requestId = randomUUID()) =>
    call('POST', '/wps/relay/GCS_walletTransfer', {
      fromAccountTypeId: from,
      toAccountTypeId: to,
      amount,
      requestId,
    });
  return { id, call, wallets, transfer };
}

/** What the member's transit accounts hold: money waiting for a vendor's answer. */
async function inTransit(ownerId: string) {
  const { rows } = (await t.database.db.execute(
    sql`select coalesce(sum(balance), 0)::text as held from ledger_accounts
        where owner_id = ${ownerId} and kind = 'vendor_transit'`,
  )) as { rows: { held: string }[] };
  return rows[0]!.held;
}

describe('transfer-type vendor wallets', () => {
  it('lists the merchant’s vendor wallets (not a single-wallet merchant)', async () => {
    const p = await player('vw-list', 0n);
    expect((await p.call('GET', '/wps/relay/GCS_merchantWallet')).json().value).toEqual({
      isSingle: false,
      wallets: [
        {
          accountTypeId: 101,
          vendorCode: 'SBXLIVE',
          name: 'Sandbox Live Casino',
          maintenance: false,
        },
        { accountTypeId: 102, vendorCode: 'SBXSPORT', name: 'Sandbox Sports', maintenance: false },
      ],
    });
  });

  it('moves money to a vendor and back, the vendor’s books agreeing with ours', async () => {
    const p = await player('vw-move', 500_00n);
    const requestId = randomUUID();
    const into = await p.transfer(2, 101, '120.50', requestId);
    expect(into.json().value).toMatchObject({
      fromAccountTypeId: 2,
      toAccountTypeId: 101,
      amount: '120.50',
      status: 'completed',
    });
    expect(await p.wallets()).toEqual({ 2: '379.50', 101: '120.50', 102: '0.00' });
    expect(await vendor.balance('SBXLIVE', p.id)).toBe(120_50n);
    // A retry of the same request moves nothing more; the same id for another amount is refused.
    expect((await p.transfer(2, 101, '120.50', requestId)).json().value.status).toBe('completed');
    expect((await p.transfer(2, 101, '1', requestId)).statusCode).toBe(409);
    expect(await p.wallets()).toEqual({ 2: '379.50', 101: '120.50', 102: '0.00' });

    const back = await p.transfer(101, 2, '20.50');
    expect(back.json().value.status).toBe('completed');
    expect(await p.wallets()).toEqual({ 2: '400.00', 101: '100.00', 102: '0.00' });
    expect(await vendor.balance('SBXLIVE', p.id)).toBe(100_00n);

    // The account record shows each leg on the wallet it moved.
    const record = (await p.call('GET', '/wps/member/transactions?type=vendor_transfer')).json()
      .value.list;
    expect(
      record.map((r: { wallet: string; accountTypeId: number; amount: string }) => [
        r.wallet,
        r.accountTypeId,
        r.amount,
      ]),
    ).toEqual([
      ['main', 2, '20.50'],
      ['vendor', 101, '-20.50'],
      ['vendor', 101, '120.50'],
      ['main', 2, '-120.50'],
    ]);

    // Recall everything to the main wallet.
    await p.transfer(2, 102, '50');
    const recalled = await p.call('POST', '/wps/relay/GCS_walletReturn', {});
    expect(recalled.json().value.transfers).toHaveLength(2);
    expect(await p.wallets()).toEqual({ 2: '500.00', 101: '0.00', 102: '0.00' });
    expect(await inTransit(p.id)).toBe('0');
  });

  it('returns the money when the vendor refuses, and settles an unanswered transfer later', async () => {
    const p = await player('vw-faults', 300_00n);
    vendor.injectFaults('reject');
    const refused = await p.transfer(2, 101, '100');
    expect(refused.json().value.status).toBe('failed');
    expect(await p.wallets()).toEqual({ 2: '300.00', 101: '0.00', 102: '0.00' });
    const reversal = (
      await p.call('GET', '/wps/member/transactions?type=vendor_transfer_reversal')
    ).json().value.list;
    expect(reversal[0]).toMatchObject({ wallet: 'main', amount: '100.00', balanceAfter: '300.00' });

    // No answer, and the vendor never saw it: pending, then returned by the reconciliation job.
    vendor.injectFaults('timeout');
    const lost = await p.transfer(2, 101, '60');
    expect(lost.json().value.status).toBe('pending');
    expect(await p.wallets()).toEqual({ 2: '240.00', 101: '0.00', 102: '0.00' });
    expect(await inTransit(p.id)).toBe('6000');
    // No answer, but the vendor did apply it: pending, then completed by the job.
    vendor.injectFaults('timeout_after_apply');
    const applied = await p.transfer(2, 102, '40');
    expect(applied.json().value.status).toBe('pending');
    // A retry of a pending request does not call the vendor again; the job settles it.
    expect(
      (
        await p.call('POST', '/wps/relay/GCS_walletTransfer', {
          fromAccountTypeId: 2,
          toAccountTypeId: 102,
          amount: '40',
          requestId: randomUUID(),
        })
      ).json().value.status,
    ).toBe('completed');

    const { wallet } = t.app.services;
    expect(await wallet.reconcilePending(0)).toBe(2);
    expect(await wallet.reconcilePending(0)).toBe(0);
    // The lost 60 is back in the main wallet; the applied 40 arrived beside the later 40.
    expect(await p.wallets()).toEqual({ 2: '220.00', 101: '0.00', 102: '80.00' });
    expect(await vendor.balance('SBXSPORT', p.id)).toBe(80_00n);
    expect(await vendor.balance('SBXLIVE', p.id)).toBe(0n);
    expect(await inTransit(p.id)).toBe('0');
  });

  it('refuses bad transfers with a clear 4xx and moves nothing', async () => {
    const p = await player('vw-bad', 100_00n);
    const cases: [object, number, string][] = [
      [{ fromAccountTypeId: 2, toAccountTypeId: 2, amount: '1' }, 400, 'toAccountTypeId'],
      [{ fromAccountTypeId: 101, toAccountTypeId: 102, amount: '1' }, 400, 'toAccountTypeId'],
      [{ fromAccountTypeId: 2, toAccountTypeId: 999, amount: '1' }, 400, 'toAccountTypeId'],
      [{ fromAccountTypeId: 2, toAccountTypeId: 101, amount: '-1' }, 400, 'amount'],
      [{ fromAccountTypeId: 2, toAccountTypeId: 101, amount: '0' }, 400, 'amount'],
      [{ fromAccountTypeId: 2, toAccountTypeId: 101, amount: '1.005' }, 400, 'amount'],
      [{ fromAccountTypeId: 2, toAccountTypeId: 101, amount: '9999999999999999' }, 400, 'amount'],
    ];
    for (const [body, status, path] of cases) {
      const res = await p.call('POST', '/wps/relay/GCS_walletTransfer', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().fields[0].path, JSON.stringify(body)).toBe(path);
    }
    const tooMuch = await p.transfer(2, 101, '100.01');
    expect(tooMuch.json().errorCode).toBe('insufficient_funds');
    const fromEmptyVendor = await p.transfer(101, 2, '1');
    expect(fromEmptyVendor.json().errorCode).toBe('insufficient_funds');
    await t.database.db.execute(
      sql`update ${vendorWallets} set maintenance = true where vendor_code = 'SBXSPORT'`,
    );
    const maintenance = await p.transfer(2, 102, '1');
    expect(maintenance.statusCode).toBe(503);
    expect(maintenance.json().errorCode).toBe('vendor_maintenance');
    await t.database.db.execute(
      sql`update ${vendorWallets} set maintenance = false where vendor_code = 'SBXSPORT'`,
    );
    expect(await p.wallets()).toEqual({ 2: '100.00', 101: '0.00', 102: '0.00' });
    expect(await inTransit(p.id)).toBe('0');
  });

  it('shows consolidated funds to members where the agent policy is on, never to trial players', async () => {
    const p = await player('vw-consolidated', 200_00n);
    await p.transfer(2, 101, '75');
    expect((await p.call('GET', '/wps/member/info/funds/consolidated')).json().value).toEqual({
      currency: 'TLB',
      currencySymbol: '₱',
      sumBalance: '200.00',
      main: '125.00',
      inProcess: '0.00',
      vendors: [
        { accountTypeId: 101, name: 'Sandbox Live Casino', balance: '75.00' },
        { accountTypeId: 102, name: 'Sandbox Sports', balance: '0.00' },
      ],
    });
    const trial = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info/funds/consolidated',
      headers: { authorization: `Bearer ${await t.login('trial')}` },
    });
    expect(trial.json().errorCode).toBe('in_need_true_account');
  });
});
