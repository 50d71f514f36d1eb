import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addCustomerServiceBodySchema,
  addDomainRouteBodySchema,
  addResourceBodySchema,
  opsCustomerServiceSchema,
  opsDomainRouteSchema,
  opsFieldRuleSchema,
  opsMerchantSchema,
  opsReasonBody,
  opsResourceSchema,
  updateCustomerServiceBodySchema,
  updateFieldRuleBodySchema,
  updateMerchantBodySchema,
  updateResourceBodySchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { addRoute } from '../../platform/http';
import { requireMerchantScope } from '../../platform/principal';
import type { SystemSettings } from './settings';

const merchantQuery = z.strictObject({ merchantCode: z.string().min(1).max(32) });
const codeParams = z.strictObject({ code: z.string().regex(/^[A-Z0-9_]{1,32}$/) });
const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const fieldParams = z.strictObject({ field: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/) });
const done = z.object({ done: z.literal(true) });

/**
 * The console's System settings (`/ops/system/merchants|domain-routes|register-rules|resources|
 * customer-service`). Reads need `system.read`, writes `system.write` and a reason. The guard keeps
 * a `merchantCode` in the query or body within the operator's scope; a merchant named in the path
 * and a row loaded by id are checked here. Each write notes its row before and after.
 */
export function registerSystemSettingsRoutes(app: FastifyInstance, settings: SystemSettings): void {
  addRoute(app, {
    method: 'GET',
    url: '/ops/system/merchants',
    access: ['operator'],
    permission: 'system.read',
    response: z.array(opsMerchantSchema),
    handler: ({ principal }) => settings.merchants(principal?.operator?.merchants ?? null),
  });

  addRoute(app, {
    method: 'PATCH',
    url: '/ops/system/merchants/:code',
    access: ['operator'],
    permission: 'system.write',
    params: codeParams,
    body: updateMerchantBodySchema,
    response: opsMerchantSchema,
    handler: async ({ params, body, principal, req }) => {
      requireMerchantScope(principal, params.code);
      const { before, after } = await settings.updateMerchant(params.code, body);
      noteAudit(req, { merchantCode: params.code, targetId: params.code, before, after });
      return after!;
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/system/domain-routes',
    access: ['operator'],
    permission: 'system.read',
    query: merchantQuery,
    response: z.array(opsDomainRouteSchema),
    handler: ({ query }) => settings.domainRoutes(query.merchantCode),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/system/domain-routes',
    access: ['operator'],
    permission: 'system.write',
    body: addDomainRouteBodySchema,
    response: opsDomainRouteSchema,
    status: 201,
    handler: async ({ body, req }) => {
      const row = await settings.addDomainRoute(body);
      noteAudit(req, { targetId: String(row.id), before: null, after: row });
      return row;
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/ops/system/domain-routes/:id',
    access: ['operator'],
    permission: 'system.write',
    params: idParams,
    body: opsReasonBody,
    response: done,
    handler: async ({ params, principal, req }) => {
      const row = await settings.domainRoute(params.id);
      requireMerchantScope(principal, row.merchantCode);
      await settings.removeDomainRoute(params.id);
      noteAudit(req, { merchantCode: row.merchantCode, before: row, after: null });
      return { done: true as const };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/system/register-rules',
    access: ['operator'],
    permission: 'system.read',
    query: merchantQuery,
    response: z.array(opsFieldRuleSchema),
    handler: ({ query }) => settings.fieldRules(query.merchantCode),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/system/register-rules/:field',
    access: ['operator'],
    permission: 'system.write',
    params: fieldParams,
    body: updateFieldRuleBodySchema,
    response: opsFieldRuleSchema,
    handler: async ({ params, body, req }) => {
      const { before, after } = await settings.updateFieldRule(params.field, body);
      noteAudit(req, { targetId: `${body.merchantCode}:${params.field}`, before, after });
      return after!;
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/system/resources',
    access: ['operator'],
    permission: 'system.read',
    query: merchantQuery,
    response: z.array(opsResourceSchema),
    handler: ({ query }) => settings.resources(query.merchantCode),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/system/resources',
    access: ['operator'],
    permission: 'system.write',
    body: addResourceBodySchema,
    response: opsResourceSchema,
    status: 201,
    handler: async ({ body, req }) => {
      const row = await settings.addResource(body);
      noteAudit(req, { targetId: String(row.id), before: null, after: row });
      return row;
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/system/resources/:id',
    access: ['operator'],
    permission: 'system.write',
    params: idParams,
    body: updateResourceBodySchema,
    response: opsResourceSchema,
    handler: async ({ params, body, principal, req }) => {
      requireMerchantScope(principal, (await settings.resource(params.id)).merchantCode);
      const { before, after } = await settings.updateResource(params.id, body);
      noteAudit(req, { merchantCode: after!.merchantCode, before, after });
      return after!;
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/ops/system/resources/:id',
    access: ['operator'],
    permission: 'system.write',
    params: idParams,
    body: opsReasonBody,
    response: done,
    handler: async ({ params, principal, req }) => {
      const row = await settings.resource(params.id);
      requireMerchantScope(principal, row.merchantCode);
      await settings.removeResource(params.id);
      noteAudit(req, { merchantCode: row.merchantCode, before: row, after: null });
      return { done: true as const };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/system/customer-service',
    access: ['operator'],
    permission: 'system.read',
    query: merchantQuery,
    response: z.array(opsCustomerServiceSchema),
    handler: ({ query }) => settings.customerService(query.merchantCode),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/system/customer-service',
    access: ['operator'],
    permission: 'system.write',
    body: addCustomerServiceBodySchema,
    response: opsCustomerServiceSchema,
    status: 201,
    handler: async ({ body, req }) => {
      const row = await settings.addCustomerService(body);
      noteAudit(req, { targetId: String(row.id), before: null, after: row });
      return row;
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/system/customer-service/:id',
    access: ['operator'],
    permission: 'system.write',
    params: idParams,
    body: updateCustomerServiceBodySchema,
    response: opsCustomerServiceSchema,
    handler: async ({ params, body, principal, req }) => {
      requireMerchantScope(
        principal,
        (await settings.customerServiceEntry(params.id)).merchantCode,
      );
      const { before, after } = await settings.updateCustomerService(params.id, body);
      noteAudit(req, { merchantCode: after!.merchantCode, before, after });
      return after!;
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/ops/system/customer-service/:id',
    access: ['operator'],
    permission: 'system.write',
    params: idParams,
    body: opsReasonBody,
    response: done,
    handler: async ({ params, principal, req }) => {
      const row = await settings.customerServiceEntry(params.id);
      requireMerchantScope(principal, row.merchantCode);
      await settings.removeCustomerService(params.id);
      noteAudit(req, { merchantCode: row.merchantCode, before: row, after: null });
      return { done: true as const };
    },
  });
}
