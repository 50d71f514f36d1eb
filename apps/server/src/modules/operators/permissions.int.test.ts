import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReadAction, operatorRoles, opsSessionEventsPath, roleMay } from '@taya/contracts';
import type { RouteEntry } from '../../app';
import { createTestApp, loginDemo, type TestContext } from '../../test/harness';

/**
 * The role matrix, generated from the permission table: every operator route × every role
 * answers 403 exactly where the role lacks the route's action; members, agents and trial users
 * never get in; an operator of one merchant cannot read or change another's.
 */
let t: TestContext;
let operatorRoutes: RouteEntry[];
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  operatorRoutes = t.app.routeTable.filter(
    (r) =>
      r.access !== 'public' && r.access.includes('operator') && r.url !== '/wps/session/logout',
  );
}, 60_000);
afterAll(() => t.close());

/** The route's path with a made-up value for each parameter. */
const concrete = (url: string) =>
  url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    name === 'modId'
      ? 'LOGIN'
      : name === 'code'
        ? 'TYPH'
        : name === 'field'
          ? 'qqNum'
          : randomUUID(),
  );

const inject = (route: RouteEntry, token: string) =>
  t.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers: { authorization: `Bearer ${token}` },
  });

describe('permissions', () => {
  it('every operator route declares an action, and every GET a read', () => {
    expect(operatorRoutes.length).toBeGreaterThanOrEqual(50);
    const missing = operatorRoutes.filter((r) => !r.permission).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const getsWithWrites = operatorRoutes
      .filter(
        (r) => r.method === 'GET' && !r.url.startsWith('/ws/') && !isReadAction(r.permission!),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(getsWithWrites).toEqual([]);
    // Only log-in and enrolment are open to anyone under /ops.
    const publicOps = t.app.routeTable
      .filter((r) => r.url.startsWith('/ops/') && r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicOps).toEqual([
      'GET /ops/enrol/:token',
      'POST /ops/enrol',
      'POST /ops/session/login',
    ]);
  });

  it('refuses each role exactly the routes its actions do not cover', async () => {
    const wrong: string[] = [];
    for (const role of operatorRoles) {
      for (const route of operatorRoutes) {
        // The session's event stream never ends for an allowed role, so it is opened over HTTP
        // for every role in identity/session-events.int.test.ts.
        if (route.url === opsSessionEventsPath && roleMay(role, route.permission!)) continue;
        // A fresh session each time: some calls end the session they come with.
        const token = await t.loginOperator({ role });
        const res = await inject(route, token);
        const allowed = roleMay(role, route.permission!);
        const refused = res.statusCode === 403 && res.json().errorCode === 'forbidden';
        if (allowed === refused)
          wrong.push(
            `${role} ${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 80)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('lets no member, agent or trial session in', async () => {
    const trial = (
      await t.app.inject({ method: 'POST', url: '/wps/session/login/freeplay' })
    ).json().value.token as string;
    const tokens = {
      trial,
      member: (await loginDemo(t.app, 'demo_member')).token,
      agent: (await loginDemo(t.app, 'demo_agent')).token,
    };
    const wrong: string[] = [];
    for (const [role, token] of Object.entries(tokens)) {
      for (const route of operatorRoutes) {
        const res = await inject(route, token);
        if (res.statusCode !== 401 && res.statusCode !== 403)
          wrong.push(`${role} ${route.method} ${route.url}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/ops/cashier/deposits?merchantCode=TYPH',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an operator route that declares no action', async () => {
    // A route registered the way a careless module might: operator access, no permission.
    const bare = await createTestApp({
      beforeReady: (a) =>
        a.get('/ops/undeclared', { config: { access: ['operator'] } }, async () => ({ ok: true })),
    });
    try {
      const token = await bare.loginOperator({ role: 'admin' });
      const res = await bare.app.inject({
        method: 'GET',
        url: '/ops/undeclared',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await bare.close();
    }
  });
});

describe('merchant scope', () => {
  it('keeps an operator of one merchant out of another’s data', async () => {
    const ph = await t.loginOperator({ role: 'admin', merchants: ['TYPH'] });
    const as = (
      method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: unknown,
    ) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${ph}` },
        ...(payload ? { payload } : {}),
      });
    expect((await as('GET', '/ops/cashier/deposits?merchantCode=TYPH')).statusCode).toBe(200);
    const read = await as('GET', '/ops/cashier/withdrawals?merchantCode=TYMM');
    expect(read.statusCode).toBe(403);
    const write = await as('PUT', '/ops/system/maintenance', {
      merchantCode: 'TYMM',
      enabled: true,
      reason: 'Scope test',
    });
    expect(write.statusCode).toBe(403);
    const flag = await as('PUT', '/ops/system/modules/LOGIN', {
      merchantCode: 'TYMM',
      enabled: false,
      reason: 'Scope test',
    });
    expect(flag.statusCode).toBe(403);
    // The System settings: another merchant's rows are neither listed nor changed.
    const merchants = (await as('GET', '/ops/system/merchants')).json().value as {
      code: string;
    }[];
    expect(merchants.map((m) => m.code)).toEqual(['TYPH']);
    const reason = 'Scope test';
    const refusals = [
      await as('PATCH', '/ops/system/merchants/TYMM', { countryName: 'Nowhere', reason }),
      await as('GET', '/ops/system/domain-routes?merchantCode=TYMM'),
      await as('POST', '/ops/system/domain-routes', {
        merchantCode: 'TYMM',
        domain: 'scope.taya.com.mm',
        kind: 'mirror',
        reason,
      }),
      await as('GET', '/ops/system/register-rules?merchantCode=TYMM'),
      await as('PUT', '/ops/system/register-rules/qqNum', {
        merchantCode: 'TYMM',
        enabled: true,
        required: false,
        minLength: 5,
        maxLength: 12,
        patternId: 6,
        reason,
      }),
      await as('GET', '/ops/system/resources?merchantCode=TYMM'),
      await as('POST', '/ops/system/resources', {
        merchantCode: 'TYMM',
        resourceType: 'SCOPE',
        labelNameEn: 'Scope',
        url: 'https://example.com/',
        sort: 1,
        reason,
      }),
      await as('GET', '/ops/system/customer-service?merchantCode=TYMM'),
      await as('POST', '/ops/system/customer-service', {
        merchantCode: 'TYMM',
        csType: 'LINK',
        csPosition: 'MENU',
        path: 'https://example.com/',
        sort: 1,
        reason,
      }),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual(refusals.map(() => 403));
    const [mmRoute] = await t.app.services.systemSettings.domainRoutes('TYMM');
    const [mmResource] = await t.app.services.systemSettings.resources('TYMM');
    const [mmDesk] = await t.app.services.systemSettings.customerService('TYMM');
    const byId = [
      await as('DELETE', `/ops/system/domain-routes/${mmRoute!.id}`, { reason }),
      await as('PUT', `/ops/system/resources/${mmResource!.id}`, {
        resourceType: mmResource!.resourceType,
        labelNameEn: 'Taken over',
        url: 'https://example.com/',
        sort: 0,
        reason,
      }),
      await as('DELETE', `/ops/system/resources/${mmResource!.id}`, { reason }),
      await as('DELETE', `/ops/system/customer-service/${mmDesk!.id}`, { reason }),
    ];
    expect(byId.map((r) => r.statusCode)).toEqual(byId.map(() => 403));
    expect(await t.app.services.systemSettings.domainRoutes('TYMM')).toContainEqual(mmRoute);
    expect(await t.app.services.systemSettings.resources('TYMM')).toContainEqual(mmResource);
    // An operator of every merchant may.
    const all = await t.loginOperator({ role: 'admin' });
    const ok = await t.app.inject({
      method: 'GET',
      url: '/ops/cashier/withdrawals?merchantCode=TYMM',
      headers: { authorization: `Bearer ${all}` },
    });
    expect(ok.statusCode).toBe(200);
  });
});
