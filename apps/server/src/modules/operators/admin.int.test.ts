import { TOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';

/**
 * Operator management: create with a one-time enrolment link that works, list within the
 * caller's merchants, change role and scope, disable (its sessions end at once) and enable,
 * reset the second factor; nobody reaches beyond its own role or merchants.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
}, 60_000);
afterAll(() => t.close());

const password = 'Console#Pass2026';
const reason = 'Operator management test';
const code = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: Date.now() - 30_000 });

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  });

let n = 0;
const name = (prefix: string) => `${prefix}_${++n}_${Date.now() % 100000}`;

/** Enrols through the link's token: password and the first code. */
async function enrol(enrolPath: string) {
  const token = new URL(enrolPath, 'http://x').searchParams.get('token')!;
  const info = await t.app.inject({ method: 'GET', url: `/ops/enrol/${token}` });
  expect(info.statusCode, info.body).toBe(200);
  const secret = info.json().value.secret as string;
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/enrol',
    payload: { token, password, code: code(secret) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return secret;
}

async function loginAs(username: string, secret: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/session/login',
    payload: {
      username,
      password,
      code: new TOTP({ secret: Secret.fromBase32(secret) }).generate(),
    },
  });
  return res;
}

describe('operator management', () => {
  it('creates an operator whose link enrols it, lists it, and audits the call once', async () => {
    const admin = await t.loginOperator({ role: 'admin', subjectId: 'mgmt-admin' });
    const username = name('op_support');
    const res = await call('POST', '/ops/operators', admin, {
      username,
      role: 'support',
      merchants: ['TYPH'],
      reason,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().value;
    expect(created.enrolPath).toMatch(/^\/console\/enrol\?token=[A-Za-z0-9_-]+$/);
    expect(created.otpauthUri).toContain('otpauth://totp/');
    const secret = await enrol(created.enrolPath);
    const login = await loginAs(username, secret);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().value.operator).toMatchObject({ role: 'support', merchants: ['TYPH'] });

    const list = await call('GET', `/ops/operators?q=${username}`, admin);
    expect(list.json().value.rows).toEqual([
      expect.objectContaining({
        id: created.id,
        role: 'support',
        enrolled: true,
        status: 'active',
      }),
    ]);
    const audit = await call('GET', `/ops/audit?targetId=${created.id}`, admin);
    const rows = audit.json().value.rows as { action: string; reason: string }[];
    expect(rows.filter((r) => r.action === 'operators.create')).toEqual([
      expect.objectContaining({ reason }),
    ]);
    const taken = await call('POST', '/ops/operators', admin, {
      username,
      role: 'support',
      merchants: ['TYPH'],
      reason,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields[0].path).toBe('username');
  });

  it('disables an operator, ending its sessions at once, and enables it again', async () => {
    const admin = await t.loginOperator({ role: 'admin', subjectId: 'mgmt-admin-2' });
    const username = name('op_dis');
    const created = (
      await call('POST', '/ops/operators', admin, {
        username,
        role: 'finance',
        merchants: null,
        reason,
      })
    ).json().value;
    const secret = await enrol(created.enrolPath);
    const token = (await loginAs(username, secret)).json().value.token as string;
    expect((await call('GET', '/ops/session/me', token)).statusCode).toBe(200);

    const noReason = await call('POST', `/ops/operators/${created.id}/disable`, admin, {});
    expect(noReason.statusCode).toBe(400);
    const off = await call('POST', `/ops/operators/${created.id}/disable`, admin, { reason });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value).toMatchObject({ status: 'disabled', sessionsEnded: 1 });
    expect((await call('GET', '/ops/session/me', token)).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 1_000));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/ops/session/login',
      payload: {
        username,
        password,
        code: new TOTP({ secret: Secret.fromBase32(secret) }).generate({
          timestamp: Date.now() + 30_000,
        }),
      },
    });
    expect(refused.json().errorCode).toBe('account_disabled');

    const on = await call('POST', `/ops/operators/${created.id}/enable`, admin, { reason });
    expect(on.json().value).toMatchObject({ status: 'active', sessionsEnded: 0 });
    const listed = await call('GET', '/ops/operators?status=disabled', admin);
    expect((listed.json().value.rows as { id: string }[]).map((r) => r.id)).not.toContain(
      created.id,
    );
  });

  it('changes role, merchants and allow-list, and resets the second factor', async () => {
    const admin = await t.loginOperator({ role: 'admin', subjectId: 'mgmt-admin-3' });
    const username = name('op_edit');
    const created = (
      await call('POST', '/ops/operators', admin, {
        username,
        role: 'support',
        merchants: ['TYPH'],
        reason,
      })
    ).json().value;
    const patched = await call('PATCH', `/ops/operators/${created.id}`, admin, {
      role: 'risk',
      merchants: ['TYPH', 'TYMM'],
      ipAllowList: ['203.0.113.0/24'],
      reason,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().value).toMatchObject({
      role: 'risk',
      merchants: ['TYPH', 'TYMM'],
      ipAllowList: ['203.0.113.0/24'],
    });
    const badIp = await call('PATCH', `/ops/operators/${created.id}`, admin, {
      ipAllowList: ['not-an-address'],
      reason,
    });
    expect(badIp.statusCode).toBe(400);
    const unknownMerchant = await call('PATCH', `/ops/operators/${created.id}`, admin, {
      merchants: ['ZZZZ'],
      reason,
    });
    expect(unknownMerchant.statusCode).toBe(400);

    const reset = await call('POST', `/ops/operators/${created.id}/reset-second-factor`, admin, {
      reason,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().value.enrolPath).not.toBe(created.enrolPath);
    await enrol(reset.json().value.enrolPath);
    // The first link is spent by the reset.
    const oldToken = new URL(created.enrolPath, 'http://x').searchParams.get('token');
    expect((await t.app.inject({ method: 'GET', url: `/ops/enrol/${oldToken}` })).statusCode).toBe(
      404,
    );
  });

  it('keeps an operator within its own reach and scope', async () => {
    const scoped = await t.loginOperator({
      role: 'admin',
      subjectId: 'mgmt-scoped',
      merchants: ['TYPH'],
    });
    const all = await t.loginOperator({ role: 'admin', subjectId: 'mgmt-all' });
    const other = (
      await call('POST', '/ops/operators', all, {
        username: name('op_tymm'),
        role: 'support',
        merchants: ['TYMM'],
        reason,
      })
    ).json().value;
    // Beyond its merchants: refused to create, unseen in the list, unknown by id.
    const wide = await call('POST', '/ops/operators', scoped, {
      username: name('op_wide'),
      role: 'support',
      merchants: null,
      reason,
    });
    expect(wide.statusCode).toBe(403);
    const elsewhere = await call('POST', '/ops/operators', scoped, {
      username: name('op_else'),
      role: 'support',
      merchants: ['TYMM'],
      reason,
    });
    expect(elsewhere.statusCode).toBe(403);
    const list = (await call('GET', '/ops/operators?pageSize=200', scoped)).json().value;
    expect(
      (list.rows as { merchants: string[] | null }[]).every(
        (r) => r.merchants !== null && r.merchants.every((m) => m === 'TYPH'),
      ),
    ).toBe(true);
    expect(
      (await call('POST', `/ops/operators/${other.id}/disable`, scoped, { reason })).statusCode,
    ).toBe(404);
    // Nobody disables itself.
    const self = (
      await call('POST', '/ops/operators', all, {
        username: name('op_self'),
        role: 'admin',
        merchants: null,
        reason,
      })
    ).json().value;
    const selfToken = await t.loginOperator({ role: 'admin', subjectId: self.id });
    const selfOff = await call('POST', `/ops/operators/${self.id}/disable`, selfToken, { reason });
    expect(selfOff.statusCode).toBe(403);
    // A role with fewer actions cannot hand out more (read_only lacks operators.write anyway).
    const reader = await t.loginOperator({ role: 'read_only' });
    expect((await call('GET', '/ops/operators', reader)).statusCode).toBe(200);
    expect(
      (
        await call('POST', '/ops/operators', reader, {
          username: name('op_ro'),
          role: 'admin',
          merchants: null,
          reason,
        })
      ).statusCode,
    ).toBe(403);
  });
});
