import { z } from 'zod';
import { registerBodySchema } from './identity';
import { languageCodes } from './languages';
import { opsReason } from './ops-reason';
import { profileUpdateSchema } from './security';
import { registrationFields, registrationPatterns } from './registration-rules';

// The console's System settings: merchants and their domains, registration field rules, site
// resources and customer-service entries. Every write carries a reason (the audit log keeps it).

const merchantCode = z.string().min(1).max(32);
const sort = z.number().int().min(0).max(9999);

/**
 * Whether `name` is an IANA time zone the runtime knows, spelled as the database spells it
 * ("Asia/Manila", not "asia/manila"); an older alias the runtime maps to another name is taken.
 */
export function isIanaTimeZone(name: string): boolean {
  if (!/^(?:UTC|[A-Z][A-Za-z_-]*(?:\/[A-Z][A-Za-z0-9_+-]*){1,2})$/.test(name)) return false;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions()
      .timeZone;
    return resolved.toLowerCase() !== name.toLowerCase() || resolved === name;
  } catch {
    return false;
  }
}

const hostLabel = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const hostName = new RegExp(`^${hostLabel}(?:\\.${hostLabel})*$`);

/** A host name ("taya.ph", "localhost"), lower case, no scheme, port or path. */
export const hostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(hostName, 'a host name such as www.example.com');

/** A host name, or "*.example.com" for it and every sub-domain. */
export const domainPatternSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .refine(
    (v) => hostName.test(v.startsWith('*.') ? v.slice(2) : v),
    'a host name, or *.example.com for every sub-domain',
  );

/** An absolute https address. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A path on the player site itself ("/download/android"), not "//other.host". */
const isSitePath = (value: string) => /^\/(?!\/)[^\s\\]*$/.test(value);

/**
 * Where a site resource may point: an https address, a path on the player site, or a Viber chat
 * (`viber://`), the schemes the player app opens. Plain http and script addresses are refused.
 */
export function isResourceUrl(value: string): boolean {
  if (isHttpsUrl(value) || isSitePath(value)) return true;
  return /^viber:\/\/[^\s]+$/.test(value);
}

/** Where a customer-service entry may point: an https address or a path on the player site. */
export function isCustomerServicePath(value: string): boolean {
  return isHttpsUrl(value) || isSitePath(value);
}

const httpsUrl = z.string().trim().max(500).refine(isHttpsUrl, 'an https:// address');

const uniqueList = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .refine((list) => new Set(list).size === list.length, 'each entry once');

/** A merchant as the console shows it (GET /ops/system/merchants). */
export const opsMerchantSchema = z.object({
  code: z.string(),
  country: z.string(),
  countryName: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  currencyScale: z.number().int(),
  timeZone: z.string(),
  defaultLanguage: z.string(),
  languages: z.array(z.string()),
  domainPatterns: z.array(z.string()),
  mainDomain: z.string(),
  gtagId: z.string().nullable(),
  imageCdns: z.array(z.string()),
  launchGameCdns: z.array(z.string()),
  isDefault: z.boolean(),
  sort: z.number().int(),
});
export type OpsMerchant = z.infer<typeof opsMerchantSchema>;

/**
 * PATCH /ops/system/merchants/:code: the fields an operator may change. Code, currency and its
 * scale are fixed once money exists, so the body refuses them (an unknown key names them).
 */
export const updateMerchantBodySchema = z.strictObject({
  countryName: z.string().trim().min(2).max(60).optional(),
  timeZone: z
    .string()
    .trim()
    .refine(isIanaTimeZone, 'an IANA time zone such as Asia/Manila')
    .optional(),
  /** Must be one of `languages` (the new list when both are sent). */
  defaultLanguage: z.enum(languageCodes).optional(),
  languages: uniqueList(z.enum(languageCodes), languageCodes.length).min(1).optional(),
  domainPatterns: uniqueList(domainPatternSchema, 30).min(1).optional(),
  mainDomain: hostNameSchema.optional(),
  gtagId: z
    .string()
    .trim()
    .regex(/^(?:G|GT|AW|DC|UA)-[A-Z0-9-]{4,24}$/, 'a Google tag id such as G-ABC1234')
    .nullable()
    .optional(),
  imageCdns: uniqueList(httpsUrl, 10).optional(),
  launchGameCdns: uniqueList(httpsUrl, 10).optional(),
  sort: sort.optional(),
  reason: opsReason,
});
export type UpdateMerchantBody = z.infer<typeof updateMerchantBodySchema>;

/** The fields of a merchant that never change through the console. */
export const fixedMerchantFields = ['code', 'currency', 'currencyScale'] as const;

export const domainRouteKinds = ['main', 'mirror', 'agent', 'app'] as const;

export const opsDomainRouteSchema = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  domain: z.string(),
  kind: z.string(),
  sort: z.number().int(),
});
export type OpsDomainRoute = z.infer<typeof opsDomainRouteSchema>;

export const addDomainRouteBodySchema = z.strictObject({
  merchantCode,
  domain: hostNameSchema,
  kind: z.enum(domainRouteKinds),
  sort: sort.default(0),
  reason: opsReason,
});
export type AddDomainRouteBody = z.input<typeof addDomainRouteBodySchema>;

const maxLengthOf = (schema: unknown): number | null => {
  while (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
    schema = (schema as z.ZodOptional<z.ZodType>).unwrap();
  return schema instanceof z.ZodString && typeof schema.maxLength === 'number'
    ? schema.maxLength
    : null;
};

/**
 * The longest value a field's own calls take (registration, and the security centre's profile
 * update for a profile field): a rule's maximum may not exceed it.
 */
export function fieldHardMax(field: string): number {
  const limits = [
    maxLengthOf((registerBodySchema.shape as Record<string, unknown>)[field]),
    maxLengthOf((profileUpdateSchema.shape as Record<string, unknown>)[field]),
  ].filter((n): n is number => n !== null);
  return limits.length > 0 ? Math.min(...limits) : 255;
}

/** One field rule of a merchant as the console lists it. */
export const opsFieldRuleSchema = z.object({
  field: z.string(),
  /** Whether the registration form asks for it (else a profile field of the security centre). */
  registration: z.boolean(),
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  patternId: z.number().int(),
  /** The longest value the field's call takes: maxLength may not exceed it. */
  hardMax: z.number().int(),
});
export type OpsFieldRule = z.infer<typeof opsFieldRuleSchema>;

export const registrationPatternIds = registrationPatterns.map((p) => p.id);

/** PUT /ops/system/register-rules/:field. */
export const updateFieldRuleBodySchema = z
  .strictObject({
    merchantCode,
    enabled: z.boolean(),
    required: z.boolean(),
    minLength: z.number().int().min(0).max(4096),
    maxLength: z.number().int().min(1).max(4096),
    patternId: z
      .number()
      .int()
      .refine((id) => registrationPatternIds.includes(id as never), 'a known pattern id'),
    reason: opsReason,
  })
  .refine((b) => b.minLength <= b.maxLength, {
    path: ['minLength'],
    message: 'Minimum length must not exceed the maximum',
  })
  .refine((b) => !b.required || b.enabled, {
    path: ['required'],
    message: 'A field that is off cannot be required',
  });
export type UpdateFieldRuleBody = z.infer<typeof updateFieldRuleBodySchema>;

export const isRegistrationField = (field: string) =>
  (registrationFields as readonly string[]).includes(field);

/** Resource types the player app places (SPEC §2), offered first in the console. */
export const knownResourceTypes = [
  'TELEGRAM_2',
  'FACEBOOK_1',
  'YOUTUBE_1',
  'WHATSAPP1',
  'VIBER',
  'TIKTOK_1',
  'Twitter_1',
  'INSTAGRAM_1',
  'Android',
  'MOBILECONFIG',
  'LIVECHAT',
  'LICENCE',
] as const;

const resourceType = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'letters, digits and _ (e.g. FACEBOOK_1)');

export const opsResourceSchema = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  resourceType: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
  sort: z.number().int(),
});
export type OpsResource = z.infer<typeof opsResourceSchema>;

const resourceFields = {
  resourceType,
  labelNameEn: z.string().trim().min(1).max(300),
  url: z
    .string()
    .trim()
    .max(1000)
    .refine(isResourceUrl, 'an https:// address, a /path on the site, or viber://'),
  sort,
  reason: opsReason,
};

export const addResourceBodySchema = z.strictObject({ merchantCode, ...resourceFields });
export type AddResourceBody = z.infer<typeof addResourceBodySchema>;
export const updateResourceBodySchema = z.strictObject(resourceFields);
export type UpdateResourceBody = z.infer<typeof updateResourceBodySchema>;

export const customerServiceTypes = ['LIVECHAT', 'TELEGRAM', 'WHATSAPP', 'VIBER', 'EMAIL', 'LINK'];
export const customerServicePositions = ['MENU', 'FOOTER', 'FLOAT', 'AGENT'];

export const opsCustomerServiceSchema = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  csType: z.string(),
  csPosition: z.string(),
  path: z.string(),
  sort: z.number().int(),
});
export type OpsCustomerService = z.infer<typeof opsCustomerServiceSchema>;

const customerServiceFields = {
  csType: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{0,29}$/, 'upper-case letters, digits and _ (e.g. TELEGRAM)'),
  csPosition: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{0,29}$/, 'upper-case letters, digits and _ (e.g. MENU)'),
  path: z
    .string()
    .trim()
    .max(1000)
    .refine(isCustomerServicePath, 'an https:// address or a /path on the site'),
  sort,
  reason: opsReason,
};

export const addCustomerServiceBodySchema = z.strictObject({
  merchantCode,
  ...customerServiceFields,
});
export type AddCustomerServiceBody = z.infer<typeof addCustomerServiceBodySchema>;
export const updateCustomerServiceBodySchema = z.strictObject(customerServiceFields);
export type UpdateCustomerServiceBody = z.infer<typeof updateCustomerServiceBodySchema>;
