import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addRegionRestrictionBodySchema,
  domainRouteSchema,
  opsMaintenanceStateSchema,
  opsModuleRowSchema,
  regionRestrictionSchema,
  removeRegionRestrictionBodySchema,
  requestHeaders,
  setFeatureFlagBodySchema,
  setMaintenanceBodySchema,
  systemStatusSchema,
  whitelabelNodeSchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { addRoute } from '../../platform/http';
import { requireMerchantScope } from '../../platform/principal';
import type { ClientInfo, SystemService } from './service';

export interface SystemRouteOptions {
  /** Lower-case header a trusted edge fills with the visitor's country; undefined = none. */
  geoCountryHeader: string | undefined;
}

const merchantQuery = z.strictObject({ merchantCode: z.string().min(1).max(32) });
const idParams = z.strictObject({ id: z.uuid() });
const modParams = z.strictObject({ modId: z.string().regex(/^[A-Za-z0-9_]{1,40}$/) });
const done = z.object({ done: z.literal(true) });

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 && v.length <= 64 ? v : undefined;
}

export function registerSystemRoutes(
  app: FastifyInstance,
  service: SystemService,
  options: SystemRouteOptions,
): void {
  const client = (req: FastifyRequest): ClientInfo => {
    const country = options.geoCountryHeader ? header(req, options.geoCountryHeader) : undefined;
    return {
      ip: req.ip,
      country: country && /^[A-Z]{2}$/.test(country) ? country : null,
      merchantHeader: header(req, requestHeaders.merchant),
      host: req.host,
    };
  };

  addRoute(app, {
    method: 'GET',
    url: '/wps/system/status',
    access: 'public',
    response: systemStatusSchema,
    // Kept per client (address, country, merchant and host) by the service.
    shared: true,
    handler: ({ req }) => service.status(client(req)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/system/whitelabel',
    access: 'public',
    response: z.array(whitelabelNodeSchema),
    // The snapshot's own objects, per merchant.
    shared: true,
    handler: ({ req }) => service.whitelabel(header(req, requestHeaders.merchant), req.host),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/system/domainRoute',
    access: 'public',
    response: domainRouteSchema,
    shared: true,
    handler: ({ req }) => service.domainRoute(header(req, requestHeaders.merchant), req.host),
  });

  // Operator calls (the console's System screens). The guard keeps a `merchantCode` in the
  // query or body within the operator's scope; a restriction loaded by id is checked here.

  addRoute(app, {
    method: 'GET',
    url: '/ops/system/maintenance',
    access: ['operator'],
    permission: 'system.read',
    query: merchantQuery,
    response: opsMaintenanceStateSchema,
    handler: ({ query }) => service.maintenanceState(query.merchantCode),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/system/modules',
    access: ['operator'],
    permission: 'system.read',
    query: merchantQuery,
    response: z.array(opsModuleRowSchema),
    handler: ({ query }) => service.modules(query.merchantCode),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/system/maintenance',
    access: ['operator'],
    permission: 'system.write',
    body: setMaintenanceBodySchema,
    response: done,
    handler: async ({ body, principal, req }) => {
      const before = await service.maintenanceState(body.merchantCode);
      await service.setMaintenance(principal!.subjectId, body);
      noteAudit(req, {
        targetType: 'maintenance',
        targetId: body.merchantCode,
        before: { enabled: before.enabled, message: before.message, endsAt: before.endsAt },
        after: {
          enabled: body.enabled,
          message: body.message ?? null,
          endsAt: body.endsAt ?? null,
        },
      });
      return { done: true as const };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/system/region-restrictions',
    access: ['operator'],
    permission: 'system.read',
    query: merchantQuery,
    response: z.array(regionRestrictionSchema),
    handler: ({ query }) => service.listRestrictions(query.merchantCode),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/system/region-restrictions',
    access: ['operator'],
    permission: 'system.write',
    body: addRegionRestrictionBodySchema,
    response: regionRestrictionSchema,
    status: 201,
    handler: async ({ body, principal, req }) => {
      const row = await service.addRestriction(principal!.subjectId, body);
      noteAudit(req, { targetId: row.id, before: null, after: row });
      return row;
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/ops/system/region-restrictions/:id',
    access: ['operator'],
    permission: 'system.write',
    params: idParams,
    // The reason rides in the body.
    body: removeRegionRestrictionBodySchema,
    response: done,
    handler: async ({ params, principal, req }) => {
      const row = await service.restriction(params.id);
      requireMerchantScope(principal, row.merchantCode);
      await service.removeRestriction(params.id);
      noteAudit(req, { merchantCode: row.merchantCode, before: row, after: null });
      return { done: true as const };
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/system/modules/:modId',
    access: ['operator'],
    permission: 'system.write',
    params: modParams,
    body: setFeatureFlagBodySchema,
    response: done,
    handler: async ({ params, body, principal, req }) => {
      const before = (await service.modules(body.merchantCode)).find(
        (m) => m.modId === params.modId,
      );
      await service.setModule(principal!.subjectId, body.merchantCode, params.modId, body.enabled);
      noteAudit(req, {
        targetId: `${body.merchantCode}:${params.modId}`,
        before: before ? { enabled: before.enabled } : null,
        after: { enabled: body.enabled },
      });
      return { done: true as const };
    },
  });
}
