import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  chatClientFrameSchema,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatLaunchBodySchema,
  chatLaunchResultSchema,
  chatMessageSchema,
  chatModelListSchema,
  chatOpsListQuerySchema,
  chatOpsListSchema,
  chatOpsMessagesQuerySchema,
  chatOpsMessagesSchema,
  chatOpsSendBodySchema,
  chatOpsSummarySchema,
  chatOperatorMessageSchema,
  chatPolicyViolation,
  chatSendBodySchema,
  chatSocketQuerySchema,
  errorCatalogue,
  supportWsQuerySchema,
  supportWsTicketSchema,
  type ChatServerFrame,
} from '@taya/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { addRoute, requestToken, zodIssues } from '../../platform/http';
import { heartbeat, sendFrame, type LiveSocket } from '../../platform/live-socket';
import type { Principal } from '../../platform/auth/sessions';
import { callerMerchant, mayTouchMerchant, requireMerchantScope } from '../../platform/principal';
import { chatTopic, merchantTopic, type ChatEvent } from './hub';
import { forPlayer, type SupportService } from './service';
import type { WsTickets } from './tickets';
import { registerSupportDeskRoutes } from './desk-routes';

/** The part of a `ws` socket the chat uses: a live socket that also receives. */
interface Socket extends LiveSocket {
  on(
    event: 'message',
    listener: (data: Buffer | ArrayBuffer | Buffer[], binary: boolean) => void,
  ): void;
  on(event: 'close' | 'pong', listener: () => void): void;
}

/** Socket messages a player may send in `floodWindowMs`. */
const floodLimit = 20;
const floodWindowMs = 10_000;

function send(socket: Socket, frame: ChatServerFrame | Record<string, unknown>): void {
  sendFrame(socket, frame);
}

function errorFrame(err: unknown, clientId?: string): ChatServerFrame {
  const e =
    err instanceof AppError
      ? err
      : new AppError('internal_error', errorCatalogue.internal_error.message);
  return {
    type: 'error',
    ...(clientId ? { clientId } : {}),
    errorCode: e.code,
    message: e.message,
    ...(e.fields && e.fields.length > 0 ? { fields: e.fields } : {}),
  };
}

function text(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

export function registerSupportRoutes(
  app: FastifyInstance,
  support: SupportService,
  tickets: WsTickets,
): void {
  const merchantOf = (req: FastifyRequest) => callerMerchant(req.principal, req);
  const resolveMerchant = async (req: FastifyRequest) =>
    (await app.services.system.merchantFor(merchantOf(req), undefined)).merchantCode;

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/CBS_modelList',
    access: 'public',
    response: chatModelListSchema,
    handler: async ({ req }) => support.models(await resolveMerchant(req)),
  });

  // Launching opens a chat: a few a minute per client is plenty.
  app.register(async (limited) => {
    limited.addHook(
      'onRequest',
      limited.rateLimit({
        max: 10,
        timeWindow: 60_000,
        keyGenerator: (req) =>
          req.principal && req.principal.role !== 'trial'
            ? `chat-launch:${req.principal.subjectId}`
            : `chat-launch:${req.ip}`,
      }),
    );
    addRoute(limited, {
      method: 'POST',
      url: '/wps/relay/CBS_launchChat',
      access: 'public',
      body: chatLaunchBodySchema,
      response: chatLaunchResultSchema,
      handler: async ({ body, principal, req }) => {
        // Trial players and visitors chat without an account; members and agents as themselves.
        const accountId =
          principal && (principal.role === 'member' || principal.role === 'agent')
            ? principal.subjectId
            : null;
        const { chatUrl } = await support.launch({
          merchantCode: await resolveMerchant(req),
          accountId,
          modelId: body.modelId,
        });
        return { chatUrl };
      },
    });
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/support/chat/messages',
    access: 'public',
    query: chatHistoryQuerySchema,
    response: chatHistorySchema,
    handler: async ({ query }) => {
      const session = await support.open(query.session, query.key);
      return support.history(session, query.afterSeq);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/support/chat/messages',
    access: 'public',
    body: chatSendBodySchema,
    response: chatMessageSchema,
    handler: async ({ body }) => {
      const session = await support.open(body.session, body.key);
      if (session.status !== 'open') throw new AppError('chat_closed');
      return forPlayer(await support.post(session.id, support.playerOf(session), body.body));
    },
  });

  // The player's socket: history on connect, then messages both ways.
  app.get(
    '/ws/chat',
    { websocket: true, config: { access: 'public', rateLimit: false } },
    (socket: Socket, req) => {
      const socketId = randomUUID();
      let chatId: string | null = null;
      let actor: ReturnType<SupportService['playerOf']> | null = null;
      let unsubscribe: (() => void) | null = null;
      let queue = Promise.resolve();
      const sent: number[] = [];
      const stopHeartbeat = heartbeat(socket);
      socket.on('close', () => {
        stopHeartbeat();
        unsubscribe?.();
      });

      const ready = (async () => {
        const query = chatSocketQuerySchema.safeParse(req.query);
        if (!query.success) return false;
        const session = await support.open(query.data.session, query.data.key).catch(() => null);
        if (!session) return false;
        if (session.status !== 'open') return 'closed' as const;
        chatId = session.id;
        actor = support.playerOf(session);
        // Listen first, so that nothing sent while the history loads is missed.
        const early: ChatEvent[] = [];
        let live = false;
        const deliver = (event: ChatEvent) => {
          if (event.type === 'closed') {
            send(socket, { type: 'closed' });
            return socket.close(chatPolicyViolation, 'chat_closed');
          }
          if (event.type !== 'message') return;
          // The socket a message came from has its ack.
          if (event.origin !== socketId) {
            send(socket, { type: 'message', message: forPlayer(event.message) });
          }
        };
        unsubscribe = support.hub.subscribe(chatTopic(session.id), (event) =>
          live ? deliver(event) : early.push(event),
        );
        const history = await support.history(session);
        send(socket, { type: 'history', status: history.status, messages: history.messages });
        const newest = history.messages.at(-1)?.seq ?? 0;
        live = true;
        for (const event of early) {
          if (event.type !== 'message' || event.message.seq > newest) deliver(event);
        }
        return true;
      })();

      ready
        .then((ok) => {
          if (ok !== true) {
            socket.close(chatPolicyViolation, ok === 'closed' ? 'chat_closed' : 'unknown_chat');
          }
        })
        .catch((err: unknown) => {
          req.log.error({ err: { type: (err as Error)?.name } }, 'chat socket failed');
          socket.close(1011, 'internal_error');
        });

      socket.on('message', (data) => {
        queue = queue.then(async () => {
          if ((await ready) !== true || !chatId || !actor) return;
          let frame: unknown;
          try {
            frame = JSON.parse(text(data));
          } catch {
            return send(socket, errorFrame(new AppError('invalid_json')));
          }
          const clientId =
            typeof (frame as { clientId?: unknown })?.clientId === 'string'
              ? ((frame as { clientId: string }).clientId.slice(0, 64) as string)
              : undefined;
          const now = Date.now();
          while (sent.length > 0 && now - sent[0]! > floodWindowMs) sent.shift();
          if (sent.length >= floodLimit) {
            return send(socket, errorFrame(new AppError('TOO_MANY_REQUESTS'), clientId));
          }
          const parsed = chatClientFrameSchema.safeParse(frame);
          if (!parsed.success) {
            const fields = zodIssues(parsed.error);
            const names = [...new Set(fields.map((f) => f.path))].join(', ');
            return send(
              socket,
              errorFrame(
                new AppError('request_param_err', `Invalid message: ${names}`, fields),
                clientId,
              ),
            );
          }
          sent.push(now);
          try {
            const message = await support.post(chatId, actor, parsed.data.body, socketId);
            send(socket, {
              type: 'ack',
              clientId: parsed.data.clientId,
              message: forPlayer(message),
            });
          } catch (err) {
            send(socket, errorFrame(err, parsed.data.clientId));
            if (err instanceof AppError && err.code === 'chat_closed') {
              socket.close(chatPolicyViolation, 'chat_closed');
            }
          }
        });
      });
    },
  );

  // Operators: the chats of a merchant, reading, answering and closing them.
  addRoute(app, {
    method: 'GET',
    url: '/ops/support/chats',
    access: ['operator'],
    permission: 'support.read',
    query: chatOpsListQuerySchema,
    response: chatOpsListSchema,
    handler: ({ query, principal }) =>
      support.list(query.merchantCode, query.status, query.assigned, principal!.subjectId),
  });

  const chatParams = z.strictObject({ id: z.uuid() });
  /** A chat of a merchant outside the operator's scope is refused before it is read. */
  const inScope = async (principal: Principal | null, chatId: string) => {
    const merchantCode = await support.chatMerchant(chatId);
    if (merchantCode) requireMerchantScope(principal, merchantCode);
  };

  addRoute(app, {
    method: 'GET',
    url: '/ops/support/chats/:id/messages',
    access: ['operator'],
    permission: 'support.read',
    params: chatParams,
    query: chatOpsMessagesQuerySchema,
    response: chatOpsMessagesSchema,
    handler: async ({ params, query, principal }) => {
      await inScope(principal, params.id);
      return support.operatorMessages(params.id, query.afterSeq);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/support/chats/:id/messages',
    access: ['operator'],
    permission: 'support.write',
    params: chatParams,
    body: chatOpsSendBodySchema,
    response: chatOperatorMessageSchema,
    handler: async ({ params, body, principal }) => {
      await inScope(principal, params.id);
      return support.post(params.id, { role: 'operator', id: principal!.subjectId }, body.body);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/support/chats/:id/close',
    access: ['operator'],
    permission: 'support.write',
    params: chatParams,
    response: chatOpsSummarySchema,
    handler: async ({ params, principal }) => {
      await inScope(principal, params.id);
      return support.close(params.id, `operator:${principal!.subjectId}`);
    },
  });

  registerSupportDeskRoutes(app, support, inScope);

  // A browser cannot set headers on a socket: it trades its session for a ticket first.
  addRoute(app, {
    method: 'POST',
    url: '/ops/support/ws-ticket',
    access: ['operator'],
    permission: 'support.write',
    response: supportWsTicketSchema,
    handler: async ({ req }) => {
      const { ticket, expiresAt } = await tickets.issue(requestToken(req)!);
      return { ticket, expiresAt: expiresAt.toISOString() };
    },
  });

  // An operator's socket: every message and closing of a merchant's chats, as they happen.
  // It authenticates with the Authorization header or a ticket (`?ticket=`, single use).
  app.get(
    '/ws/ops/support',
    {
      websocket: true,
      config: {
        access: ['operator'],
        permission: 'support.write',
        rateLimit: false,
        tokenFrom: (req) => {
          const ticket = (req.query as { ticket?: unknown } | undefined)?.ticket;
          return typeof ticket === 'string' && ticket.length <= 100 ? tickets.take(ticket) : null;
        },
      },
    },
    (socket: Socket, req) => {
      const stopHeartbeat = heartbeat(socket);
      const query = supportWsQuerySchema.safeParse(req.query);
      if (!query.success || !mayTouchMerchant(req.principal, query.data.merchantCode)) {
        stopHeartbeat();
        return socket.close(chatPolicyViolation, 'merchantCode');
      }
      const unsubscribe = support.hub.subscribe(merchantTopic(query.data.merchantCode), (event) =>
        send(socket, event),
      );
      socket.on('close', () => {
        stopHeartbeat();
        unsubscribe();
      });
    },
  );
}
