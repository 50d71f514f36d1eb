import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  announcementListSchema,
  announcementQuerySchema,
  feedbackBodySchema,
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
import { registerContentOpsRoutes } from './ops-routes';
import type { ContentService } from './service';

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
    method: 'GET',
    url: '/wps/system/helpCenter',
    access: 'public',
    query: helpCenterQuerySchema,
    response: helpCenterSchema,
    handler: ({ query, principal, req }) =>
      content.helpCenter(callerMerchant(principal, req), query.lang),
  });

  registerArticleRoutes(app, content.articles);
  registerContentOpsRoutes(app, content, content.ops);
}
