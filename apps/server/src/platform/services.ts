import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db';
import { AuditLog } from './audit';
import { installGuard } from './auth/guard';
import { BackgroundTasks } from './background';
import { Bus, redisTransport } from './bus';
import { SessionStore } from './auth/sessions';
import { IdempotencyStore } from './idempotency';
import { Jobs } from './jobs';
import { Metrics } from './metrics';
import { HttpGateway, SandboxEmailProvider, SandboxSmsProvider, type Providers } from './providers';
import {
  FirebasePhoneAuth,
  SandboxPhoneAuth,
  type PhoneAuthVerifier,
} from './providers/phone-auth';
import { SandboxVendorWallet, type VendorWalletGateway } from './providers/vendor-wallet';
import { SealedRequests } from './sealed';

/** What the platform offers every module: sessions, sealed bodies, providers and the scheduler. */
export interface PlatformServices {
  sessions: SessionStore;
  providers: Providers;
  sealed: SealedRequests;
  phoneAuth: PhoneAuthVerifier | null;
  /** Transfer-type game vendors' wallet API (the sandbox vendor until real ones are contracted). */
  vendorWallets: VendorWalletGateway;
  jobs: Jobs;
  /** Work that runs after a call's answer has gone out (see background.ts). */
  background: BackgroundTasks;
  /** The hash-chained audit log: operator writes (recorded centrally) and system events. */
  audit: AuditLog;
  /** Events for sockets, on every node (Redis) or in this process (see bus.ts). */
  bus: Bus;
  /** This node's Prometheus metrics (served on METRICS_PORT; see metrics.ts). */
  metrics: Metrics;
}

/** Builds the platform's services; installs the auth guard, sealed-body opener and idempotency keys. */
export function buildPlatformServices(
  app: FastifyInstance,
  config: Config,
  database: Database,
): PlatformServices {
  const sessions = new SessionStore(database.db, {
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
  });
  installGuard(app, sessions);
  const audit = new AuditLog(database.db);
  audit.install(app);
  const sealed = new SealedRequests(database.db, config.encryptionPrivateKey);
  sealed.install(app);
  new IdempotencyStore(database.db).install(app);
  const providers: Providers = {
    sms: config.smsGateway
      ? new HttpGateway(config.smsGateway.url, config.smsGateway.key)
      : new SandboxSmsProvider(database.db),
    email: config.emailGateway
      ? new HttpGateway(config.emailGateway.url, config.emailGateway.key)
      : new SandboxEmailProvider(database.db),
  };
  const phoneAuth: PhoneAuthVerifier | null =
    config.phoneAuth.kind === 'firebase'
      ? new FirebasePhoneAuth(config.phoneAuth.projectId)
      : config.phoneAuth.kind === 'sandbox'
        ? new SandboxPhoneAuth(config.encryptionPrivateKey ?? 'taya-sandbox-phone-auth-secret')
        : null;
  const background = new BackgroundTasks(app.log);
  background.install(app);
  const metrics = new Metrics(database);
  metrics.install(app);
  const bus = new Bus(config.redisUrl ? redisTransport(config.redisUrl) : null, (error) =>
    app.log.warn({ code: errorCode(error) }, 'platform bus'),
  );
  // A node takes traffic once it hears the other nodes; the bus closes after the modules.
  app.addHook('onReady', () => bus.ready());
  app.addHook('onClose', () => bus.close());
  return {
    background,
    audit,
    bus,
    metrics,
    sessions,
    providers,
    sealed,
    phoneAuth,
    vendorWallets: new SandboxVendorWallet(database.db),
    jobs: new Jobs(database.jobs, app.log, metrics),
  };
}

/** What a log line may say of a connection's error: its code, never the address or a secret. */
function errorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) return String(error.code);
  return error instanceof Error ? error.name : 'error';
}
