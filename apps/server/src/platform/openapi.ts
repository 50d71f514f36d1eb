import { createHash } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { z } from 'zod';
import {
  encryptionHeader,
  errorCatalogue,
  fieldIssueSchema,
  idempotencyKeyHeader,
  idempotencyKeyPattern,
  requestHeaders,
  sealedBodySchema,
} from '@taya/contracts';
import type { Config } from './config';
import type { Access, RouteContract } from './http';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client sends (`input`) or
 * receives (`output`). What JSON Schema cannot say (a transform's result) is left open. A
 * recursive schema's definitions move to `shared` (the document's components), named by content.
 */
function jsonSchema(schema: z.ZodType, io: Io, shared?: Map<string, unknown>): JsonSchema {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  delete out.$schema;
  const defs = out.$defs;
  if (!defs) return out as JsonSchema;
  delete out.$defs;
  const names = new Map<string, string>();
  for (const [key, def] of Object.entries(defs)) {
    const hash = createHash('sha256').update(JSON.stringify(def)).digest('hex').slice(0, 10);
    names.set(key, `Recursive_${hash}`);
  }
  const rewrite = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, (_, key: string) =>
        JSON.stringify(`#/components/schemas/${names.get(key) ?? key}`),
      ),
    ) as JsonSchema;
  for (const [key, def] of Object.entries(defs)) shared?.set(names.get(key)!, rewrite(def));
  return rewrite(out);
}

/** The failure envelope with its every code (built with the document, not at start-up). */
const errorEnvelopeSchema = () =>
  z.object({
    success: z.literal(false),
    errorCode: z
      .enum(Object.keys(errorCatalogue) as [string, ...string[]])
      .describe('A stable code; the client shows it in the user’s language'),
    message: z.string().describe('English text for developers'),
    value: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('Usually null; some refusals carry facts the client acts on'),
    fields: z.array(fieldIssueSchema).optional().describe('The fields at fault (400)'),
  });

const errorRef = { $ref: '#/components/schemas/ErrorEnvelope' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorRef } },
});
const errorResponses = {
  BadRequest: errorResponse('Bad input: `fields` names each field at fault'),
  Unauthorized: errorResponse('No session, or one that ended (`login.not.session`, …)'),
  Forbidden: errorResponse('The session’s role may not make this call'),
  TooManyRequests: errorResponse('Rate limited (`TOO_MANY_REQUESTS`)'),
  Refused: errorResponse('Refused by a rule; `errorCode` says which'),
  Failed: errorResponse('Not available now (503 `service_unavailable`) or an internal error'),
};

function accessText(access: Access): string {
  return access === 'public'
    ? 'Public: a session, when sent, tells the server who is asking.'
    : `Needs a session of: ${access.join(', ')}.`;
}

/** Groups calls by their first two path segments: `/wps/member/info` → `wps/member`. */
function tagOf(url: string): string {
  const parts = url.split('/').filter((p) => p && !p.startsWith(':'));
  // One-segment paths are the platform's own (health probes).
  return parts.length > 1 ? parts.slice(0, 2).join('/') : 'platform';
}

/**
 * One route as @fastify/swagger reads it: its zod contract as JSON Schema, its access as the
 * operation's security, and the `Idempotency-Key` and `Encryption` headers it takes.
 */
function describeRoute(route: RouteOptions, shared: Map<string, unknown>): JsonSchema {
  const config = route.config as
    { access?: Access; contract?: RouteContract; permission?: string } | undefined;
  const access = config?.access ?? 'public';
  const contract = config?.contract;
  const schema: JsonSchema = {
    tags: [tagOf(route.url)],
    description: config?.permission
      ? `${accessText(access)} An operator needs \`${config.permission}\`.`
      : accessText(access),
    security: access === 'public' ? [{}, { session: [] }] : [{ session: [] }],
    'x-access': access === 'public' ? 'public' : [...access],
    ...(config?.permission ? { 'x-permission': config.permission } : {}),
  };
  if (route.websocket) {
    schema.description = `A WebSocket: upgrade this GET. ${accessText(access)}`;
    schema.response = { 101: { description: 'Switching to the WebSocket', type: 'null' } };
    return schema;
  }
  if (!contract) {
    schema.response = { '2XX': { description: 'The answer (not JSON)', type: 'null' } };
    return schema;
  }
  if (contract.params) schema.params = jsonSchema(contract.params, 'input', shared);
  if (contract.query) schema.querystring = jsonSchema(contract.query, 'input', shared);
  const headers: Record<string, JsonSchema> = {};
  const required: string[] = [];
  if (contract.idempotency) {
    headers[idempotencyKeyHeader] = {
      type: 'string',
      pattern: idempotencyKeyPattern.source,
      description: 'The client’s key of this command: a repeat gets the first answer',
    };
    if (contract.idempotency === 'required') required.push(idempotencyKeyHeader);
  }
  if (contract.body && contract.sealed) {
    headers[encryptionHeader] = {
      type: 'string',
      description:
        'v1.<keyId>.<wrapped key>: the body is sealed with the key of GET /wps/session/key/rsa',
    };
    required.push(encryptionHeader);
    schema.body = {
      ...jsonSchema(sealedBodySchema, 'input'),
      description: 'Sealed: `x-sealed-body` is the JSON sealed inside `value`',
    };
    schema['x-sealed-body'] = jsonSchema(contract.body, 'input', shared);
  } else if (contract.body) {
    schema.body = jsonSchema(contract.body, 'input', shared);
  }
  if (Object.keys(headers).length > 0) {
    schema.headers = { type: 'object', properties: headers, required };
  }
  schema.response = {
    [contract.status]: {
      description: 'Success',
      type: 'object',
      properties: {
        success: { const: true },
        value: jsonSchema(contract.response, 'output', shared),
      },
      required: ['success', 'value'],
    },
  };
  return schema;
}

type Operation = {
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  'x-access'?: unknown;
};

interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * Completes the document @fastify/swagger built: the shared (recursive) schemas, and the error
 * envelope's answers on every operation.
 */
function completeDocument(doc: Document, shared: Map<string, unknown>): Document {
  doc.components = {
    ...doc.components,
    schemas: {
      ...doc.components?.schemas,
      ErrorEnvelope: jsonSchema(errorEnvelopeSchema(), 'output'),
    },
  };
  for (const [name, schema] of shared) doc.components.schemas![name] = schema;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      const refs: Record<string, string> = {};
      if (op.parameters?.length || op.requestBody) refs['400'] = 'BadRequest';
      if (Array.isArray(op['x-access'])) {
        refs['401'] = 'Unauthorized';
        refs['403'] = 'Forbidden';
      }
      refs['429'] = 'TooManyRequests';
      refs['4XX'] = 'Refused';
      refs['5XX'] = 'Failed';
      for (const [status, name] of Object.entries(refs)) {
        op.responses[status] ??= { $ref: `#/components/responses/${name}` };
      }
    }
  }
  return doc;
}

/**
 * The API description: OpenAPI 3.1 built from each route's zod contract, on first request (then
 * cached), at `GET /openapi.json`; outside production also an interactive viewer at `/docs`,
 * serving its own assets. Registered before any route, so that it sees them all.
 */
export async function installApiDocs(app: FastifyInstance, config: Config): Promise<void> {
  const shared = new Map<string, unknown>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Taya API',
        version: '1',
        description:
          'Every answer is an envelope: `{ success: true, value }`, or `{ success: false, errorCode, message, value, fields? }` with the matching HTTP status. ' +
          `Calls may carry the \`${requestHeaders.merchant}\`, \`${requestHeaders.language}\` and \`${requestHeaders.device}\` headers. ` +
          'Each operation’s `x-access` says who may call it.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'http',
            scheme: 'bearer',
            description: 'An opaque session token from a log-in',
          },
        },
        responses: errorResponses,
      },
    },
    transform: ({ schema, url, route }) => {
      // Static files and the viewer's own pages stay out; @fastify/websocket hides its routes too,
      // but a WebSocket is part of the API.
      if (schema?.hide && !route.websocket) return { schema, url };
      return { schema: describeRoute(route, shared) as typeof schema, url };
    },
    transformObject: (documentObject) =>
      completeDocument(
        (documentObject as { openapiObject: Document }).openapiObject,
        shared,
      ) as never,
  });

  app.get('/openapi.json', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );

  if (config.env !== 'production') {
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: { validatorUrl: null, deepLinking: true },
      theme: { title: 'Taya API' },
    });
  }
}
