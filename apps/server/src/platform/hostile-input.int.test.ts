import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectSealed, loginDemo, type TestContext } from '../test/harness';

/**
 * Every registered route, called by every role it admits, with hostile values in its path
 * parameters, query and body, derived from its published schema (GET /openapi.json): none may
 * answer 5xx, every refusal is the error envelope, and a hostile string or key is refused with a
 * 400 naming the field.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  pattern?: string;
};
interface Parameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  'x-sealed-body'?: JsonSchema;
  'x-access'?: unknown;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** Routes not fuzzed here, and why. */
const skipped: Record<string, string> = {
  'GET /ws/chat': 'a WebSocket upgrade, not a JSON call',
  'GET /ws/lottery': 'a WebSocket upgrade, not a JSON call',
  'GET /ws/originals/crash': 'a WebSocket upgrade, not a JSON call',
  'GET /ws/originals/bingo': 'a WebSocket upgrade, not a JSON call',
  'GET /ws/originals/color-game': 'a WebSocket upgrade, not a JSON call',
  'GET /ws/live': 'a WebSocket upgrade, not a JSON call',
  'GET /ws/cockfight': 'a WebSocket upgrade, not a JSON call',
  'GET /ws/sportsbook': 'a WebSocket upgrade, not a JSON call',
  'GET /sandbox/gateway/pay/:orderId': 'the sandbox pay page answers HTML, not the envelope',
  'GET /sandbox/gateway/pay.js': 'the sandbox pay page’s script',
  'GET /docs': 'the API reference page (HTML)',
  'GET /openapi.json': 'the API description itself',
  'POST /wps/session/logout': 'ends the session the other calls use',
  'POST /ops/session/logout': 'ends the operator session the other calls use',
};

const roleNames = ['visitor', 'trial', 'member', 'agent', 'operator'] as const;
type RoleName = (typeof roleNames)[number];

let t: TestContext;
let doc: Document;
const tokens: Partial<Record<RoleName, string>> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const trial = await t.app.inject({ method: 'POST', url: '/wps/session/login/freeplay' });
  tokens.trial = trial.json().value.token;
  expect(trial.statusCode).toBe(200);
  tokens.member = (await loginDemo(t.app, 'demo_member')).token;
  tokens.agent = (await loginDemo(t.app, 'demo_agent')).token;
  tokens.operator = await t.login('operator', 'operator-fuzz');
}, 60_000);
afterAll(() => t.close());

const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function resolve(schema: JsonSchema | undefined, depth = 0): JsonSchema {
  if (!schema || depth > 10) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return resolve(doc.components.schemas[name], depth + 1);
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) {
    const first = union.map((s) => resolve(s, depth + 1)).find((s) => s.type !== 'null');
    return first ?? {};
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return schema.allOf.reduce<JsonSchema>((acc, s) => {
      const r = resolve(s, depth + 1);
      return {
        ...acc,
        ...r,
        properties: { ...acc.properties, ...r.properties },
        required: [...(acc.required ?? []), ...(r.required ?? [])],
      };
    }, {});
  }
  return schema;
}

const zeroUuid = '00000000-0000-4000-8000-000000000000';

/** Values tried, in order, for a string field with a pattern. */
const patternSamples = [
  'abc',
  'ab',
  'abc123',
  'ABC',
  'TYPH',
  '123456',
  '09170000002',
  '9170000002',
  '1',
  'abcdef12',
  'Abcdef12',
  'a1b2c3d4e5',
  '2026-01-01',
  '12:00',
  'en',
  'en-US',
];

/** A plausible valid value for a schema, so a hostile field is the only thing wrong. */
function sample(raw: JsonSchema | undefined, depth = 0): unknown {
  const schema = resolve(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const type = [schema.type ?? 'string'].flat().find((x) => x !== 'null') ?? 'string';
  switch (type) {
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        out[key] = sample(schema.properties?.[key], depth + 1);
      }
      return out;
    }
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
    default: {
      if (schema.format === 'uuid') return zeroUuid;
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (schema.format === 'date') return '2026-01-01';
      const length = Math.max(schema.minLength ?? 1, 1);
      const plain = 'a'.repeat(Math.min(length, 64));
      if (!schema.pattern) return plain;
      const pattern = new RegExp(schema.pattern, 'u');
      return patternSamples.find((candidate) => pattern.test(candidate)) ?? plain;
    }
  }
}

/** Hostile stand-ins for one field. `named`: the refusal must name the field. */
interface Hostile {
  label: string;
  value: unknown;
  named: boolean;
}
const NUL = 'a\u0000b';
const hostileStrings: Hostile[] = [
  { label: 'NUL', value: NUL, named: true },
  { label: 'lone surrogate', value: 'x\uD800', named: true },
  { label: 'trailing lone surrogate', value: '\uDC00y', named: true },
  { label: '__proto__', value: '__proto__', named: true },
  { label: 'constructor', value: 'constructor', named: true },
];
const hostileOthers: Hostile[] = [
  { label: 'long string', value: 'x'.repeat(20_000), named: true },
  { label: 'huge number', value: 1e20, named: true },
  { label: 'negative number', value: -5, named: true },
  { label: '1e309', value: Infinity, named: true },
  { label: 'wrong type object', value: { a: 1 }, named: true },
  { label: 'wrong type array', value: [1, 'x'], named: true },
  { label: 'wrong type boolean', value: true, named: true },
];
/**
 * Query and path values are strings on the wire. A lone surrogate cannot be percent-encoded: its
 * bytes are not UTF-8, so the router refuses such a path and the query parser keeps them as
 * they came (harmless text), naming no field.
 */
const hostileQuery: Hostile[] = [
  ...hostileStrings.filter((h) => h.label !== 'trailing lone surrogate'),
  { label: 'long string', value: 'x'.repeat(5_000), named: false },
  { label: 'huge number', value: '99999999999999999999999', named: false },
  { label: 'negative number', value: '-5', named: false },
  { label: '1e309', value: '1e309', named: false },
  { label: 'NaN', value: 'NaN', named: false },
];

/**
 * Percent-encodes a value as a client would put it in a URL; a lone surrogate goes as the bytes
 * a careless encoder writes for it (WTF-8), which are not valid UTF-8.
 */
function encodeComponent(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/**
 * Whether a value breaks a field's published schema by type, bounds or length, so that a refusal
 * must name the field (a `true` for a boolean field, or -5 where negatives are allowed, is no
 * fault of its own).
 */
function breaks(raw: JsonSchema | undefined, value: unknown): boolean {
  const schema = resolve(raw);
  if (typeof value === 'string') {
    const types = [schema.type ?? 'string'].flat();
    if (!types.includes('string')) return true;
    return (
      stringIsHostile(value) || (schema.maxLength !== undefined && value.length > schema.maxLength)
    );
  }
  const types = [schema.type].flat().filter(Boolean) as string[];
  if (types.length === 0) return false;
  if (typeof value === 'number') {
    if (!types.includes('number') && !types.includes('integer')) return true;
    if (!Number.isFinite(value)) return true;
    if (types.includes('integer') && !Number.isInteger(value)) return true;
    if (schema.minimum !== undefined && value < schema.minimum) return true;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return true;
    return schema.maximum !== undefined && value > schema.maximum;
  }
  if (typeof value === 'boolean') return !types.includes('boolean');
  if (Array.isArray(value)) return !types.includes('array');
  if (value !== null && typeof value === 'object') return !types.includes('object');
  return false;
}
/** Whether a query parameter is published as a number (a non-number in it must be named). */
const numericQuery = (params: Parameter[], name: string) => {
  const types = [resolve(params.find((p) => p.name === name)?.schema).type].flat();
  return types.includes('number') || types.includes('integer');
};
const stringIsHostile = (value: string) =>
  value.includes('\u0000') ||
  /[\uD800-\uDFFF]/.test(value) ||
  ['__proto__', 'constructor', 'prototype'].includes(value);

/** JSON text in which `Infinity` stands for a 1e309 literal. */
const jsonText = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (v === Infinity ? '__INF__' : v)).replace(
    /"__INF__"/g,
    '1e309',
  );

interface Finding {
  call: string;
  status: number;
  body: string;
}

describe('hostile input on every route, as every role', () => {
  it('never answers 5xx; refusals are the envelope and name a hostile field', async () => {
    const started = Date.now();
    const serverErrors: Finding[] = [];
    const notEnvelope: Finding[] = [];
    const unnamed: Finding[] = [];
    let calls = 0;
    const routes = t.app.routeTable.filter((r) => !(`${r.method} ${r.url}` in skipped));
    expect(routes.length).toBeGreaterThan(150);

    for (const route of routes) {
      const op = doc.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) throw new Error(`no operation for ${route.method} ${route.url}`);
      const content = op.requestBody?.content ?? {};
      if (Object.keys(content).some((type) => type.startsWith('multipart/'))) continue;
      const sealed = op['x-sealed-body'] !== undefined;
      const bodySchema = resolve(
        sealed ? op['x-sealed-body'] : content['application/json']?.schema,
      );
      const hasBody = route.method !== 'GET' && (sealed || 'application/json' in content);
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');

      const baseParams = Object.fromEntries(
        pathParams.map((p) => [p.name, String(sample(p.schema))]),
      );
      const baseQuery = Object.fromEntries(
        queryParams
          .filter((p) => resolve(p.schema).type !== undefined)
          .map((p) => [p.name, String(sample(p.schema))]),
      );
      const baseBody = hasBody ? ((sample(bodySchema) as Record<string, unknown>) ?? {}) : null;

      const roles: RoleName[] =
        route.access === 'public'
          ? [...roleNames]
          : roleNames.filter((r) => (route.access as readonly string[]).includes(r));

      type Case = {
        label: string;
        params: Record<string, string>;
        query: Record<string, string>;
        body: unknown;
        field?: string;
        inPath?: boolean;
      };
      const cases: Case[] = [];
      for (const p of pathParams) {
        for (const h of hostileQuery) {
          cases.push({
            label: `path ${p.name}=${h.label}`,
            params: { ...baseParams, [p.name]: String(h.value) },
            query: baseQuery,
            body: baseBody,
            field: h.named ? p.name : undefined,
            inPath: true,
          });
        }
      }
      const queryNames = queryParams.map((p) => p.name);
      for (const name of queryNames.length > 0 ? queryNames : ['unexpected']) {
        for (const h of hostileQuery) {
          cases.push({
            label: `query ${name}=${h.label}`,
            params: baseParams,
            query: { ...baseQuery, [name]: String(h.value) },
            body: baseBody,
            field:
              queryNames.length > 0 &&
              ((h.named && h.label !== 'lone surrogate') ||
                (numericQuery(queryParams, name) && ['NaN', '1e309'].includes(h.label)))
                ? name
                : undefined,
          });
        }
      }
      cases.push({
        label: 'query key __proto__',
        params: baseParams,
        query: { ...baseQuery, constructor: 'x' },
        body: baseBody,
      });
      if (baseBody !== null) {
        const fields = Object.keys(bodySchema.properties ?? {}).slice(0, 8);
        for (const name of fields) {
          for (const h of [...hostileStrings, ...hostileOthers]) {
            cases.push({
              label: `body ${name}=${h.label}`,
              params: baseParams,
              query: baseQuery,
              body: { ...baseBody, [name]: h.value },
              field: h.named && breaks(bodySchema.properties?.[name], h.value) ? name : undefined,
            });
          }
        }
        cases.push(
          {
            label: 'body extra field',
            params: baseParams,
            query: baseQuery,
            body: { ...baseBody, fuzzExtra: 1 },
            field: 'fuzzExtra',
          },
          {
            label: 'body key constructor',
            params: baseParams,
            query: baseQuery,
            body: { ...baseBody, constructor: { prototype: 1 } },
          },
          { label: 'body wrong type', params: baseParams, query: baseQuery, body: ['x'] },
          { label: 'body NUL', params: baseParams, query: baseQuery, body: NUL },
        );
      }

      // Each role gets every case on a route it alone or with one other may call; on a route more
      // roles may call (the public ones), the cases are dealt out among them, to keep the run short.
      const sends = cases.flatMap((c, i) =>
        roles.length <= 2
          ? roles.map((role) => ({ c, role }))
          : [{ c, role: roles[i % roles.length]! }],
      );
      {
        for (const { c, role } of sends) {
          const token = role === 'visitor' ? undefined : tokens[role];
          const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
          let url = route.url;
          for (const [name, value] of Object.entries(c.params)) {
            url = url.replace(`:${name}`, encodeComponent(value));
          }
          const qs = Object.entries(c.query)
            .map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`)
            .join('&');
          if (qs) url += `?${qs}`;
          const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
          const res =
            sealed && c.body !== null && (method === 'POST' || method === 'PUT')
              ? await injectSealed(t.app, { method, url, headers, payload: c.body })
              : await t.app.inject({
                  method,
                  url,
                  headers: {
                    ...headers,
                    ...(c.body !== null ? { 'content-type': 'application/json' } : {}),
                  },
                  ...(c.body !== null ? { payload: jsonText(c.body) } : {}),
                });
          calls++;
          const call = `${route.method} ${route.url} as ${role}: ${c.label}`;
          const finding = { call, status: res.statusCode, body: res.body.slice(0, 300) };
          if (res.statusCode >= 500) {
            serverErrors.push(finding);
            continue;
          }
          if (res.statusCode < 400) continue;
          let body: { success?: unknown; errorCode?: unknown; fields?: { path: string }[] };
          try {
            body = res.json();
          } catch {
            notEnvelope.push(finding);
            continue;
          }
          if (body.success !== false || typeof body.errorCode !== 'string') {
            notEnvelope.push(finding);
            continue;
          }
          // A refusal before validation (no session, wrong role, no such thing) names nothing.
          if (c.field && res.statusCode === 400 && body.errorCode === 'request_param_err') {
            // A path that is not valid UTF-8 is refused by the router, before any parameter.
            const names = c.inPath ? [c.field, '(path)'] : [c.field];
            if (!(body.fields ?? []).some((f) => names.includes(f.path.split('.')[0]!))) {
              unnamed.push(finding);
            }
          }
        }
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.warn(`hostile input: ${calls} calls in ${seconds.toFixed(1)} s`);
    const byRoute = new Map<string, Set<string>>();
    for (const f of serverErrors) {
      const [route, what] = f.call.split(' as ');
      byRoute.set(route!, (byRoute.get(route!) ?? new Set()).add(what!.replace(/^\w+: /, '')));
    }
    for (const [route, what] of byRoute) console.warn(`5xx: ${route}: ${[...what].join('; ')}`);
    expect(serverErrors.slice(0, 20)).toEqual([]);
    expect(notEnvelope.slice(0, 20)).toEqual([]);
    expect(unnamed.slice(0, 20)).toEqual([]);
    expect(calls).toBeGreaterThan(5_000);
  }, 240_000);
});
