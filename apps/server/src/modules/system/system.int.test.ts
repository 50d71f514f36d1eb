import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flattenWhitelabel, systemStatusSchema } from '@taya/contracts';
import { createTestApp, type TestContext } from '../../test/harness';

let t: TestContext;
let op: string;

beforeAll(async () => {
  t = await createTestApp({ env: { GEO_COUNTRY_HEADER: 'x-test-country' } });
  op = await t.login('operator', 'operator-1');
});
afterAll(() => t.close());

async function status(headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/system/status',
    headers,
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return systemStatusSchema.parse(res.json().value);
}

/** An operator call; a write carries a reason unless the payload names its own. */
async function ops(method: 'PUT' | 'POST' | 'DELETE' | 'GET', url: string, payload?: object) {
  const body = method === 'GET' ? payload : { reason: 'Integration test change', ...payload };
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${op}` },
    ...(body ? { payload: body } : {}),
  });
}

async function clearRestrictions() {
  for (const merchantCode of ['TYPH', 'TYMM']) {
    const list = (
      await ops('GET', `/ops/system/region-restrictions?merchantCode=${merchantCode}`)
    ).json().value;
    for (const r of list) await ops('DELETE', `/ops/system/region-restrictions/${r.id}`);
    await ops('PUT', '/ops/system/maintenance', { merchantCode, enabled: false });
  }
}
beforeEach(clearRestrictions);

describe('GET /wps/system/status', () => {
  it('is normal by default, for the Philippines merchant, with the caller IP', async () => {
    const s = await status({}, '203.0.113.9');
    expect(s).toMatchObject({ status: 0, maintenance: false, regionRestriction: false });
    expect(s.location).toEqual({ ip: '203.0.113.9', country: null });
    expect(s.merchant).toMatchObject({
      merchantCode: 'TYPH',
      country: 'PH',
      currency: 'TLB',
      timeZone: 'Asia/Manila',
      gmtOffset: 'GMT+8',
      langList: ['TY', 'EN'],
    });
    expect(s.brand).toEqual({
      platform: 'WEB',
      lotteryType: 'Lott',
      defaultLanguage: 'EN',
      esportsGame: 'IMES',
      cockfightGame: 'SV3',
      prizeModes: ['LOTT', 'ZY', 'ELOTT', 'SEA'],
      supportedLanguages: ['EN', 'TY'],
    });
    expect(s.regions.map((r) => [r.merchantCode, r.currency, r.langList])).toEqual([
      ['TYPH', 'TLB', ['TY', 'EN']],
      ['TYMM', 'MMK', ['EN', 'MY']],
    ]);
  });

  it('carries the permission bundle: flags, register rules, resources, domains', async () => {
    const { info } = await status();
    const flags = flattenWhitelabel(info.whitelabel);
    for (const id of [
      'MOBILENUMREG3',
      'USERNAMEREG3',
      'FREEPLAY3',
      'MOBILEVERCODELOGIN3',
      'PWDEXPFORCECHANGE3',
      'REGMOBVERF3',
      'MOBILENUMPASSREG3',
    ]) {
      expect(flags[id], id).toBe(true);
    }
    expect(info.register.username).toMatchObject({
      enabled: true,
      required: true,
      minLength: 6,
      maxLength: 16,
      patternId: 1,
    });
    expect(info.register.username!.acceptedPattern).toBe('^[A-Za-z][A-Za-z0-9]*$');
    expect(info.resources.map((r) => r.resourceType)).toEqual([
      'FACEBOOK_1',
      'TIKTOK_1',
      'YOUTUBE_1',
      'Twitter_1',
      'INSTAGRAM_1',
      // No WhatsApp or Viber: the base seed had only a placeholder number for them.
      'TELEGRAM_2',
      'Android',
      'MOBILECONFIG',
      // The demo seed's live chat (modules/support/seed.ts).
      'LIVECHAT',
    ]);
    expect(info.customerService.length).toBeGreaterThan(0);
    expect(info.mainDomain).toBe('taya.ph');
    expect(info.domainRoute.domains[0]).toEqual({ domain: 'taya.ph', kind: 'main' });
    expect(info.analytics).toEqual({ gtagId: null });
  });

  it('picks the merchant by Merchant header, else by domain family', async () => {
    expect((await status({ merchant: 'TYMM' })).merchant.currency).toBe('MMK');
    const mm = await status({ host: 'www.taya.com.mm' });
    expect(mm.merchant).toMatchObject({
      merchantCode: 'TYMM',
      timeZone: 'Asia/Yangon',
      gmtOffset: 'GMT+6:30',
    });
    expect((await status({ host: 'm.taya.ph' })).merchant.merchantCode).toBe('TYPH');
    expect((await status({ merchant: 'NOPE', host: 'taya.com.mm' })).merchant.merchantCode).toBe(
      'TYMM',
    );
  });

  it('answers 1 during maintenance, with its message, until it ends', async () => {
    const res = await ops('PUT', '/ops/system/maintenance', {
      merchantCode: 'TYPH',
      enabled: true,
      message: 'Upgrading the cashier',
    });
    expect(res.statusCode).toBe(200);
    const s = await status();
    expect(s).toMatchObject({
      status: 1,
      maintenance: true,
      maintenanceInfo: { message: 'Upgrading the cashier', endsAt: null },
    });
    expect((await status({ merchant: 'TYMM' })).status).toBe(0);
    await ops('PUT', '/ops/system/maintenance', {
      merchantCode: 'TYPH',
      enabled: true,
      endsAt: '2020-01-01T00:00:00Z',
    });
    expect((await status()).status).toBe(0);
  });

  it('answers 2 for a restricted IP range, and shows the IP', async () => {
    const add = await ops('POST', '/ops/system/region-restrictions', {
      merchantCode: 'TYPH',
      kind: 'ip_range',
      value: '198.51.100.77/24',
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().value).toMatchObject({ kind: 'ip_range', value: '198.51.100.0/24' });
    const s = await status({}, '198.51.100.23');
    expect(s).toMatchObject({
      status: 2,
      regionRestriction: true,
      location: { ip: '198.51.100.23' },
    });
    expect((await status({}, '198.51.101.1')).status).toBe(0);
    expect((await status({}, '::ffff:198.51.100.5')).status).toBe(2);
  });

  it('matches IPv6 ranges and single addresses', async () => {
    await ops('POST', '/ops/system/region-restrictions', {
      merchantCode: 'TYPH',
      kind: 'ip_range',
      value: '2001:db8::/32',
    });
    await ops('POST', '/ops/system/region-restrictions', {
      merchantCode: 'TYPH',
      kind: 'ip_range',
      value: '192.0.2.10',
    });
    expect((await status({}, '2001:db8::1')).status).toBe(2);
    expect((await status({}, '2001:db9::1')).status).toBe(0);
    expect((await status({}, '192.0.2.10')).status).toBe(2);
    expect((await status({}, '192.0.2.11')).status).toBe(0);
  });

  it('answers 2 for a restricted country named by the trusted edge header', async () => {
    await ops('POST', '/ops/system/region-restrictions', {
      merchantCode: 'TYPH',
      kind: 'country',
      value: 'SG',
    });
    const s = await status({ 'x-test-country': 'SG' });
    expect(s).toMatchObject({ status: 2, location: { country: 'SG' } });
    expect((await status({ 'x-test-country': 'PH' })).status).toBe(0);
  });

  it('lets maintenance win over region restriction', async () => {
    await ops('POST', '/ops/system/region-restrictions', {
      merchantCode: 'TYPH',
      kind: 'ip_range',
      value: '10.0.0.0/8',
    });
    await ops('PUT', '/ops/system/maintenance', { merchantCode: 'TYPH', enabled: true });
    const s = await status({}, '10.1.2.3');
    expect(s).toMatchObject({ status: 1, maintenance: true, regionRestriction: true });
  });
});

describe('whitelabel and domain routes', () => {
  it('serves the module tree and reflects an operator switching a flag', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json()
      .value;
    expect(flattenWhitelabel(before).FREEPLAY3).toBe(true);
    const res = await ops('PUT', '/ops/system/modules/FREEPLAY3', {
      merchantCode: 'TYPH',
      enabled: false,
    });
    expect(res.statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json()
      .value;
    expect(flattenWhitelabel(after).FREEPLAY3).toBe(false);
    expect(flattenWhitelabel(after).MOBILEVERCODELOGIN3).toBe(true);
    // Switching a group off switches its children off too.
    await ops('PUT', '/ops/system/modules/LOGIN', { merchantCode: 'TYPH', enabled: false });
    const flags = flattenWhitelabel((await status()).info.whitelabel);
    expect(flags.MOBILEVERCODELOGIN3).toBe(false);
    await ops('PUT', '/ops/system/modules/LOGIN', { merchantCode: 'TYPH', enabled: true });
    await ops('PUT', '/ops/system/modules/FREEPLAY3', { merchantCode: 'TYPH', enabled: true });
  });

  it('serves the domain route of the merchant', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/system/domainRoute',
      headers: { merchant: 'TYMM' },
    });
    expect(res.json().value.mainDomain).toBe('taya.com.mm');
    expect(res.json().value.domains.map((d: { kind: string }) => d.kind)).toEqual([
      'main',
      'mirror',
      'agent',
    ]);
  });
});

describe('operator input', () => {
  it('rejects bad ranges, countries, unknown merchants and modules, changing nothing', async () => {
    const bad = [
      { merchantCode: 'TYPH', kind: 'ip_range', value: '300.1.1.1/8' },
      { merchantCode: 'TYPH', kind: 'ip_range', value: "1.1.1.1/8'; drop table merchants;--" },
      { merchantCode: 'TYPH', kind: 'country', value: 'Singapore' },
      { merchantCode: 'TYPH', kind: 'planet', value: 'MARS' },
      { merchantCode: 'NOPE', kind: 'country', value: 'SG' },
    ];
    for (const payload of bad) {
      const res = await ops('POST', '/ops/system/region-restrictions', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errorCode).toBe('request_param_err');
      expect(res.json().fields.length).toBeGreaterThan(0);
    }
    const list = (await ops('GET', '/ops/system/region-restrictions?merchantCode=TYPH')).json()
      .value;
    expect(list).toEqual([]);
    expect(
      (await ops('PUT', '/ops/system/modules/NOPE3', { merchantCode: 'TYPH', enabled: true }))
        .statusCode,
    ).toBe(404);
    expect((await ops('DELETE', '/ops/system/region-restrictions/not-a-uuid')).statusCode).toBe(
      400,
    );
    expect(
      (await ops('DELETE', '/ops/system/region-restrictions/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await ops('PUT', '/ops/system/maintenance', {
          merchantCode: 'TYPH',
          enabled: true,
          endsAt: 'tomorrow',
        })
      ).statusCode,
    ).toBe(400);
    expect((await status()).status).toBe(0);
  });
});

describe('console reads', () => {
  it('shows the maintenance switch and the module list, fresh after a change', async () => {
    const before = (await ops('GET', '/ops/system/maintenance?merchantCode=TYPH')).json().value;
    expect(before).toMatchObject({ merchantCode: 'TYPH', enabled: false, active: false });
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    const set = await ops('PUT', '/ops/system/maintenance', {
      merchantCode: 'TYPH',
      enabled: true,
      message: 'Upgrading',
      endsAt,
      reason: 'Planned upgrade',
    });
    expect(set.statusCode, set.body).toBe(200);
    const on = (await ops('GET', '/ops/system/maintenance?merchantCode=TYPH')).json().value;
    expect(on).toMatchObject({ enabled: true, active: true, message: 'Upgrading', endsAt });
    await ops('PUT', '/ops/system/maintenance', { merchantCode: 'TYPH', enabled: false });

    const modules = (await ops('GET', '/ops/system/modules?merchantCode=TYPH')).json().value as {
      modId: string;
      parentModId: string | null;
      enabled: boolean;
    }[];
    const login = modules.find((m) => m.modId === 'LOGIN');
    expect(login).toMatchObject({ parentModId: null, enabled: true });
    expect(modules.some((m) => m.parentModId === 'LOGIN')).toBe(true);
  });

  it('removes a restriction only within the operator’s merchants, with its reason', async () => {
    const added = (
      await ops('POST', '/ops/system/region-restrictions', {
        merchantCode: 'TYMM',
        kind: 'country',
        value: 'ZZ',
      })
    ).json().value as { id: string };
    const scoped = await t.loginOperator({ role: 'admin', merchants: ['TYPH'] });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/ops/system/region-restrictions/${added.id}`,
      headers: { authorization: `Bearer ${scoped}` },
      payload: { reason: 'Not mine to remove' },
    });
    expect(refused.statusCode).toBe(403);
    const removed = await ops('DELETE', `/ops/system/region-restrictions/${added.id}`, {
      reason: 'Lifted after review',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const audit = await t.app.services.audit.list(
      { targetId: added.id, page: 1, pageSize: 5 },
      null,
    );
    expect(audit.rows[0]).toMatchObject({ reason: 'Lifted after review', merchantCode: 'TYMM' });
  });
});

describe('the merchant snapshot', () => {
  it('answers inside a transaction once it has aged, without waiting on that transaction', async () => {
    const system = t.app.services.system;
    const fresh = await system.merchantFor('TYMM', undefined);
    const now = Date.now();
    // Older than its time to live, as after a quiet spell: the snapshot loads again. On the
    // embedded database (one connection) that load waits for any open transaction to end.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    try {
      const inside = t.database.db.transaction(async () => system.merchantFor('TYMM', undefined));
      const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5_000));
      const answer = await Promise.race([inside, hung]);
      expect(answer).toEqual(fresh);
    } finally {
      clock.mockRestore();
    }
    // The load it began has replaced the aged snapshot by now.
    expect(await system.merchantFor('TYMM', undefined)).toEqual(fresh);
  });
});
