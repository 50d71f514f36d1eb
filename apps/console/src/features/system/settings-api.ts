import { z } from 'zod';
import {
  opsCustomerServiceSchema,
  opsDomainRouteSchema,
  opsFieldRuleSchema,
  opsMerchantSchema,
  opsResourceSchema,
  type AddCustomerServiceBody,
  type AddDomainRouteBody,
  type AddResourceBody,
  type OpsCustomerService,
  type OpsDomainRoute,
  type OpsFieldRule,
  type OpsMerchant,
  type OpsResource,
  type UpdateCustomerServiceBody,
  type UpdateFieldRuleBody,
  type UpdateMerchantBody,
  type UpdateResourceBody,
} from '@taya/contracts';
import { get, post, request } from '../../lib/api-client';

// The System settings calls: merchants and their domains, field rules, resources and
// customer-service entries. Every write carries the operator's reason.

const done = z.object({ done: z.literal(true) });
const path = (base: string, id: string | number) => `${base}/${encodeURIComponent(String(id))}`;

/** The reason every system form asks for (kept in the audit log). */
export const reasonMin = 10;

export const fetchMerchants = (signal?: AbortSignal) =>
  get<OpsMerchant[]>('/ops/system/merchants', {
    schema: import.meta.env.DEV && z.array(opsMerchantSchema),
    signal,
  });

export const updateMerchant = (code: string, body: UpdateMerchantBody) =>
  request<OpsMerchant>('PATCH', path('/ops/system/merchants', code), {
    body,
    schema: import.meta.env.DEV && opsMerchantSchema,
  });

export const fetchDomainRoutes = (merchantCode: string, signal?: AbortSignal) =>
  get<OpsDomainRoute[]>('/ops/system/domain-routes', {
    query: { merchantCode },
    schema: import.meta.env.DEV && z.array(opsDomainRouteSchema),
    signal,
  });

export const addDomainRoute = (body: AddDomainRouteBody) =>
  post<OpsDomainRoute>('/ops/system/domain-routes', body, {
    schema: import.meta.env.DEV && opsDomainRouteSchema,
  });

export const removeDomainRoute = (id: number, reason: string) =>
  request<{ done: true }>('DELETE', path('/ops/system/domain-routes', id), {
    body: { reason },
    schema: import.meta.env.DEV && done,
  });

export const fetchFieldRules = (merchantCode: string, signal?: AbortSignal) =>
  get<OpsFieldRule[]>('/ops/system/register-rules', {
    query: { merchantCode },
    schema: import.meta.env.DEV && z.array(opsFieldRuleSchema),
    signal,
  });

export const updateFieldRule = (field: string, body: UpdateFieldRuleBody) =>
  request<OpsFieldRule>('PUT', path('/ops/system/register-rules', field), {
    body,
    schema: import.meta.env.DEV && opsFieldRuleSchema,
  });

export const fetchResources = (merchantCode: string, signal?: AbortSignal) =>
  get<OpsResource[]>('/ops/system/resources', {
    query: { merchantCode },
    schema: import.meta.env.DEV && z.array(opsResourceSchema),
    signal,
  });

export const addResource = (body: AddResourceBody) =>
  post<OpsResource>('/ops/system/resources', body, {
    schema: import.meta.env.DEV && opsResourceSchema,
  });

export const updateResource = (id: number, body: UpdateResourceBody) =>
  request<OpsResource>('PUT', path('/ops/system/resources', id), {
    body,
    schema: import.meta.env.DEV && opsResourceSchema,
  });

export const removeResource = (id: number, reason: string) =>
  request<{ done: true }>('DELETE', path('/ops/system/resources', id), {
    body: { reason },
    schema: import.meta.env.DEV && done,
  });

export const fetchCustomerService = (merchantCode: string, signal?: AbortSignal) =>
  get<OpsCustomerService[]>('/ops/system/customer-service', {
    query: { merchantCode },
    schema: import.meta.env.DEV && z.array(opsCustomerServiceSchema),
    signal,
  });

export const addCustomerService = (body: AddCustomerServiceBody) =>
  post<OpsCustomerService>('/ops/system/customer-service', body, {
    schema: import.meta.env.DEV && opsCustomerServiceSchema,
  });

export const updateCustomerService = (id: number, body: UpdateCustomerServiceBody) =>
  request<OpsCustomerService>('PUT', path('/ops/system/customer-service', id), {
    body,
    schema: import.meta.env.DEV && opsCustomerServiceSchema,
  });

export const removeCustomerService = (id: number, reason: string) =>
  request<{ done: true }>('DELETE', path('/ops/system/customer-service', id), {
    body: { reason },
    schema: import.meta.env.DEV && done,
  });

/** One entry a line (blank lines and spaces around dropped). */
export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
