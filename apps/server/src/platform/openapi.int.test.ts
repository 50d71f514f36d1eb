import { generateKeyPairSync } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';

interface Operation {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
  security?: Record<string, string[]>[];
  'x-access'?: unknown;
  'x-sealed-body'?: { required?: string[] };
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

/** `/wps/promotions/:id` as OpenAPI writes it. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

let t: TestContext;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});
afterAll(() => t.close());

const operation = (method: string, url: string) =>
  doc.paths[openapiPath(url)]?.[method.toLowerCase()];

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
    expect(doc.components.schemas.ErrorEnvelope).toBeDefined();
    expect(doc.components.securitySchemes.session).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every registered route with its method, and nothing else', () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(150);
    const missing = routes
      .filter((r) => !operation(r.method, r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      routes.map((r) => `${r.method} ${openapiPath(r.url)}`).sort(),
    );
  });

  it('gives each operation its access and the error envelope’s answers', () => {
    const guarded = operation('GET', '/wps/cashier/withdrawals')!;
    expect(guarded['x-access']).toEqual(['member', 'agent']);
    expect(guarded.security).toEqual([{ session: [] }]);
    expect(guarded.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(guarded.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });

    const open = operation('GET', '/wps/system/status')!;
    expect(open['x-access']).toBe('public');
    expect(open.security).toEqual([{}, { session: [] }]);
    expect(open.responses['401']).toBeUndefined();

    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.responses['4XX'], `${method} ${path}`).toEqual({
          $ref: '#/components/responses/Refused',
        });
        expect(op.responses['5XX'], `${method} ${path}`).toBeDefined();
      }
    }
  });

  it('describes params, query, body, headers and the success answer from the zod contracts', () => {
    const one = operation('GET', '/wps/promotions/:id')!;
    expect(one.parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    );
    expect(one.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'language', required: false }),
    );
    expect(one.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });

    const withdraw = operation('POST', '/wps/cashier/withdrawals')!;
    expect(withdraw.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }),
    );
    expect(withdraw.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'encryption', required: true }),
    );
    expect(withdraw['x-sealed-body']?.required).toEqual(
      expect.arrayContaining(['amount', 'paymentPassword']),
    );
    // Its success is a 201 in the success envelope.
    const created = withdraw.responses['201']!.content!['application/json']!.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(created.properties)).toEqual(['success', 'value']);

    const login = operation('POST', '/wps/session/login')!;
    expect(login['x-sealed-body']?.required).toEqual(['username', 'password']);

    const health = operation('GET', '/healthz')!;
    expect(health.responses['200']!.content!['application/json']!.schema).toMatchObject({
      properties: {
        value: { type: 'object', properties: { status: { enum: ['up'] } } },
      },
    });
  });

  it('lists the WebSockets as GETs that upgrade', () => {
    const chat = operation('GET', '/ws/chat')!;
    expect(chat.responses['101']).toBeDefined();
    expect(operation('GET', '/ws/ops/support')!['x-access']).toEqual(['operator']);
  });

  it('is built once and kept', async () => {
    expect(t.app.swagger()).toBe(t.app.swagger());
  });
});

describe('GET /docs', () => {
  it('serves an interactive viewer whose scripts and styles all come from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\/docs\//);
      const res = await t.app.inject({ method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
    }
    const spec = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.json()).toEqual(doc);
  });
});

describe('in production', () => {
  let prod: TestContext;
  beforeAll(async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    prod = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SMS_GATEWAY_URL: 'https://sms.example.com/send',
        SMS_GATEWAY_KEY: 'a-production-sms-key',
        EMAIL_GATEWAY_URL: 'https://mail.example.com/send',
        EMAIL_GATEWAY_KEY: 'a-production-mail-key',
        ENCRYPTION_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
        PUBLIC_URL: 'https://taya.example.com',
      },
    });
  });
  afterAll(() => prod?.close());

  it('still serves /openapi.json, but no viewer', async () => {
    const spec = await prod.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toMatch(/^3\.1\./);
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/swagger-ui-bundle.js']) {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, errorCode: 'not_found' });
    }
  });
});
