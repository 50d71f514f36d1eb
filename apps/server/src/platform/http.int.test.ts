import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../test/harness';
import { addRoute } from './http';

let t: TestContext;
let operator: string;
/** What the shared test route answers: a read cache's object, replaced rather than changed. */
let sharedAnswer: { n: number } = { n: 1 };

beforeAll(async () => {
  t = await createTestApp({
    captureLogs: true,
    beforeReady: (app) => {
      // A failure carrying SQL and a secret, as a broken query would: none of it may leak.
      app.get('/wps/test/boom', { config: { access: 'public' } }, async () => {
        throw Object.assign(
          new Error(
            'Failed query: select * from auth_sessions where token_hash = $1 params: s3cr3t',
          ),
          { name: 'DrizzleQueryError', cause: { code: '42P01' } },
        );
      });
      addRoute(app, {
        method: 'GET',
        url: '/wps/test/shared',
        access: 'public',
        response: z.object({ n: z.number() }),
        shared: true,
        handler: async () => sharedAnswer,
      });
    },
  });
  operator = await t.login('operator');
});
afterAll(() => t.close());

const maintenanceUrl = '/ops/system/maintenance';

describe('the envelope', () => {
  it('answers an unknown API path with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      errorCode: 'not_found',
      message: 'No such call: GET /wps/no/such/call',
      value: null,
    });
  });

  it('answers garbage JSON with 400 invalid_json', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: maintenanceUrl,
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      payload: '{"merchantCode": "TYPH", enabled: tru',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'invalid_json', value: null });
  });

  it('answers a 2 MB body with 413', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: maintenanceUrl,
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        merchantCode: 'TYPH',
        enabled: true,
        message: 'x'.repeat(2_000_000),
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'payload_too_large' });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: maintenanceUrl,
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/xml' },
      payload: '<maintenance enabled="true"/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'unsupported_media_type' });
  });

  it('answers a missing body with 400 request_body_required', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: maintenanceUrl,
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'request_body_required' });
  });

  it('names every field at fault, rejects unknown fields, and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: maintenanceUrl,
      headers: { authorization: `Bearer ${operator}` },
      payload: { merchantCode: '', enabled: 'yes', sneaky: 1 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errorCode).toBe('request_param_err');
    const paths = body.fields.map((f: { path: string }) => f.path).sort();
    expect(paths).toEqual(['enabled', 'merchantCode', 'reason', 'sneaky']);
    const status = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(status.json().value.status).toBe(0);
  });

  it('hides internal failures from the client and keeps SQL and values out of the log', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      errorCode: 'internal_error',
      message: 'Something went wrong on our side',
      value: null,
    });
    const line = t.logs.find((l) => l.includes('request failed'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      err: { type: 'DrizzleQueryError', sqlState: '42P01' },
    });
    for (const l of t.logs) {
      expect(l).not.toMatch(/select \*|s3cr3t|token_hash|at .*\.ts:\d+/);
    }
  });

  it('echoes a request id and sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // An API answer is never a document: its policy denies everything, framing included.
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    // Anything else (a page, a file, an unknown path) gets the full set.
    const other = await t.app.inject({ method: 'GET', url: '/no-such-page.json' });
    expect(other.headers['content-security-policy']).toContain("default-src 'self'");
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('logs no query string (tokens travel in some links)', async () => {
    await t.app.inject({ method: 'GET', url: '/wps/system/status?token=abcdef123456' });
    expect(t.logs.some((l) => l.includes('abcdef123456'))).toBe(false);
    expect(t.logs.some((l) => l.includes('/wps/system/status'))).toBe(true);
  });
});

describe('the guard', () => {
  const body = { merchantCode: 'TYPH', enabled: false, reason: 'Guard test' };

  it('refuses a guarded call without a token: 401 login.not.session', async () => {
    const res = await t.app.inject({ method: 'PUT', url: maintenanceUrl, payload: body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      errorCode: 'login.not.session',
      value: null,
    });
  });

  it('refuses an unknown token: 401 user.or.token.invalid', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: maintenanceUrl,
      headers: { authorization: 'Bearer not-a-real-token-but-long-enough' },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('user.or.token.invalid');
  });

  it('refuses a revoked token', async () => {
    const token = await t.login('operator', 'op-revoked');
    await t.app.services.sessions.revokeAllFor('op-revoked');
    const res = await t.app.inject({
      method: 'PUT',
      url: maintenanceUrl,
      headers: { authorization: token },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
  });

  it('tells a trial user to register, and refuses members and agents on operator calls', async () => {
    const trial = await t.login('trial');
    const res = await t.app.inject({
      method: 'PUT',
      url: maintenanceUrl,
      headers: { authorization: `Bearer ${trial}` },
      payload: body,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('in_need_true_account');
    for (const role of ['member', 'agent'] as const) {
      const token = await t.login(role);
      const r = await t.app.inject({
        method: 'PUT',
        url: maintenanceUrl,
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
      expect(r.statusCode).toBe(403);
      expect(r.json().errorCode).toBe('forbidden');
    }
  });

  it('accepts the token bare or after Bearer', async () => {
    for (const authorization of [operator, `Bearer ${operator}`]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: maintenanceUrl,
        headers: { authorization },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, value: { done: true } });
    }
  });
});

describe('caching of API answers', () => {
  it('tells browsers and proxies to keep no JSON answer, signed in or not', async () => {
    const member = await t.login('member');
    const answers = [
      // A session's own data.
      await t.app.inject({
        method: 'GET',
        url: '/wps/cashier/withdrawals',
        headers: { authorization: `Bearer ${member}` },
      }),
      await t.app.inject({
        method: 'GET',
        url: '/ops/system/region-restrictions?merchantCode=TYPH',
        headers: { authorization: `Bearer ${operator}` },
      }),
      // A public call (its answer may depend on a session sent along, the merchant or region).
      await t.app.inject({ method: 'GET', url: '/wps/system/status' }),
      // Refusals too.
      await t.app.inject({ method: 'GET', url: '/wps/cashier/withdrawals' }),
      await t.app.inject({ method: 'GET', url: '/wps/no/such/call' }),
    ];
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control'], res.body.slice(0, 100)).toBe('no-store');
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 401, 404]);
  });

  it('keeps a cache policy a route sets itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('a route of shared answers', () => {
  const call = () => t.app.inject({ method: 'GET', url: '/wps/test/shared' });

  it('answers the envelope as JSON, and a new object with its own JSON', async () => {
    const first = await call();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ success: true, value: { n: 1 } });
    expect((await call()).body).toBe(first.body);
    sharedAnswer = { n: 2 };
    expect((await call()).json()).toEqual({ success: true, value: { n: 2 } });
  });

  it('checks each new object against the contract outside production', async () => {
    sharedAnswer = { n: 'two' } as unknown as { n: number };
    const res = await call();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'internal_error' });
    sharedAnswer = { n: 3 };
    expect((await call()).json()).toEqual({ success: true, value: { n: 3 } });
  });
});
