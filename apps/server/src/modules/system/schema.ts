import {
  boolean,
  cidr,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** A merchant is one market of the brand: its country, currency, time zone and languages. */
export const merchants = pgTable('merchants', {
  code: text('code').primaryKey(),
  country: text('country').notNull(),
  countryName: text('country_name').notNull(),
  currency: text('currency').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  /** Digits after the decimal point: amounts are stored as integers of 10^-scale units. */
  currencyScale: integer('currency_scale').notNull(),
  timeZone: text('time_zone').notNull(),
  defaultLanguage: text('default_language').notNull(),
  languages: jsonb('languages').$type<string[]>().notNull(),
  /** Host names that select this merchant; "*.example.com" matches any sub-domain. */
  domainPatterns: jsonb('domain_patterns').$type<string[]>().notNull(),
  mainDomain: text('main_domain').notNull(),
  gtagId: text('gtag_id'),
  imageCdns: jsonb('image_cdns').$type<string[]>().notNull(),
  launchGameCdns: jsonb('launch_game_cdns').$type<string[]>().notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

/** Brand-wide settings (one row). */
export const brandConfig = pgTable('brand_config', {
  id: text('id').primaryKey(),
  platform: text('platform').notNull(),
  lotteryType: text('lottery_type').notNull(),
  defaultLanguage: text('default_language').notNull(),
  esportsGame: text('esports_game').notNull(),
  cockfightGame: text('cockfight_game').notNull(),
  prizeModes: jsonb('prize_modes').$type<string[]>().notNull(),
  supportedLanguages: jsonb('supported_languages').$type<string[]>().notNull(),
});

/** The whitelabel module tree; leaves double as feature flags (MOBILENUMREG3, …). */
export const whitelabelModules = pgTable(
  'whitelabel_modules',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    modId: text('mod_id').notNull(),
    parentModId: text('parent_mod_id'),
    enabled: boolean('enabled').notNull(),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.modId] })],
);

export const siteResources = pgTable(
  'site_resources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    resourceType: text('resource_type').notNull(),
    labelNameEn: text('label_name_en').notNull(),
    url: text('url').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [unique('site_resources_type_uq').on(t.merchantCode, t.resourceType)],
);

export const customerServiceEntries = pgTable('customer_service_entries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  merchantCode: text('merchant_code')
    .notNull()
    .references(() => merchants.code),
  csType: text('cs_type').notNull(),
  csPosition: text('cs_position').notNull(),
  path: text('path').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const domainRoutes = pgTable('domain_routes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  merchantCode: text('merchant_code')
    .notNull()
    .references(() => merchants.code),
  domain: text('domain').notNull().unique(),
  kind: text('kind').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const siteMaintenance = pgTable('site_maintenance', {
  merchantCode: text('merchant_code')
    .primaryKey()
    .references(() => merchants.code),
  enabled: boolean('enabled').notNull(),
  message: text('message'),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
});

/** Access refused by IP range or by country (from a trusted edge header). */
export const regionRestrictions = pgTable(
  'region_restrictions',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    kind: text('kind').$type<'ip_range' | 'country'>().notNull(),
    ipRange: cidr('ip_range'),
    country: text('country'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [index('region_restrictions_merchant_idx').on(t.merchantCode)],
);

/** Server-driven registration validation (§5), per merchant and field. */
export const registerFieldRules = pgTable(
  'register_field_rules',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    field: text('field').notNull(),
    enabled: boolean('enabled').notNull(),
    required: boolean('required').notNull(),
    minLength: integer('min_length').notNull(),
    maxLength: integer('max_length').notNull(),
    patternId: integer('pattern_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.field] })],
);
