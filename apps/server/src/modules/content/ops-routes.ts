import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  opsAnnouncementBody,
  opsAnnouncementPageSchema,
  opsAnnouncementQuery,
  opsAnnouncementSchema,
  opsContentIdParams,
  opsContentLanguagesQuery,
  opsContentLanguagesSchema,
  opsContentReasonBody,
  opsFeedbackPageSchema,
  opsFeedbackQuery,
  opsFeedbackReplyBody,
  opsFeedbackSchema,
  opsHelpArticleBody,
  opsHelpListQuery,
  opsHelpListSchema,
  opsMessageBody,
  opsMessagePageSchema,
  opsMessageQuery,
  opsNoticeBody,
  opsNoticePageSchema,
  opsNoticeQuery,
  opsNoticeSchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { addRoute } from '../../platform/http';
import { requireMerchantScope } from '../../platform/principal';
import type { ContentOpsService } from './ops-service';
import type { ContentService } from './service';

const idOnly = z.object({ id: z.string() });
const actorOf = (p: { subjectId: string } | null) => `operator:${p!.subjectId}`;

/**
 * The console's content calls (`/ops/content/*`): reads need `content.read`, writes
 * `content.write` and a reason; every row loaded by id is checked against the operator's
 * merchant scope, and every write notes its target and change for the audit log.
 */
export function registerContentOpsRoutes(
  app: FastifyInstance,
  content: ContentService,
  ops: ContentOpsService,
): void {
  addRoute(app, {
    method: 'GET',
    url: '/ops/content/languages',
    access: ['operator'],
    permission: 'content.read',
    query: opsContentLanguagesQuery,
    response: opsContentLanguagesSchema,
    handler: ({ query, principal }) => {
      requireMerchantScope(principal, query.merchantCode);
      return ops.languages(query.merchantCode);
    },
  });

  // ---- notices ----
  addRoute(app, {
    method: 'GET',
    url: '/ops/content/notices',
    access: ['operator'],
    permission: 'content.read',
    query: opsNoticeQuery,
    response: opsNoticePageSchema,
    handler: ({ query, principal }) => {
      requireMerchantScope(principal, query.merchantCode);
      return ops.noticePage(query);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/content/notices',
    access: ['operator'],
    permission: 'content.write',
    body: opsNoticeBody,
    response: opsNoticeSchema,
    handler: async ({ body, principal, req }) => {
      requireMerchantScope(principal, body.merchantCode);
      const { reason, ...input } = body;
      const saved = await ops.saveNotice(actorOf(principal), null, input);
      noteAudit(req, {
        action: 'content.notice.create',
        targetType: 'notice',
        targetId: saved.id,
        after: saved,
        reason,
      });
      return saved;
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/content/notices/:id',
    access: ['operator'],
    permission: 'content.write',
    params: opsContentIdParams,
    body: opsNoticeBody,
    response: opsNoticeSchema,
    handler: async ({ params, body, principal, req }) => {
      const before = await ops.notice(params.id);
      requireMerchantScope(principal, before.merchantCode);
      requireMerchantScope(principal, body.merchantCode);
      const { reason, ...input } = body;
      const saved = await ops.saveNotice(actorOf(principal), params.id, {
        ...input,
        merchantCode: before.merchantCode,
      });
      noteAudit(req, {
        action: 'content.notice.update',
        merchantCode: before.merchantCode,
        targetType: 'notice',
        targetId: params.id,
        before,
        after: saved,
        reason,
      });
      return saved;
    },
  });

  for (const action of ['publish', 'unpublish'] as const) {
    addRoute(app, {
      method: 'POST',
      url: `/ops/content/notices/:id/${action}`,
      access: ['operator'],
      permission: 'content.write',
      params: opsContentIdParams,
      body: opsContentReasonBody,
      response: opsNoticeSchema,
      handler: async ({ params, body, principal, req }) => {
        const before = await ops.notice(params.id);
        requireMerchantScope(principal, before.merchantCode);
        const saved = await ops.publishNotice(before, action === 'publish');
        noteAudit(req, {
          action: `content.notice.${action}`,
          merchantCode: before.merchantCode,
          targetType: 'notice',
          targetId: params.id,
          before: { startsAt: before.startsAt, endsAt: before.endsAt },
          after: { startsAt: saved.startsAt, endsAt: saved.endsAt },
          reason: body.reason,
        });
        return saved;
      },
    });
  }

  addRoute(app, {
    method: 'POST',
    url: '/ops/content/notices/:id/delete',
    access: ['operator'],
    permission: 'content.write',
    params: opsContentIdParams,
    body: opsContentReasonBody,
    response: idOnly,
    handler: async ({ params, body, principal, req }) => {
      const before = await ops.notice(params.id);
      requireMerchantScope(principal, before.merchantCode);
      await ops.deleteNotice(before);
      noteAudit(req, {
        action: 'content.notice.delete',
        merchantCode: before.merchantCode,
        targetType: 'notice',
        targetId: params.id,
        before,
        after: null,
        reason: body.reason,
      });
      return { id: params.id };
    },
  });

  // ---- announcements: player announcements, banners, popups, promotions, help ----
  addRoute(app, {
    method: 'GET',
    url: '/ops/content/announcements',
    access: ['operator'],
    permission: 'content.read',
    query: opsAnnouncementQuery,
    response: opsAnnouncementPageSchema,
    handler: ({ query, principal }) => {
      requireMerchantScope(principal, query.merchantCode);
      return ops.announcementPage(query);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/content/announcements',
    access: ['operator'],
    permission: 'content.write',
    body: opsAnnouncementBody,
    response: opsAnnouncementSchema,
    handler: async ({ body, principal, req }) => {
      requireMerchantScope(principal, body.merchantCode);
      const { reason, ...input } = body;
      const saved = await ops.saveAnnouncement(actorOf(principal), null, input);
      noteAudit(req, {
        action: 'content.announcement.create',
        targetType: 'announcement',
        targetId: saved.id,
        after: saved,
        reason,
      });
      return saved;
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/content/announcements/:id',
    access: ['operator'],
    permission: 'content.write',
    params: opsContentIdParams,
    body: opsAnnouncementBody,
    response: opsAnnouncementSchema,
    handler: async ({ params, body, principal, req }) => {
      const before = await ops.announcement(params.id);
      requireMerchantScope(principal, before.merchantCode);
      requireMerchantScope(principal, body.merchantCode);
      const { reason, ...input } = body;
      const saved = await ops.saveAnnouncement(actorOf(principal), params.id, {
        ...input,
        merchantCode: before.merchantCode,
      });
      noteAudit(req, {
        action: 'content.announcement.update',
        merchantCode: before.merchantCode,
        targetType: 'announcement',
        targetId: params.id,
        before,
        after: saved,
        reason,
      });
      return saved;
    },
  });

  for (const action of ['publish', 'unpublish'] as const) {
    addRoute(app, {
      method: 'POST',
      url: `/ops/content/announcements/:id/${action}`,
      access: ['operator'],
      permission: 'content.write',
      params: opsContentIdParams,
      body: opsContentReasonBody,
      response: opsAnnouncementSchema,
      handler: async ({ params, body, principal, req }) => {
        const before = await ops.announcement(params.id);
        requireMerchantScope(principal, before.merchantCode);
        const saved = await ops.publishAnnouncement(before, action === 'publish');
        noteAudit(req, {
          action: `content.announcement.${action}`,
          merchantCode: before.merchantCode,
          targetType: 'announcement',
          targetId: params.id,
          before: { startsAt: before.startsAt, endsAt: before.endsAt },
          after: { startsAt: saved.startsAt, endsAt: saved.endsAt },
          reason: body.reason,
        });
        return saved;
      },
    });
  }

  addRoute(app, {
    method: 'POST',
    url: '/ops/content/announcements/:id/delete',
    access: ['operator'],
    permission: 'content.write',
    params: opsContentIdParams,
    body: opsContentReasonBody,
    response: idOnly,
    handler: async ({ params, body, principal, req }) => {
      const before = await ops.announcement(params.id);
      requireMerchantScope(principal, before.merchantCode);
      await ops.deleteAnnouncement(before);
      noteAudit(req, {
        action: 'content.announcement.delete',
        merchantCode: before.merchantCode,
        targetType: 'announcement',
        targetId: params.id,
        before,
        after: null,
        reason: body.reason,
      });
      return { id: params.id };
    },
  });

  // ---- member messages ----
  addRoute(app, {
    method: 'GET',
    url: '/ops/content/messages',
    access: ['operator'],
    permission: 'content.read',
    query: opsMessageQuery,
    response: opsMessagePageSchema,
    handler: ({ query, principal }) => {
      requireMerchantScope(principal, query.merchantCode);
      return ops.messagePage(query);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/content/messages',
    access: ['operator'],
    permission: 'content.write',
    body: opsMessageBody,
    response: idOnly,
    handler: async ({ body, principal, req }) => {
      requireMerchantScope(principal, body.merchantCode);
      const to = await ops.recipient(body.merchantCode, body);
      const vipLevels = body.vipLevels ? [...body.vipLevels].sort((a, b) => a - b) : null;
      if (vipLevels) await ops.checkRanks(body.merchantCode, vipLevels);
      const sent = await content.sendMessage(actorOf(principal), {
        merchantCode: body.merchantCode,
        accountId: to?.id ?? null,
        vipLevels,
        title: body.title,
        content: body.content,
      });
      noteAudit(req, {
        action: 'content.message.send',
        targetType: 'member_message',
        targetId: sent.id,
        after: {
          to: to ? { id: to.id, username: to.username } : vipLevels ? { vipLevels } : 'everyone',
          title: body.title,
        },
        reason: body.reason,
      });
      return sent;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/content/messages/:id/delete',
    access: ['operator'],
    permission: 'content.write',
    params: opsContentIdParams,
    body: opsContentReasonBody,
    response: idOnly,
    handler: async ({ params, body, principal, req }) => {
      const before = await ops.message(params.id);
      requireMerchantScope(principal, before.merchantCode);
      await ops.deleteMessage(params.id);
      noteAudit(req, {
        action: 'content.message.delete',
        merchantCode: before.merchantCode,
        targetType: 'member_message',
        targetId: params.id,
        before: { accountId: before.accountId, title: before.title, content: before.content },
        after: null,
        reason: body.reason,
      });
      return { id: params.id };
    },
  });

  // ---- feedback ----
  addRoute(app, {
    method: 'GET',
    url: '/ops/content/feedback',
    access: ['operator'],
    permission: 'content.read',
    query: opsFeedbackQuery,
    response: opsFeedbackPageSchema,
    handler: ({ query, principal }) => {
      requireMerchantScope(principal, query.merchantCode);
      return ops.feedbackPage(query);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/content/feedback/:id/reply',
    access: ['operator'],
    permission: 'content.write',
    params: opsContentIdParams,
    body: opsFeedbackReplyBody,
    response: opsFeedbackSchema,
    handler: async ({ params, body, principal, req }) => {
      const before = await ops.feedback(params.id);
      requireMerchantScope(principal, before.merchantCode);
      const saved = await ops.replyToFeedback(actorOf(principal), params.id, body);
      noteAudit(req, {
        action: 'content.feedback.reply',
        merchantCode: before.merchantCode,
        targetType: 'feedback',
        targetId: params.id,
        before: { reply: null },
        after: { title: body.title, reply: body.reply, toMember: before.accountId },
        reason: body.reason,
      });
      return saved;
    },
  });

  // ---- help centre ----
  addRoute(app, {
    method: 'GET',
    url: '/ops/content/help-articles',
    access: ['operator'],
    permission: 'content.read',
    query: opsHelpListQuery,
    response: opsHelpListSchema,
    handler: ({ query, principal }) => {
      requireMerchantScope(principal, query.merchantCode);
      return ops.helpList(query.merchantCode);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/content/help-articles',
    access: ['operator'],
    permission: 'content.write',
    body: opsHelpArticleBody,
    response: idOnly,
    handler: async ({ body, principal, req }) => {
      requireMerchantScope(principal, body.merchantCode);
      const { reason, ...input } = body;
      const before = input.id ? await ops.helpArticle(input.id) : null;
      if (before) requireMerchantScope(principal, before.merchantCode);
      const saved = await content.saveHelpArticle(actorOf(principal), input);
      noteAudit(req, {
        action: before ? 'content.help.update' : 'content.help.create',
        targetType: 'help_article',
        targetId: saved.id,
        before,
        after: { ...input, id: saved.id },
        reason,
      });
      return saved;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/content/help-articles/:id/delete',
    access: ['operator'],
    permission: 'content.write',
    params: opsContentIdParams,
    body: opsContentReasonBody,
    response: idOnly,
    handler: async ({ params, body, principal, req }) => {
      const before = await ops.helpArticle(params.id);
      requireMerchantScope(principal, before.merchantCode);
      await ops.deleteHelpArticle(before, () => content.dropHelpCache(before.merchantCode));
      noteAudit(req, {
        action: 'content.help.delete',
        merchantCode: before.merchantCode,
        targetType: 'help_article',
        targetId: params.id,
        before,
        after: null,
        reason: body.reason,
      });
      return { id: params.id };
    },
  });
}
