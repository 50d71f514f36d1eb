import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  cannedReplyCreateBodySchema,
  cannedReplyDeleteBodySchema,
  cannedReplyListQuerySchema,
  cannedReplyListSchema,
  cannedReplySchema,
  cannedReplyUpdateBodySchema,
  chatOpsSummarySchema,
  supportClaimBodySchema,
  supportOperatorListSchema,
  supportOperatorsQuerySchema,
  supportTransferBodySchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { addRoute } from '../../platform/http';
import type { Principal } from '../../platform/auth/sessions';
import { requireMerchantScope } from '../../platform/principal';
import type { SupportService } from './service';

const idParams = z.strictObject({ id: z.uuid() });

/**
 * The desk's routes: claiming and transferring chats (pushed to the merchant's desks as an
 * `assigned` event), the operators a chat may go to, and the merchant's canned replies. Reads
 * need `support.read`, writes `support.write`; every write leaves one audit row.
 */
export function registerSupportDeskRoutes(
  app: FastifyInstance,
  support: SupportService,
  inScope: (principal: Principal | null, chatId: string) => Promise<void>,
): void {
  const desk = support.desk;

  addRoute(app, {
    method: 'POST',
    url: '/ops/support/chats/:id/claim',
    access: ['operator'],
    permission: 'support.write',
    params: idParams,
    body: supportClaimBodySchema,
    response: chatOpsSummarySchema,
    handler: async ({ params, body, principal, req }) => {
      await inScope(principal, params.id);
      const done = await desk.claim(params.id, principal!.subjectId, body.takeOver === true);
      noteAudit(req, {
        action: body.takeOver ? 'support.chat.take_over' : 'support.chat.claim',
        merchantCode: done.chat.merchantCode,
        targetType: 'chat',
        targetId: params.id,
        before: done.before,
        after: { assigneeId: done.chat.assigneeId },
        reason: body.reason ?? null,
      });
      return done.chat;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/support/chats/:id/transfer',
    access: ['operator'],
    permission: 'support.write',
    params: idParams,
    body: supportTransferBodySchema,
    response: chatOpsSummarySchema,
    handler: async ({ params, body, principal, req }) => {
      await inScope(principal, params.id);
      const merchantCode = await support.chatMerchant(params.id);
      if (!merchantCode) await support.find(params.id);
      const done = await desk.transfer(params.id, merchantCode!, body.operatorId);
      noteAudit(req, {
        action: 'support.chat.transfer',
        merchantCode: done.chat.merchantCode,
        targetType: 'chat',
        targetId: params.id,
        before: done.before,
        after: { assigneeId: done.chat.assigneeId },
        reason: body.reason,
      });
      return done.chat;
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/support/operators',
    access: ['operator'],
    permission: 'support.read',
    query: supportOperatorsQuerySchema,
    response: supportOperatorListSchema,
    handler: async ({ query, principal }) => {
      requireMerchantScope(principal, query.merchantCode);
      return { list: await desk.operators(query.merchantCode) };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/support/canned-replies',
    access: ['operator'],
    permission: 'support.read',
    query: cannedReplyListQuerySchema,
    response: cannedReplyListSchema,
    handler: async ({ query, principal }) => {
      requireMerchantScope(principal, query.merchantCode);
      return { list: await desk.cannedReplies(query.merchantCode) };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/support/canned-replies',
    access: ['operator'],
    permission: 'support.write',
    body: cannedReplyCreateBodySchema,
    response: cannedReplySchema,
    handler: async ({ body, principal, req }) => {
      requireMerchantScope(principal, body.merchantCode);
      const created = await desk.createCanned({
        merchantCode: body.merchantCode,
        title: body.title,
        body: body.body,
      });
      noteAudit(req, {
        action: 'support.canned.create',
        merchantCode: created.merchantCode,
        targetType: 'canned_reply',
        targetId: created.id,
        before: null,
        after: { title: created.title, body: created.body },
        reason: body.reason,
      });
      return created;
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/support/canned-replies/:id',
    access: ['operator'],
    permission: 'support.write',
    params: idParams,
    body: cannedReplyUpdateBodySchema,
    response: cannedReplySchema,
    handler: async ({ params, body, principal, req }) => {
      const existing = await desk.cannedReply(params.id);
      requireMerchantScope(principal, existing.merchantCode);
      const updated = await desk.updateCanned(params.id, { title: body.title, body: body.body });
      noteAudit(req, {
        action: 'support.canned.update',
        merchantCode: existing.merchantCode,
        targetType: 'canned_reply',
        targetId: params.id,
        before: { title: existing.title, body: existing.body },
        after: { title: updated.title, body: updated.body },
        reason: body.reason,
      });
      return updated;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/support/canned-replies/:id/delete',
    access: ['operator'],
    permission: 'support.write',
    params: idParams,
    body: cannedReplyDeleteBodySchema,
    response: z.object({ id: z.string() }),
    handler: async ({ params, body, principal, req }) => {
      const existing = await desk.cannedReply(params.id);
      requireMerchantScope(principal, existing.merchantCode);
      await desk.deleteCanned(params.id);
      noteAudit(req, {
        action: 'support.canned.delete',
        merchantCode: existing.merchantCode,
        targetType: 'canned_reply',
        targetId: params.id,
        before: { title: existing.title, body: existing.body },
        after: null,
        reason: body.reason,
      });
      return { id: params.id };
    },
  });
}
