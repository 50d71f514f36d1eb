import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { and, desc, eq } from 'drizzle-orm';
import {
  changePasswordBodySchema,
  captchaValueSchema,
  loginBodySchema,
  loginValueSchema,
  loginVerificationMethods,
  memberInfoSchema,
  publicKeySchema,
  sessionEntrySchema,
  setIconBodySchema,
  registerBodySchema,
  requestHeaders,
  opsReason,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import type { Db } from '../../platform/db';
import type { SealedRequests } from '../../platform/sealed';
import type { BackgroundTasks } from '../../platform/background';
import { providerOutbox } from '../../platform/providers/schema';
import type { SystemService } from '../system';
import type { CaptchaService } from './captcha';
import { describeDevice, header } from './device';
import type { ChangeOrigin } from './changes';
import type { ClientContext, IdentityService } from './service';

export const CAPTCHA_COOKIE = 'taya_captcha';

const done = z.object({ done: z.literal(true) });
const dialing = z.string().regex(/^\+?\d{1,4}$/, 'a country dialing code such as +63');
const mobile = z
  .string()
  .trim()
  .regex(/^[0-9 ]{6,20}$/, 'digits only');
const newPassword = z.string().trim().min(1).max(128);

/** The caller's own change, for the account's change record. */
export function changeOrigin(req: FastifyRequest): ChangeOrigin {
  return {
    actorId: req.principal!.subjectId,
    ip: req.ip,
    device: describeDevice(req) ?? null,
  };
}

export interface IdentityRouteOptions {
  production: boolean;
  secureCookies: boolean;
}

export function registerIdentityRoutes(
  app: FastifyInstance,
  deps: {
    identity: IdentityService;
    captcha: CaptchaService;
    system: SystemService;
    sealed: SealedRequests;
    background: BackgroundTasks;
    db: Db;
  },
  options: IdentityRouteOptions,
): void {
  const { identity, captcha, system } = deps;

  addRoute(app, {
    method: 'GET',
    url: '/wps/session/key/rsa',
    access: 'public',
    response: publicKeySchema,
    handler: async () => deps.sealed.publicKey(),
  });

  const client = async (req: FastifyRequest): Promise<ClientContext> => {
    const merchant = await system.merchantFor(header(req, requestHeaders.merchant), req.host);
    return {
      ip: req.ip,
      merchantCode: merchant.merchantCode,
      device: describeDevice(req),
      captchaId: req.cookies[CAPTCHA_COOKIE],
      host: req.host,
    };
  };

  addRoute(app, {
    method: 'GET',
    url: '/wps/captcha',
    access: 'public',
    response: captchaValueSchema,
    handler: async ({ req, reply }) => {
      const { id, png } = await captcha.issue(req.ip);
      reply.setCookie(CAPTCHA_COOKIE, id, {
        path: '/wps',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: 300,
      });
      reply.header('cache-control', 'no-store');
      return png.toString('base64');
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/session/login',
    access: 'public',
    sealed: true,
    body: loginBodySchema,
    response: loginValueSchema,
    handler: async ({ body, req }) => identity.login(body, await client(req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/session/login/verification/code',
    access: 'public',
    body: z.strictObject({ challengeId: z.uuid(), method: z.enum(['sms', 'email']) }),
    response: z.object({ expiredMinutes: z.number().int(), destination: z.string() }),
    handler: async ({ body, req }) =>
      identity.sendLoginVerification(body.challengeId, body.method, await client(req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/session/login/verification',
    access: 'public',
    sealed: true,
    body: z.strictObject({
      challengeId: z.uuid(),
      method: z.enum(loginVerificationMethods),
      // A code (SMS, e-mail, authenticator or recovery) or, for bank_name, the account name.
      verificationCode: z.string().trim().min(1).max(100),
    }),
    response: loginValueSchema,
    handler: async ({ body, req }) => identity.completeLoginVerification(body, await client(req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/session/login/freeplay',
    access: 'public',
    response: loginValueSchema,
    handler: async ({ req }) => identity.freePlay(await client(req)),
  });

  for (const method of ['DELETE', 'POST'] as const) {
    addRoute(app, {
      method,
      url: '/wps/session/logout',
      access: ['trial', 'member', 'agent', 'operator'],
      duringPasswordChange: true,
      response: done,
      handler: async ({ principal }) => {
        await identity.logout(principal!.sessionId);
        return { done: true as const };
      },
    });
  }

  // The app download QR code signs another device in with a one-time ticket, never the token.
  addRoute(app, {
    method: 'POST',
    url: '/wps/session/ticket',
    access: ['member', 'agent'],
    response: z.object({ ticket: z.string(), expiresInSeconds: z.number().int() }),
    handler: ({ principal }) => identity.issueTicket(principal!.subjectId, principal!.sessionId),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/session/ticket/exchange',
    access: 'public',
    body: z.strictObject({ ticket: z.string().min(20).max(100) }),
    response: loginValueSchema,
    handler: async ({ body, req }) => identity.exchangeTicket(body.ticket, await client(req)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/info',
    access: ['trial', 'member', 'agent'],
    duringPasswordChange: true,
    response: memberInfoSchema,
    handler: ({ principal }) => identity.memberInfo(principal!.subjectId),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/wps/member/info/icon',
    access: ['member', 'agent'],
    body: setIconBodySchema,
    response: done,
    handler: async ({ body, principal, req }) => {
      await identity.setIcon(principal!.subjectId, body.icon, changeOrigin(req));
      return { done: true as const };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/sessions',
    access: ['member', 'agent'],
    response: z.array(sessionEntrySchema),
    handler: ({ principal }) => identity.sessionsOf(principal!.subjectId, principal!.sessionId),
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/wps/member/sessions/:id',
    access: ['member', 'agent'],
    params: z.strictObject({ id: z.uuid() }),
    response: done,
    handler: async ({ params, principal, req }) => {
      await identity.revokeSession(principal!.subjectId, params.id, changeOrigin(req));
      return { done: true as const };
    },
  });

  for (const byMobile of [false, true]) {
    addRoute(app, {
      method: 'PUT',
      url: byMobile ? '/wps/member/register/mobile' : '/wps/member/register',
      access: 'public',
      sealed: true,
      body: registerBodySchema,
      response: loginValueSchema,
      status: 201,
      handler: async ({ body, req }) => identity.register(body, byMobile, await client(req)),
    });
  }

  addRoute(app, {
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    access: 'public',
    body: z.strictObject({ mobileNum: mobile, countryDialingCode: dialing.optional() }),
    response: z.object({ expiredMinutes: z.number().int() }),
    handler: async ({ body, req }) =>
      identity.sendSmsCode('login', body.mobileNum, body.countryDialingCode, await client(req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/verification/sms/register',
    access: 'public',
    body: z.strictObject({
      mobileNo: mobile,
      countryDialingCode: dialing.optional(),
      regType: z.string().max(20).optional(),
    }),
    response: z.object({ expiredMinutes: z.number().int() }),
    handler: async ({ body, req }) =>
      identity.sendSmsCode('register', body.mobileNo, body.countryDialingCode, await client(req)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/agent/affiliate',
    access: 'public',
    query: z.strictObject({
      code: z.string().trim().min(1).max(40),
      domain: z.string().max(255).optional(),
    }),
    response: z.boolean(),
    handler: async ({ query, req }) =>
      identity.checkAffiliate((await client(req)).merchantCode, query.code),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/wps/member/password',
    access: ['member', 'agent'],
    duringPasswordChange: true,
    sealed: true,
    body: changePasswordBodySchema,
    response: done,
    handler: async ({ body, principal, req }) => {
      await identity.changePassword(
        principal!.subjectId,
        principal!.sessionId,
        body,
        changeOrigin(req),
      );
      return { done: true as const };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/member/password/email',
    access: 'public',
    body: z.strictObject({ username: z.string().trim().min(1).max(64), email: z.email().max(100) }),
    response: done,
    handler: async ({ body, req }) => {
      await identity.forgotByEmail(
        (await client(req)).merchantCode,
        body.username,
        body.email,
        (task) => deps.background.afterResponse(req, 'password-reset-email', task),
      );
      return { done: true as const };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/member/password/reset',
    access: 'public',
    sealed: true,
    body: z.strictObject({
      token: z.string().min(20).max(100),
      newPassword,
      confirmNewPassword: newPassword,
    }),
    response: done,
    handler: async ({ body }) => {
      await identity.resetByToken(body.token, body.newPassword, body.confirmNewPassword);
      return { done: true as const };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/member/password/verification',
    access: 'public',
    sealed: true,
    body: z.strictObject({
      mobileNum: mobile,
      countryDialingCode: dialing.optional(),
      verificationCode: z.string().trim().min(1).max(255),
      newPassword,
    }),
    response: loginValueSchema,
    handler: async ({ body, req }) => identity.resetByPhone(body, await client(req)),
  });

  // Operator: disables an account; its site sessions, launch tokens and vendor sessions end now.
  addRoute(app, {
    method: 'POST',
    url: '/ops/accounts/disable',
    access: ['operator'],
    permission: 'players.write',
    body: z.strictObject({ accountId: z.string().min(1).max(80), reason: opsReason }),
    response: done,
    handler: async ({ body }) => {
      await identity.disableAccount(body.accountId);
      return { done: true as const };
    },
  });

  if (!options.production) {
    // Outside production only: what the sandbox providers "sent", so a person or a test can
    // read an SMS code, an e-mail link or a captcha answer.
    addRoute(app, {
      method: 'GET',
      url: '/dev/outbox',
      access: 'public',
      query: z.strictObject({
        destination: z.string().min(1).max(200),
        channel: z.enum(['sms', 'email', 'captcha']).optional(),
      }),
      response: z.array(
        z.object({
          channel: z.string(),
          destination: z.string(),
          subject: z.string().nullable(),
          body: z.string(),
          createdAt: z.string(),
        }),
      ),
      handler: async ({ query }) => {
        const rows = await deps.db
          .select()
          .from(providerOutbox)
          .where(
            and(
              eq(providerOutbox.destination, query.destination),
              ...(query.channel ? [eq(providerOutbox.channel, query.channel)] : []),
            ),
          )
          .orderBy(desc(providerOutbox.createdAt))
          .limit(20);
        return rows.map((r) => ({
          channel: r.channel,
          destination: r.destination,
          subject: r.subject,
          body: r.body,
          createdAt: r.createdAt.toISOString(),
        }));
      },
    });
  }
}
