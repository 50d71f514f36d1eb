import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const boolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Outside production only this machine by default (see `listensBeyondLoopback`). */
  HOST: z.string().min(1).optional(),
  PORT: port.default(8080),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Redis, for what several API nodes share: the platform bus and the rate limits' counts. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Serves Prometheus metrics at GET /metrics on this port (off when unset), never the public one. */
  METRICS_PORT: port.optional(),
  /** Where the metrics port listens: loopback unless a scraper elsewhere needs it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default(path.join(process.cwd(), 'data')),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  /** The operator console's build, served under /console. */
  CONSOLE_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/console/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: positiveInt.max(50 * 1024 * 1024).default(1024 * 1024),
  /** "true", "false", or a comma-separated list of proxy addresses / CIDR ranges to trust. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine(
      (v) =>
        v === 'true' ||
        v === 'false' ||
        v.split(',').every((p) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(p.trim())),
      'must be true, false, or a comma-separated list of IP addresses or CIDR ranges',
    ),
  /** Header a trusted edge sets with the visitor's ISO country (e.g. cf-ipcountry); unset = none. */
  GEO_COUNTRY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a lower-case header name')
    .optional(),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(1200),
  /** Seamless-wallet calls a minute per game vendor (all its players together), not per address. */
  SEAMLESS_RATE_LIMIT_PER_MINUTE: positiveInt.default(60_000),
  SESSION_IDLE_MINUTES: positiveInt.default(120),
  SESSION_MAX_HOURS: positiveInt.default(24),
  /** Where players reach the site, for links in e-mails. */
  PUBLIC_URL: z.url().optional(),
  /** Outside services: an HTTP gateway each; without one, a sandbox records what it would send. */
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_GATEWAY_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  EMAIL_GATEWAY_URL: z.url().optional(),
  EMAIL_GATEWAY_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  PASSWORD_MAX_AGE_DAYS: positiveInt.default(90),
  /** Game vendors' seamless-wallet signing secrets: "CODE=secret,CODE2=secret" (the in-house vendor needs none). */
  VENDOR_SECRETS: z
    .string()
    .regex(
      /^([A-Z0-9_]{2,20}=[^,=]{16,200})(,[A-Z0-9_]{2,20}=[^,=]{16,200})*$/,
      'CODE=secret pairs, comma-separated, secrets of 16+ characters',
    )
    .optional(),
  /** Scheduled jobs (pg-boss): on in every running server; a test turns them on when it needs them. */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** The sportsbook's feed while jobs run: the sandbox's simulated matches, or none. */
  SPORTS_FEED: z.enum(['sandbox', 'off']).default('sandbox'),
  /** The outside phone-auth channel for mobile registration: off, sandbox (offline) or firebase. */
  PHONE_AUTH: z.enum(['off', 'sandbox', 'firebase']).default('off'),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/)
    .optional(),
  /** RSA private key (PEM, or the PEM base64-encoded) that opens sealed bodies; one per fleet. */
  ENCRYPTION_PRIVATE_KEY: z
    .string()
    .transform((v) => (v.includes('-----BEGIN') ? v : Buffer.from(v, 'base64').toString('utf8')))
    .refine(
      (v) => /-----BEGIN (RSA )?PRIVATE KEY-----/.test(v),
      'must be an RSA private key in PEM',
    )
    .optional(),
  /** AES-256 key (base64 of 32 bytes) that seals secrets at rest, such as authenticator keys. */
  SECRETS_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /** Seed the demo accounts and play history; never in production. */
  SEED_DEMO: boolean.optional(),
  /**
   * Outside production: let clients other than this machine reach the development features (the
   * outbox, the sandbox gateway and lottery feed) and seed the demo accounts on a non-loopback HOST.
   */
  SANDBOX_PUBLIC: boolean.default(false),
});

/** The fixed, publicly known secrets key used when SECRETS_KEY is not set outside production. */
export const developmentSecretsKey = createHash('sha256')
  .update('taya-development-secrets-key')
  .digest();

/** 127.0.0.0/8, ::1, and 127.x.x.x mapped into IPv6. */
const loopbackAddress = /^(127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/i;

/** Whether a listening address (HOST) takes connections from other machines. */
export function listensBeyondLoopback(host: string): boolean {
  const h = host.trim().replace(/^\[|\]$/g, '');
  return !(h.toLowerCase() === 'localhost' || loopbackAddress.test(h));
}

/** Whether a client's own socket address (never a forwarded one) is this machine. */
export function isLoopbackClient(address: string | undefined): boolean {
  return loopbackAddress.test(address ?? '');
}

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  /** Set when several API nodes share a Redis (the bus, rate limits); null for one node. */
  redisUrl: string | null;
  /** The metrics port (metrics.ts); null: not served. */
  metrics: { port: number; host: string } | null;
  dataDir: string;
  webDist: string;
  consoleDist: string;
  logLevel: string;
  bodyLimit: number;
  trustProxy: boolean | string[];
  geoCountryHeader: string | undefined;
  rateLimitPerMinute: number;
  seamlessRateLimitPerMinute: number;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  seedDemo: boolean;
  /** Development features answer every client, not only loopback ones (never in production). */
  sandboxPublic: boolean;
  publicUrl: string;
  smsGateway: { url: string; key: string } | null;
  emailGateway: { url: string; key: string } | null;
  passwordMaxAgeDays: number;
  jobs: boolean;
  sportsFeed: 'sandbox' | 'off';
  vendorSecrets: Record<string, string>;
  encryptionPrivateKey: string | undefined;
  /** 32 bytes for the secret box. */
  secretsKey: Buffer;
  phoneAuth: { kind: 'off' } | { kind: 'sandbox' } | { kind: 'firebase'; projectId: string };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment; a bad or missing value throws naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const host = e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  const exposed = listensBeyondLoopback(host);
  const problems: string[] = [];
  if (production && e.SEED_DEMO) {
    problems.push('SEED_DEMO: demo accounts are never seeded in production');
  } else if (!production && e.SEED_DEMO && exposed && !e.SANDBOX_PUBLIC) {
    problems.push(
      `SEED_DEMO: the demo accounts' passwords are public; on HOST=${host} set SANDBOX_PUBLIC=true as well to seed them anyway`,
    );
  }
  if (production && e.SANDBOX_PUBLIC) {
    problems.push('SANDBOX_PUBLIC: production serves no development or sandbox features');
  }
  for (const kind of ['SMS', 'EMAIL'] as const) {
    const url = e[`${kind}_GATEWAY_URL`];
    const key = e[`${kind}_GATEWAY_KEY`];
    if (Boolean(url) !== Boolean(key)) {
      problems.push(
        `${kind}_GATEWAY_${url ? 'KEY' : 'URL'}: set both ${kind}_GATEWAY_URL and ${kind}_GATEWAY_KEY, or neither`,
      );
    } else if (production && !url) {
      problems.push(
        `${kind}_GATEWAY_URL: production needs a real ${kind === 'SMS' ? 'SMS' : 'e-mail'} gateway (the sandbox only records)`,
      );
    }
  }
  if (e.PHONE_AUTH === 'firebase' && !e.FIREBASE_PROJECT_ID) {
    problems.push('FIREBASE_PROJECT_ID: needed when PHONE_AUTH is firebase');
  }
  if (production && e.PHONE_AUTH === 'sandbox') {
    problems.push(
      'PHONE_AUTH: the sandbox channel accepts its own tokens and is not for production',
    );
  }
  if (production && !e.ENCRYPTION_PRIVATE_KEY) {
    problems.push('ENCRYPTION_PRIVATE_KEY: production needs its own key (all nodes share it)');
  }
  const secretsKey = e.SECRETS_KEY ? Buffer.from(e.SECRETS_KEY, 'base64') : null;
  if (production && !secretsKey) {
    problems.push('SECRETS_KEY: production needs its own key (all nodes share it)');
  } else if (
    e.NODE_ENV !== 'test' &&
    (production || exposed) &&
    (!secretsKey || secretsKey.equals(developmentSecretsKey))
  ) {
    problems.push(
      `SECRETS_KEY: the development key is public and must not seal secrets on a server other machines reach (HOST=${host}); set a key of your own (openssl rand -base64 32)`,
    );
  }
  if (production && !e.PUBLIC_URL)
    problems.push('PUBLIC_URL: production needs the public address of the site');
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    host,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL ?? null,
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    dataDir: path.resolve(e.DATA_DIR),
    webDist: path.resolve(e.WEB_DIST),
    consoleDist: path.resolve(e.CONSOLE_DIST),
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT_BYTES,
    trustProxy:
      e.TRUST_PROXY === 'true'
        ? true
        : e.TRUST_PROXY === 'false'
          ? false
          : e.TRUST_PROXY.split(',').map((p) => p.trim()),
    geoCountryHeader: e.GEO_COUNTRY_HEADER,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    seamlessRateLimitPerMinute: e.SEAMLESS_RATE_LIMIT_PER_MINUTE,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    // Demo accounts have public passwords: by default only a server this machine alone reaches
    // (or one opened on purpose with SANDBOX_PUBLIC) gets them.
    seedDemo: e.SEED_DEMO ?? (!production && (!exposed || e.SANDBOX_PUBLIC)),
    sandboxPublic: !production && e.SANDBOX_PUBLIC,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smsGateway:
      e.SMS_GATEWAY_URL && e.SMS_GATEWAY_KEY
        ? { url: e.SMS_GATEWAY_URL, key: e.SMS_GATEWAY_KEY }
        : null,
    emailGateway:
      e.EMAIL_GATEWAY_URL && e.EMAIL_GATEWAY_KEY
        ? { url: e.EMAIL_GATEWAY_URL, key: e.EMAIL_GATEWAY_KEY }
        : null,
    passwordMaxAgeDays: e.PASSWORD_MAX_AGE_DAYS,
    jobs: e.JOBS === 'on',
    sportsFeed: e.SPORTS_FEED,
    vendorSecrets: Object.fromEntries(
      (e.VENDOR_SECRETS ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => pair.split('=') as [string, string]),
    ),
    encryptionPrivateKey: e.ENCRYPTION_PRIVATE_KEY,
    // Outside production a fixed, publicly known key, so development data survives restarts;
    // refused above on a server other machines reach.
    secretsKey: secretsKey ?? developmentSecretsKey,
    phoneAuth:
      e.PHONE_AUTH === 'firebase'
        ? { kind: 'firebase', projectId: e.FIREBASE_PROJECT_ID ?? '' }
        : { kind: e.PHONE_AUTH },
  };
}
