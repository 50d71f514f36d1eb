import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPatternFor, systemStatusSchema } from '@taya/contracts';
import { createTestApp, injectSealed, type TestContext } from '../../test/harness';

/**
 * The console's System settings: merchants, domain routes, registration field rules, site
 * resources and customer-service entries. Each write shows in the public reads at once, leaves
 * one audit row with its reason, and bad input changes nothing.
 */
let t: TestContext;
let op: string;
let phOnly: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  op = await t.loginOperator({ role: 'admin', subjectId: 'settings-admin' });
  phOnly = await t.loginOperator({ role: 'admin', merchants: ['TYPH'] });
}, 60_000);
afterAll(() => t.close());

const reason = 'Settings test change';

const ops = (method: string, url: string, payload?: object, token = op) =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

async function status(merchant = 'TYPH') {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/system/status',
    headers: { merchant },
  });
  expect(res.statusCode).toBe(200);
  return systemStatusSchema.parse(res.json().value);
}

/** The field paths of a 4xx answer. */
const paths = (res: { json(): { fields?: { path: string }[] } }) =>
  (res.json().fields ?? []).map((f) => f.path);

async function lastAudit(targetId: string) {
  const { rows } = await t.app.services.audit.list({ targetId, page: 1, pageSize: 1 }, null);
  return rows[0];
}

describe('merchants', () => {
  it('lists merchants and changes the safe fields, which the public status shows at once', async () => {
    const list = (await ops('GET', '/ops/system/merchants')).json().value as { code: string }[];
    expect(list.map((m) => m.code)).toEqual(['TYPH', 'TYMM']);
    expect((await status('TYMM')).merchant.gmtOffset).toBe('GMT+6:30');

    const res = await ops('PATCH', '/ops/system/merchants/TYMM', {
      timeZone: 'Asia/Bangkok',
      languages: ['EN', 'MY', 'TH'],
      defaultLanguage: 'EN',
      gtagId: 'G-TEST1234',
      imageCdns: ['https://img.example.com'],
      reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ timeZone: 'Asia/Bangkok', currency: 'MMK' });
    const s = await status('TYMM');
    expect(s.merchant).toMatchObject({
      timeZone: 'Asia/Bangkok',
      gmtOffset: 'GMT+7',
      defaultLanguage: 'EN',
      langList: ['EN', 'MY', 'TH'],
    });
    expect(s.info.analytics.gtagId).toBe('G-TEST1234');
    expect(s.info.imageCDNs).toEqual(['https://img.example.com']);
    expect(s.regions.find((r) => r.merchantCode === 'TYMM')?.langList).toEqual(['EN', 'MY', 'TH']);

    const audit = await lastAudit('TYMM');
    expect(audit).toMatchObject({ reason, merchantCode: 'TYMM', actorId: 'settings-admin' });
    expect(audit!.before).toMatchObject({ timeZone: 'Asia/Yangon', defaultLanguage: 'MY' });
    expect(audit!.after).toMatchObject({ timeZone: 'Asia/Bangkok', defaultLanguage: 'EN' });

    const back = await ops('PATCH', '/ops/system/merchants/TYMM', {
      timeZone: 'Asia/Yangon',
      defaultLanguage: 'MY',
      languages: ['EN', 'MY'],
      gtagId: null,
      imageCdns: [],
      reason,
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('refuses bad values, fixed fields and a missing reason, naming the field', async () => {
    const before = (await ops('GET', '/ops/system/merchants')).json().value;
    const bad: [object, string][] = [
      [{ timeZone: 'Mars/Olympus_Mons', reason }, 'timeZone'],
      [{ timeZone: 'asia/manila', reason }, 'timeZone'],
      [{ defaultLanguage: 'MY', reason }, 'defaultLanguage'],
      [{ languages: ['MY'], reason }, 'languages'],
      [{ languages: ['EN', 'XX'], reason }, 'languages.1'],
      [{ currency: 'USD', reason }, 'currency'],
      [{ code: 'TYXX', reason }, 'code'],
      [{ currencyScale: 0, reason }, 'currencyScale'],
      [{ mainDomain: 'elsewhere.example', reason }, 'mainDomain'],
      [{ domainPatterns: ['*.taya.com.mm'], reason }, 'domainPatterns'],
      [{ imageCdns: ['http://img.example.com'], reason }, 'imageCdns.0'],
      [{ gtagId: 'not a tag', reason }, 'gtagId'],
      [{ countryName: 'Philippines' }, 'reason'],
      [{ countryName: 'Philippines', reason: 'no' }, 'reason'],
    ];
    for (const [body, field] of bad) {
      const res = await ops('PATCH', '/ops/system/merchants/TYPH', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(paths(res), JSON.stringify(body)).toContain(field);
    }
    // A pattern another merchant uses is taken.
    const clash = await ops('PATCH', '/ops/system/merchants/TYPH', {
      domainPatterns: ['taya.ph', 'mm.localhost'],
      reason,
    });
    expect(clash.statusCode).toBe(409);
    expect(paths(clash)).toEqual(['domainPatterns']);
    expect((await ops('GET', '/ops/system/merchants')).json().value).toEqual(before);
    expect((await status()).merchant.timeZone).toBe('Asia/Manila');
  });

  it('keeps an operator to the merchants of their scope', async () => {
    const list = (await ops('GET', '/ops/system/merchants', undefined, phOnly)).json().value;
    expect(list.map((m: { code: string }) => m.code)).toEqual(['TYPH']);
    const refused = await ops(
      'PATCH',
      '/ops/system/merchants/TYMM',
      { countryName: 'Elsewhere', reason },
      phOnly,
    );
    expect(refused.statusCode).toBe(403);
    expect((await status('TYMM')).merchant.countryName).toBe('Myanmar');
  });
});

describe('domain routes', () => {
  it('adds and removes a route, shown by the public domainRoute at once', async () => {
    const route = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/wps/system/domainRoute',
          headers: { merchant: 'TYMM' },
        })
      ).json().value as { domains: { domain: string; kind: string }[] };
    const add = await ops('POST', '/ops/system/domain-routes', {
      merchantCode: 'TYMM',
      domain: 'Play.Taya.com.mm',
      kind: 'mirror',
      sort: 5,
      reason,
    });
    expect(add.statusCode, add.body).toBe(201);
    const row = add.json().value as { id: number; domain: string };
    expect(row.domain).toBe('play.taya.com.mm');
    expect((await route()).domains).toContainEqual({ domain: 'play.taya.com.mm', kind: 'mirror' });
    expect(await lastAudit(String(row.id))).toMatchObject({ reason, before: null });

    const again = await ops('POST', '/ops/system/domain-routes', {
      merchantCode: 'TYPH',
      domain: 'play.taya.com.mm',
      kind: 'mirror',
      reason,
    });
    expect(again.statusCode).toBe(409);
    expect(paths(again)).toEqual(['domain']);
    for (const [body, field] of [
      [{ merchantCode: 'TYMM', domain: 'https://x.example', kind: 'mirror', reason }, 'domain'],
      [{ merchantCode: 'TYMM', domain: 'x.example', kind: 'mainframe', reason }, 'kind'],
      [{ merchantCode: 'TYMM', domain: 'x.example', kind: 'mirror' }, 'reason'],
      [{ merchantCode: 'NOPE', domain: 'x.example', kind: 'mirror', reason }, 'merchantCode'],
    ] as const) {
      const res = await ops('POST', '/ops/system/domain-routes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(paths(res)).toContain(field);
    }

    const bare = await ops('DELETE', `/ops/system/domain-routes/${row.id}`, {});
    expect(bare.statusCode).toBe(400);
    expect(paths(bare)).toEqual(['reason']);
    const scoped = await ops('DELETE', `/ops/system/domain-routes/${row.id}`, { reason }, phOnly);
    expect(scoped.statusCode).toBe(403);
    const removed = await ops('DELETE', `/ops/system/domain-routes/${row.id}`, { reason });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await route()).domains.map((d) => d.domain)).not.toContain('play.taya.com.mm');
    expect(
      (await ops('DELETE', `/ops/system/domain-routes/${row.id}`, { reason })).statusCode,
    ).toBe(404);
  });
});

describe('registration field rules', () => {
  const rule = {
    merchantCode: 'TYPH',
    enabled: true,
    required: true,
    minLength: 6,
    maxLength: 16,
    patternId: 1,
    reason,
  };

  /** The field issues a registration with this username gets (the captcha is never right). */
  async function usernameIssue(username: string) {
    const res = await injectSealed(t.app, {
      method: 'PUT',
      url: '/wps/member/register',
      payload: { username, password: 'abc12345', confirmPassword: 'abc12345' },
    });
    expect(res.statusCode).toBe(400);
    return (res.json().fields as { path: string; code: string }[] | undefined)?.find(
      (f) => f.path === 'username',
    )?.code;
  }

  it('lists the rules with their limits and changes one, which registration follows', async () => {
    const list = (await ops('GET', '/ops/system/register-rules?merchantCode=TYPH')).json()
      .value as { field: string; registration: boolean; hardMax: number }[];
    expect(list[0]).toMatchObject({ field: expect.any(String), registration: true });
    expect(list.find((r) => r.field === 'username')).toMatchObject({ hardMax: 64 });
    expect(list.find((r) => r.field === 'nickname')).toMatchObject({ registration: false });
    expect(await usernameIssue('abcdefg')).toBeUndefined();

    const res = await ops('PUT', '/ops/system/register-rules/username', {
      ...rule,
      minLength: 8,
      maxLength: 12,
      patternId: 14,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await status()).info.register.username).toEqual({
      enabled: true,
      required: true,
      minLength: 8,
      maxLength: 12,
      patternId: 14,
      acceptedPattern: acceptedPatternFor(14),
    });
    expect(await usernameIssue('abcdefg')).toBe('length');
    expect((await status('TYMM')).info.register.username?.minLength).toBe(6);
    const audit = await lastAudit('TYPH:username');
    expect(audit).toMatchObject({ reason, before: { minLength: 6 }, after: { minLength: 8 } });

    expect((await ops('PUT', '/ops/system/register-rules/username', rule)).statusCode).toBe(200);
    expect(await usernameIssue('abcdefg')).toBeUndefined();
  });

  it('refuses lengths out of order or beyond the field’s limit, unknown patterns and fields', async () => {
    const bad: [object, string][] = [
      [{ ...rule, minLength: 10, maxLength: 8 }, 'minLength'],
      [{ ...rule, maxLength: 65 }, 'maxLength'],
      [{ ...rule, patternId: 99 }, 'patternId'],
      [{ ...rule, enabled: false, required: true }, 'required'],
      [{ ...rule, minLength: -1 }, 'minLength'],
      [{ ...rule, reason: undefined }, 'reason'],
    ];
    for (const [body, field] of bad) {
      const res = await ops('PUT', '/ops/system/register-rules/username', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(paths(res), JSON.stringify(body)).toContain(field);
    }
    expect((await ops('PUT', '/ops/system/register-rules/shoeSize', rule)).statusCode).toBe(404);
    const scoped = await ops(
      'PUT',
      '/ops/system/register-rules/username',
      { ...rule, merchantCode: 'TYMM', minLength: 9 },
      phOnly,
    );
    expect(scoped.statusCode).toBe(403);
    expect((await status()).info.register.username?.minLength).toBe(6);
    expect((await status('TYMM')).info.register.username?.minLength).toBe(6);
  });
});

describe('resources and customer service', () => {
  it('adds, edits and removes a resource, shown by the public status at once', async () => {
    const resources = async () => (await status()).info.resources;
    const add = await ops('POST', '/ops/system/resources', {
      merchantCode: 'TYPH',
      resourceType: 'LICENCE',
      labelNameEn: 'Licensed by the test regulator',
      url: 'https://regulator.example/licence/1',
      sort: 40,
      reason,
    });
    expect(add.statusCode, add.body).toBe(201);
    const id = (add.json().value as { id: number }).id;
    expect(await resources()).toContainEqual({
      resourceType: 'LICENCE',
      labelNameEn: 'Licensed by the test regulator',
      url: 'https://regulator.example/licence/1',
    });
    const dup = await ops('POST', '/ops/system/resources', {
      merchantCode: 'TYPH',
      resourceType: 'LICENCE',
      labelNameEn: 'Again',
      url: '/licence',
      sort: 41,
      reason,
    });
    expect(dup.statusCode).toBe(409);
    expect(paths(dup)).toEqual(['resourceType']);

    const edit = await ops('PUT', `/ops/system/resources/${id}`, {
      resourceType: 'LICENCE',
      labelNameEn: 'Licence no. 2',
      url: '/licence',
      sort: 40,
      reason,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await resources()).find((r) => r.resourceType === 'LICENCE')).toMatchObject({
      labelNameEn: 'Licence no. 2',
      url: '/licence',
    });
    expect(await lastAudit(String(id))).toMatchObject({
      reason,
      before: { labelNameEn: 'Licensed by the test regulator' },
      after: { labelNameEn: 'Licence no. 2' },
    });
    const viber = await ops('PUT', `/ops/system/resources/${id}`, {
      resourceType: 'LICENCE',
      labelNameEn: 'Licence no. 2',
      url: 'viber://chat?number=%2B639171234567',
      sort: 40,
      reason,
    });
    expect(viber.statusCode, viber.body).toBe(200);

    for (const url of ['javascript:alert(1)', 'http://plain.example/', '//other.example/x', '']) {
      const res = await ops('PUT', `/ops/system/resources/${id}`, {
        resourceType: 'LICENCE',
        labelNameEn: 'Licence',
        url,
        sort: 40,
        reason,
      });
      expect(res.statusCode, url).toBe(400);
      expect(paths(res)).toEqual(['url']);
    }
    expect((await ops('DELETE', `/ops/system/resources/${id}`, undefined)).statusCode).toBe(400);
    expect((await ops('DELETE', `/ops/system/resources/${id}`, { reason })).statusCode).toBe(200);
    expect((await resources()).some((r) => r.resourceType === 'LICENCE')).toBe(false);
  });

  it('adds, edits and removes a customer-service entry', async () => {
    const desks = async () => (await status('TYMM')).info.customerService;
    const add = await ops('POST', '/ops/system/customer-service', {
      merchantCode: 'TYMM',
      csType: 'LIVECHAT',
      csPosition: 'MENU',
      path: '/chat',
      sort: 0,
      reason,
    });
    expect(add.statusCode, add.body).toBe(201);
    const id = (add.json().value as { id: number }).id;
    expect((await desks())[0]).toEqual({ csType: 'LIVECHAT', csPosition: 'MENU', path: '/chat' });
    const edit = await ops('PUT', `/ops/system/customer-service/${id}`, {
      csType: 'LIVECHAT',
      csPosition: 'FLOAT',
      path: 'https://help.example/chat',
      sort: 0,
      reason,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await desks())[0]).toMatchObject({ path: 'https://help.example/chat' });
    const bad = await ops('PUT', `/ops/system/customer-service/${id}`, {
      csType: 'LIVECHAT',
      csPosition: 'FLOAT',
      path: 'viber://chat',
      sort: 0,
      reason,
    });
    expect(bad.statusCode).toBe(400);
    expect(paths(bad)).toEqual(['path']);
    const scoped = await ops('DELETE', `/ops/system/customer-service/${id}`, { reason }, phOnly);
    expect(scoped.statusCode).toBe(403);
    const removed = await ops('DELETE', `/ops/system/customer-service/${id}`, { reason });
    expect(removed.statusCode).toBe(200);
    expect((await desks()).some((d) => d.path === 'https://help.example/chat')).toBe(false);
  });
});
