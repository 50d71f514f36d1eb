import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import { requestIdHeader } from '@taya/contracts';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { AppError } from './platform/errors';
import { installEnvelope, isApiPath, notFoundEnvelope, type Access } from './platform/http';
import { installGuard } from './platform/auth/guard';
import { SessionStore } from './platform/auth/sessions';
import { SystemStore } from './modules/system/store';
import { SystemService } from './modules/system/service';
import { registerSystemRoutes } from './modules/system/routes';
import {
  HttpGateway,
  SandboxEmailProvider,
  SandboxSmsProvider,
  type Providers,
} from './platform/providers';
import { SealedRequests } from './platform/sealed';
import {
  FirebasePhoneAuth,
  SandboxPhoneAuth,
  type PhoneAuthVerifier,
} from './platform/providers/phone-auth';
import { CaptchaService } from './modules/identity/captcha';
import { VerificationCodeService } from './modules/identity/codes';
import { IdentityService, defaultIdentityPolicy } from './modules/identity/service';
import { CAPTCHA_COOKIE, registerIdentityRoutes } from './modules/identity/routes';
import { SecurityService } from './modules/identity/security';
import { registerSecurityRoutes } from './modules/identity/security-routes';
import { AuthenticatorService } from './modules/identity/authenticator';
import { registerAuthenticatorRoutes } from './modules/identity/authenticator-routes';
import { SecretBox } from './platform/secret-box';
import { payoutAccounts } from './modules/cashier/schema';
import { WalletService } from './modules/wallet/service';
import { registerWalletRoutes } from './modules/wallet/routes';
import { CashierService } from './modules/cashier/service';
import { registerCashierRoutes } from './modules/cashier/routes';
import { UploadService } from './modules/uploads/service';
import { registerUploadRoutes } from './modules/uploads/routes';
import { SandboxVendorWallet, type VendorWalletGateway } from './platform/providers/vendor-wallet';
import { Jobs } from './platform/jobs';
import { GamesService } from './modules/games/service';
import { SeamlessWallet } from './modules/games/seamless';
import { SeamlessClient } from './modules/games/seamless-client';
import { registerSeamlessRoutes } from './modules/games/seamless-routes';
import { registerGameRoutes } from './modules/games/routes';
import { TayaDemo, TayaSlotServer, tayaVendorCode } from './modules/games/taya-slot';
import { JackpotService } from './modules/jackpot/service';
import { AgentsService } from './modules/agents/service';
import { ContentService } from './modules/content/service';
import { registerContentRoutes } from './modules/content/routes';
import { SupportService } from './modules/support/service';
import { InProcessChatHub } from './modules/support/hub';
import { registerSupportRoutes } from './modules/support/routes';
import { registerAgentRoutes } from './modules/agents/routes';
import { registerJackpotRoutes } from './modules/jackpot/routes';
import { PointsService } from './modules/points/service';
import { registerPointsRoutes } from './modules/points/routes';
import { maskName } from './modules/games/service';
import { VipService } from './modules/vip/service';
import { registerVipRoutes } from './modules/vip/routes';
import { PromotionsService } from './modules/promotions/service';
import { registerPromotionRoutes } from './modules/promotions/routes';
import { RedEnvelopesService } from './modules/red-envelopes/service';
import { registerRedEnvelopeRoutes } from './modules/red-envelopes/routes';
import { ReferralService } from './modules/referral/service';
import { registerReferralRoutes } from './modules/referral/routes';
import { MissionsService } from './modules/missions/service';
import { registerMissionRoutes } from './modules/missions/routes';
import { LotteryService } from './modules/lottery/service';
import { LotteryFeed } from './modules/lottery/feed';
import { registerLotteryRoutes } from './modules/lottery/routes';
import { SandboxResultFeed, resultFeedOf } from './modules/lottery/feed-provider';
import { registerResultFeedSandboxRoutes } from './modules/lottery/feed-routes';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

export interface Services {
  sessions: SessionStore;
  system: SystemService;
  identity: IdentityService;
  authenticator: AuthenticatorService;
  providers: Providers;
  sealed: SealedRequests;
  phoneAuth: PhoneAuthVerifier | null;
  wallet: WalletService;
  cashier: CashierService;
  uploads: UploadService;
  /** Transfer-type game vendors' wallet API (the sandbox vendor until real ones are contracted). */
  vendorWallets: VendorWalletGateway;
  jobs: Jobs;
  games: GamesService;
  seamless: SeamlessWallet;
  tayaSlot: TayaSlotServer;
  jackpot: JackpotService;
  agents: AgentsService;
  content: ContentService;
  support: SupportService;
  points: PointsService;
  vip: VipService;
  promotions: PromotionsService;
  redEnvelopes: RedEnvelopesService;
  referral: ReferralService;
  missions: MissionsService;
  lottery: LotteryService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every API route with its declared access, for the guard's own tests. */
    routeTable: RouteEntry[];
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole API (and the web app when it is built) without listening. Tests call this. */
export async function buildApp({
  config,
  database,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(logStream ? { stream: logStream } : {}),
            // Log the path only: query strings may carry tokens (the app download link does).
            serializers: {
              req: (req) => ({ method: req.method, path: req.url.split('?')[0], ip: req.ip }),
              res: (res) => ({ statusCode: res.statusCode }),
            },
          },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header(requestIdHeader, req.id);
  });

  // While shutting down, answers still in flight tell their clients to hang up, so that no
  // kept-alive connection holds the process open after its last request.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  installEnvelope(app);
  await app.register(cookie);
  // The forgot-password-by-e-mail call is form-encoded (API-NOTES).
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  });
  // Live chat sockets (/ws/*); their routes opt out of the per-request rate limit.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

  const sessions = new SessionStore(database.db, {
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
  });
  installGuard(app, sessions);
  const sealed = new SealedRequests(database.db, config.encryptionPrivateKey);
  sealed.install(app);

  const system = new SystemService(new SystemStore(database.db));
  const providers: Providers = {
    sms: config.smsGateway
      ? new HttpGateway(config.smsGateway.url, config.smsGateway.key)
      : new SandboxSmsProvider(database.db),
    email: config.emailGateway
      ? new HttpGateway(config.emailGateway.url, config.emailGateway.key)
      : new SandboxEmailProvider(database.db),
  };
  const production = config.env === 'production';
  const phoneAuth: PhoneAuthVerifier | null =
    config.phoneAuth.kind === 'firebase'
      ? new FirebasePhoneAuth(config.phoneAuth.projectId)
      : config.phoneAuth.kind === 'sandbox'
        ? new SandboxPhoneAuth(config.encryptionPrivateKey ?? 'taya-sandbox-phone-auth-secret')
        : null;
  const captcha = new CaptchaService(database.db, !production);
  const vip = new VipService(database.db, system);
  const authenticator = new AuthenticatorService(
    database.db,
    new SecretBox(config.secretsKey),
    defaultIdentityPolicy,
  );
  const codes = new VerificationCodeService(database.db, providers);
  const identity = new IdentityService(
    database.db,
    sessions,
    system,
    captcha,
    codes,
    providers.email,
    {
      ...defaultIdentityPolicy,
      passwordMaxAgeDays: config.passwordMaxAgeDays,
      publicUrl: config.publicUrl,
    },
    phoneAuth,
    (merchantCode, accountId) => vip.clubLabel(merchantCode, accountId),
    {
      authenticator,
      // The names on the member's bank payout accounts, for the bank-name log-in check.
      bankNamesOf: async (accountId) =>
        (
          await database.db
            .select({ name: payoutAccounts.accountName })
            .from(payoutAccounts)
            .where(and(eq(payoutAccounts.accountId, accountId), eq(payoutAccounts.kind, 'bank')))
        ).map((r) => r.name),
    },
  );
  const security = new SecurityService(
    database.db,
    sessions,
    system,
    codes,
    identity,
    authenticator,
  );
  const vendorWallets = new SandboxVendorWallet(database.db);
  const wallet = new WalletService(database.db, system, vendorWallets);
  const uploads = new UploadService(database.db);
  // The sandbox gateway lives in this process, so its signing secret need not outlive it.
  const sandboxSecret = randomBytes(32).toString('hex');
  const cashier = new CashierService(
    database.db,
    system,
    wallet,
    identity,
    uploads,
    { sandbox: sandboxSecret },
    // A member's VIP level tightens the daily withdrawal count and sets a daily amount.
    async (merchantCode, accountId) => {
      const level = await vip.levelOf(merchantCode, accountId);
      return level
        ? { dailyCount: level.dailyWithdrawCount, dailyAmount: level.dailyWithdrawAmount }
        : null;
    },
  );

  const games = new GamesService(database.db, system);
  const jackpot = new JackpotService(
    database.db,
    system,
    wallet,
    (ids) => identity.usernames(ids),
    maskName,
  );
  // The in-house vendor signs with a secret of this process: it calls from inside it.
  const tayaSecret = randomBytes(32).toString('hex');
  const seamless = new SeamlessWallet(
    database.db,
    system,
    wallet,
    { ...config.vendorSecrets, [tayaVendorCode]: tayaSecret },
    (merchantCode) => games.catalog(merchantCode),
    // A settled round's valid bet counts toward the member's withdrawal turnover.
    (accountId, validBet, tx) => cashier.recordTurnover(accountId, validBet, tx),
    jackpot,
  );
  const tayaSlot = new TayaSlotServer(
    database.db,
    new SeamlessClient(app, tayaVendorCode, tayaSecret),
    (roundId, playerId, language) => jackpot.hitOf(tayaVendorCode, roundId, playerId, language),
  );

  const content = new ContentService(database.db, system);
  const support = new SupportService(database.db, new InProcessChatHub());
  const agents = new AgentsService(database.db, system, wallet, identity, async (merchantCode) => {
    const catalog = await games.catalog(merchantCode);
    return new Map([...catalog.byId].map(([id, game]) => [id, game.name]));
  });

  const vipLevelOf = async (accountId: string, code: string) =>
    (await vip.levelOf(code, accountId))?.rankLevel ?? null;
  const promotions = new PromotionsService(database.db, system, wallet, vipLevelOf, undefined, {
    uploads,
    rewardsPaid: (ids, language) => missions.rewardsPaid(ids, language),
  });
  const redEnvelopes = new RedEnvelopesService(database.db, system, promotions, vipLevelOf);
  const referral = new ReferralService(database.db, system, identity, promotions, vipLevelOf);

  const points = new PointsService(database.db, system, wallet, identity);
  const missions = new MissionsService(database.db, system, wallet, maskName);

  // No results feed is contracted: outside production the sandbox feed serves what operators
  // publish to it; without a feed result, operators enter results and the demo draw follows.
  const resultFeed = production ? null : new SandboxResultFeed(database.db);
  const lottery = new LotteryService(
    database.db,
    system,
    wallet,
    games,
    // A settled lottery bet's valid bet counts toward the member's withdrawal turnover.
    (accountId, validBet, tx) => cashier.recordTurnover(accountId, validBet, tx),
    resultFeed
      ? {
          feed: resultFeedOf(resultFeed, (err, gameCode, issueId) =>
            app.log.warn(
              { err: { type: err instanceof Error ? err.name : typeof err }, gameCode, issueId },
              'lottery results feed failed',
            ),
          ),
        }
      : {},
  );
  const lotteryFeed = new LotteryFeed(database.db, (row) => lottery.issueWire(row));

  const jobs = new Jobs(database.jobs, app.log);
  jobs.define({
    name: 'lottery.schedule',
    cron: '* * * * *',
    run: async () => lottery.scheduleDue(),
  });
  jobs.define({
    name: 'lottery.draw',
    cron: '* * * * *',
    run: async () => lottery.drawDue(),
  });
  jobs.define({
    name: 'lottery.settle',
    cron: '* * * * *',
    run: async () => lottery.settleDue(),
  });
  jobs.define({
    name: 'points.earn',
    cron: '* * * * *',
    run: async () => {
      const r = await points.earnDue();
      return { bets: r.bets, points: r.points.toString() };
    },
  });
  jobs.define({
    name: 'agents.rollup-teams',
    cron: '* * * * *',
    run: async () => ({ windows: await agents.rollupDue() }),
  });
  jobs.define({
    name: 'agents.settle-contracts',
    cron: '* * * * *',
    run: async () => {
      const r = await agents.settleDue();
      return { windows: r.windows, paid: r.paid.toString() };
    },
  });
  jobs.define({
    name: 'taya.settle-rounds',
    cron: '* * * * *',
    run: async () => ({ settled: await tayaSlot.settleStranded() }),
  });
  jobs.define({
    name: 'jackpot.pay-hits',
    cron: '* * * * *',
    run: async () => ({ paid: await jackpot.payPending() }),
  });
  jobs.define({
    // Each merchant's ended local day is paid once; running often settles it soon after midnight.
    name: 'promotions.rebate',
    cron: '*/10 * * * *',
    run: async () => {
      const r = await promotions.settleRebates();
      return { days: r.days, paid: r.paid.toString() };
    },
  });
  jobs.define({
    // Each (referrer, friend) pair is paid once, as soon after the friend qualifies as it runs.
    name: 'referral.reward',
    cron: '*/5 * * * *',
    run: async () => {
      const r = await referral.rewardDue();
      return { paid: r.paid, amount: r.amount.toString() };
    },
  });
  jobs.define({
    name: 'cashier.auto-confirm',
    cron: '* * * * *',
    run: async () => ({ confirmed: await cashier.autoConfirmDue() }),
  });
  jobs.define({
    name: 'vip.progress',
    cron: '* * * * *',
    run: async () => vip.foldProgress(),
  });
  jobs.define({
    name: 'wallet.vendor-reconcile',
    cron: '* * * * *',
    run: async () => ({ settled: await wallet.reconcilePending() }),
  });
  if (database.kind === 'pglite') {
    // PostgreSQL's autovacuum keeps planner statistics fresh; the embedded database has none.
    jobs.define({
      name: 'platform.analyze',
      cron: '17 * * * *',
      run: async () => {
        await database.db.execute(sql`analyze`);
        return { analyzed: true };
      },
    });
  }
  if (config.jobs) {
    app.addHook('onReady', () => jobs.start());
    // A one-minute game closes and draws on the second, finer than the queue's cron: every node
    // also closes, draws and settles what is due each second (each step is safe to run anywhere).
    // Issues are also scheduled at start and every half minute, so betting opens without waiting.
    let ticking = false;
    let ticks = 0;
    const tick = setInterval(() => {
      if (ticking) return;
      ticking = true;
      const schedule = ticks++ % 30 === 0 ? lottery.scheduleDue() : Promise.resolve();
      schedule
        .then(() => lottery.drawDue())
        .then(() => lottery.settleDue())
        .catch((err: Error) => app.log.error({ err: { type: err.name } }, 'lottery tick failed'))
        .finally(() => {
          ticking = false;
        });
    }, 1000);
    tick.unref();
    app.addHook('onClose', () => clearInterval(tick));
    // Runs before the database closes: startServer closes the app first.
    app.addHook('onClose', () => jobs.stop());
  }
  app.decorate('services', {
    sessions,
    system,
    identity,
    authenticator,
    providers,
    sealed,
    phoneAuth,
    wallet,
    cashier,
    uploads,
    vendorWallets,
    jobs,
    games,
    seamless,
    tayaSlot,
    jackpot,
    agents,
    content,
    support,
    points,
    vip,
    promotions,
    missions,
    redEnvelopes,
    referral,
    lottery,
  });
  // The pools' first seeds, from the house, once per database (later starts move nothing).
  app.addHook('onReady', () => jackpot.seedPools());
  registerJackpotRoutes(app, jackpot);
  registerAgentRoutes(app, agents, {
    pointsDetail: (member, query) => points.detail(member, query),
  });
  registerPointsRoutes(app, points);
  registerContentRoutes(app, content, {
    captcha: (req, answer) => captcha.check(req.cookies[CAPTCHA_COOKIE], answer),
  });

  registerSupportRoutes(app, support);
  registerVipRoutes(app, vip);
  registerPromotionRoutes(app, promotions);
  registerRedEnvelopeRoutes(app, redEnvelopes);
  registerReferralRoutes(app, referral);
  registerMissionRoutes(app, missions);
  registerLotteryRoutes(app, lottery, lotteryFeed);
  if (resultFeed) registerResultFeedSandboxRoutes(app, resultFeed);
  app.addHook('onClose', () => lotteryFeed.stop());

  registerSystemRoutes(app, system, { geoCountryHeader: config.geoCountryHeader });
  registerWalletRoutes(app, wallet, system, {
    agentContracts: (agent) => agents.consolidatedContracts(agent),
  });
  await registerUploadRoutes(app, uploads);
  await registerSeamlessRoutes(app, seamless);
  registerGameRoutes(app, {
    games,
    slot: tayaSlot,
    demo: new TayaDemo(database.db, tayaSlot),
    identity,
  });
  registerCashierRoutes(app, cashier, { production, sandboxSecret });
  registerIdentityRoutes(
    app,
    { identity, captcha, system, sealed, db: database.db },
    { production, secureCookies: config.publicUrl.startsWith('https:') },
  );
  registerSecurityRoutes(app, security);
  registerAuthenticatorRoutes(app, authenticator);

  const indexFile = path.join(config.webDist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' || req.method === 'HEAD';
    if (wantsPage && indexHtml !== null && !isApiPath(req.url)) {
      // The web app's own router handles every non-API path.
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    return notFoundEnvelope(req, reply);
  });

  return app;
}
