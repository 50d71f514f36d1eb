import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  announcementListSchema,
  announcementQuerySchema,
  announcementTypes,
  feedbackBodySchema,
  helpArticleBodySchema,
  helpCenterQuerySchema,
  helpCenterSchema,
  messagePageSchema,
  messageQuerySchema,
  noticeListSchema,
  unreadCountSchema,
} from '@taya/contracts';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import { callerMerchant } from '../../platform/principal';
import { registerArticleRoutes } from './articles-routes';
import type { ContentService } from './service';

/** Text per language: at least English, each at most `max` characters. */
const localised = (max: number) =>
  z
    .record(z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/), z.string().trim().min(1).max(max))
    .refine((t) => typeof t.en === 'string', 'English (en) is required');

export function registerContentRoutes(
  app: FastifyInstance,
  content: ContentService,
  deps: {
    /** Checks a captcha answer against the one bound to this browser (one try). */
    captcha: (req: FastifyRequest, answer: string) => Promise<boolean>;
  },
): void {
  // The feedback form: visitors and players, behind a captcha.
  addRoute(app, {
    method: 'PUT',
    url: '/wps/feedback',
    access: 'public',
    body: feedbackBodySchema,
    response: z.object({ id: z.string() }),
    handler: async ({ body, principal, req }) => {
      if (!(await deps.captcha(req, body.captcha))) {
        throw new AppError('captcha_invalid', undefined, [
          { path: 'captcha', code: 'invalid', message: 'The captcha is wrong or has expired' },
        ]);
      }
      const merchant = callerMerchant(principal, req);
      return content.addFeedback({
        merchantCode: await content.merchantCode(merchant),
        accountId: principal && principal.role !== 'operator' ? principal.subjectId : null,
        sender: body.sender,
        type: body.type,
        content: body.content,
        ip: req.ip,
      });
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/content/feedback',
    access: ['operator'],
    permission: 'content.read',
    query: z.strictObject({
      merchantCode: z.string().max(32),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      size: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.object({
      list: z.array(
        z.object({
          id: z.string(),
          accountId: z.string().nullable(),
          sender: z.string(),
          type: z.number().int(),
          content: z.string(),
          createdAt: z.string(),
        }),
      ),
      hasMore: z.boolean(),
    }),
    handler: ({ query }) => content.feedbackList(query.merchantCode, query.page, query.size),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/system/notices',
    access: 'public',
    query: z.strictObject({ language: z.string().max(10).optional() }),
    response: noticeListSchema,
    handler: ({ query, principal, req }) =>
      content.notices(callerMerchant(principal, req), query.language),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/MCSFE_getListAnnouncements',
    access: 'public',
    query: announcementQuerySchema,
    response: announcementListSchema,
    handler: ({ query, principal, req }) =>
      content.announcements(
        callerMerchant(principal, req),
        query,
        principal !== null && principal.role !== 'trial',
      ),
  });

  // The first picture of a banner group, for the page the server sends before the app runs
  // (the web app's first-answers shell): a redirect to the image a visitor's carousel opens on.
  const bannerGroupParams = z.strictObject({ group: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
  app.get(
    '/wps/content/banners/:group/first-image',
    { config: { access: 'public' } },
    async (req, reply) => {
      const parsed = bannerGroupParams.safeParse(req.params);
      if (!parsed.success) throw new AppError('not_found', 'No such banner group');
      const list = await content.announcements(
        callerMerchant(req.principal ?? null, req),
        { types: 'B', platform: 'W', execution: 'B' },
        false,
      );
      const image = list.banners.find(
        (banner) => banner.groupName === parsed.data.group && banner.announcementImages[0],
      )?.announcementImages[0];
      if (!image) throw new AppError('not_found', 'The group has no banner with a picture');
      return reply.header('cache-control', 'no-cache').redirect(image, 302);
    },
  );

  // Member messages: members and agents read their own.
  const me = (p: { subjectId: string; merchantCode: string } | null) => ({
    accountId: p!.subjectId,
    merchantCode: p!.merchantCode,
  });
  addRoute(app, {
    method: 'GET',
    url: '/wps/member/messages',
    access: ['member', 'agent'],
    query: messageQuerySchema,
    response: messagePageSchema,
    handler: ({ query, principal }) => content.messages(me(principal), query),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/member/messages/:id/read',
    access: ['member', 'agent'],
    params: z.strictObject({ id: z.uuid() }),
    response: unreadCountSchema,
    handler: ({ params, principal }) => content.markRead(me(principal), params.id),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/CSP_unreadCount',
    access: ['member', 'agent'],
    response: unreadCountSchema,
    handler: async ({ principal }) => ({ count: await content.unreadCount(me(principal)) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/content/messages',
    access: ['operator'],
    permission: 'content.write',
    body: z.strictObject({
      merchantCode: z.string().max(32),
      /** One member, or null for every member. */
      accountId: z.string().min(1).max(80).nullable(),
      title: localised(120),
      content: localised(5000),
    }),
    response: z.object({ id: z.string() }),
    handler: ({ body, principal }) => content.sendMessage(`operator:${principal!.subjectId}`, body),
  });

  // Operator: new content (the console's editor comes later).
  addRoute(app, {
    method: 'POST',
    url: '/ops/content/notices',
    access: ['operator'],
    permission: 'content.write',
    body: z.strictObject({
      merchantCode: z.string().max(32),
      title: localised(120),
      content: localised(2000),
      marquee: z.boolean().default(true),
      sort: z.number().int().min(0).max(10_000).optional(),
      startsAt: z.iso.datetime({ offset: true }).optional(),
      endsAt: z.iso.datetime({ offset: true }).optional(),
    }),
    response: z.object({ id: z.string() }),
    handler: ({ body, principal }) => content.addNotice(`operator:${principal!.subjectId}`, body),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/content/announcements',
    access: ['operator'],
    permission: 'content.write',
    body: z.strictObject({
      merchantCode: z.string().max(32),
      type: z.enum(announcementTypes),
      platform: z.enum(['W', 'M']).nullable().default(null),
      execution: z.enum(['A', 'B', 'F']),
      groupName: z.string().max(40).nullable().default(null),
      title: localised(120),
      content: localised(5000),
      promotionType: z.string().max(40).nullable().default(null),
      linkageType: z.enum(['NONE', 'URL', 'GAME', 'PROMOTION']).default('NONE'),
      url: z
        .string()
        .max(500)
        .regex(/^(\/|https:\/\/)/, 'a site path or an https address')
        .nullable()
        .default(null),
      images: z
        .array(
          z
            .string()
            .max(500)
            .regex(/^(\/|https:\/\/)/, 'a site path or an https address'),
        )
        .max(5)
        .default([]),
      sort: z.number().int().min(0).max(10_000).default(0),
      startsAt: z.iso.datetime({ offset: true }).optional(),
      endsAt: z.iso.datetime({ offset: true }).optional(),
    }),
    response: z.object({ id: z.string() }),
    handler: ({ body, principal }) =>
      content.addAnnouncement(`operator:${principal!.subjectId}`, body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/system/helpCenter',
    access: 'public',
    query: helpCenterQuerySchema,
    response: helpCenterSchema,
    handler: ({ query, principal, req }) =>
      content.helpCenter(callerMerchant(principal, req), query.lang),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/content/help-articles',
    access: ['operator'],
    permission: 'content.write',
    body: helpArticleBodySchema,
    response: z.object({ id: z.string() }),
    handler: ({ body, principal }) =>
      content.saveHelpArticle(`operator:${principal!.subjectId}`, body),
  });

  registerArticleRoutes(app, content.articles);
}
