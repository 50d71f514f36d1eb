import { z } from 'zod';
import { opsReason } from './ops-reason';
import { fieldRuleSchema } from './registration';
import type { WhitelabelNode } from './system-flags';

export const whitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({
    modId: z.string(),
    enabled: z.enum(['1', '0']),
    childrenNodes: z.array(whitelabelNodeSchema),
  }),
);

export const regionSchema = z.object({
  merchantCode: z.string(),
  country: z.string(),
  countryName: z.string(),
  currency: z.string(),
  langList: z.array(z.string()),
});
export type Region = z.infer<typeof regionSchema>;

export const merchantInfoSchema = z.object({
  merchantCode: z.string(),
  country: z.string(),
  countryName: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  currencyScale: z.number().int(),
  timeZone: z.string(),
  /** e.g. "GMT+8", "GMT+6:30" — what the agent header shows. */
  gmtOffset: z.string(),
  defaultLanguage: z.string(),
  langList: z.array(z.string()),
});
export type MerchantInfo = z.infer<typeof merchantInfoSchema>;

export const brandConfigSchema = z.object({
  platform: z.string(),
  lotteryType: z.string(),
  defaultLanguage: z.string(),
  esportsGame: z.string(),
  cockfightGame: z.string(),
  prizeModes: z.array(z.string()),
  supportedLanguages: z.array(z.string()),
});
export type BrandConfig = z.infer<typeof brandConfigSchema>;

export const resourceSchema = z.object({
  resourceType: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const customerServiceSchema = z.object({
  csType: z.string(),
  csPosition: z.string(),
  path: z.string(),
});

export const domainRouteSchema = z.object({
  mainDomain: z.string(),
  domains: z.array(z.object({ domain: z.string(), kind: z.string() })),
});
export type DomainRoute = z.infer<typeof domainRouteSchema>;

export const locationSchema = z.object({ ip: z.string(), country: z.string().nullable() });

export const maintenanceInfoSchema = z.object({
  message: z.string().nullable(),
  endsAt: z.string().nullable(),
});

/** The permission bundle of §3, as `info` in the status answer. */
export const permissionInfoSchema = z.object({
  whitelabel: z.array(whitelabelNodeSchema),
  register: z.record(z.string(), fieldRuleSchema),
  customerService: z.array(customerServiceSchema),
  resources: z.array(resourceSchema),
  domainRoute: domainRouteSchema,
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
});
export type PermissionInfo = z.infer<typeof permissionInfoSchema>;

export const systemStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  maintenanceInfo: maintenanceInfoSchema.nullable(),
  location: locationSchema,
  merchant: merchantInfoSchema,
  brand: brandConfigSchema,
  regions: z.array(regionSchema),
  info: permissionInfoSchema,
});
export type SystemStatusValue = z.infer<typeof systemStatusSchema>;

// Operator calls (the console's System screens); every write carries its reason.
export const setMaintenanceBodySchema = z.strictObject({
  merchantCode: z.string().min(1).max(32),
  enabled: z.boolean(),
  message: z.string().max(500).nullable().optional(),
  endsAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Why (kept in the audit log). */
  reason: opsReason,
});
export type SetMaintenanceBody = z.infer<typeof setMaintenanceBodySchema>;

export const addRegionRestrictionBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({
    merchantCode: z.string().min(1).max(32),
    kind: z.literal('ip_range'),
    value: z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()]),
    note: z.string().max(200).optional(),
    reason: opsReason,
  }),
  z.strictObject({
    merchantCode: z.string().min(1).max(32),
    kind: z.literal('country'),
    value: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 two-letter country code'),
    note: z.string().max(200).optional(),
    reason: opsReason,
  }),
]);
export type AddRegionRestrictionBody = z.infer<typeof addRegionRestrictionBodySchema>;

export const regionRestrictionSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  kind: z.enum(['ip_range', 'country']),
  value: z.string(),
  note: z.string().nullable(),
});
export type RegionRestriction = z.infer<typeof regionRestrictionSchema>;

export const setFeatureFlagBodySchema = z.strictObject({
  merchantCode: z.string().min(1).max(32),
  enabled: z.boolean(),
  reason: opsReason,
});

/** A merchant's maintenance switch as the console shows it. */
export const opsMaintenanceStateSchema = z.object({
  merchantCode: z.string(),
  enabled: z.boolean(),
  message: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Enabled and its window not over: what players see now. */
  active: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type OpsMaintenanceState = z.infer<typeof opsMaintenanceStateSchema>;

/** One whitelabel module (a leaf doubles as a feature flag) of a merchant. */
export const opsModuleRowSchema = z.object({
  modId: z.string(),
  parentModId: z.string().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type OpsModuleRow = z.infer<typeof opsModuleRowSchema>;

/** Removing a restriction: the reason goes to the audit log. */
export const removeRegionRestrictionBodySchema = z.strictObject({
  reason: opsReason,
});
