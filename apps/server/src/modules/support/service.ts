import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type {
  ChatHistory,
  ChatMessage,
  ChatModelList,
  ChatOperatorMessage,
  ChatOpsSummary,
  ChatRole,
  ChatStatus,
} from '@taya/contracts';
import { AppError, fieldError } from '../../platform/errors';
import type { Db } from '../../platform/db';
import { SupportDesk } from './desk';
import { chatTopic, merchantTopic, type ChatHub } from './hub';
import type { OperatorRosterEntry } from '../operators';
import { chatMessages, chatModels, chatSessions } from './schema';

type SessionRow = typeof chatSessions.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** How many messages one read returns at most. */
export const chatPageSize = 100;

const hashKey = (key: string) => createHash('sha256').update(key).digest();

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    seq: row.seq,
    role: row.senderRole,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

function toOperatorMessage(row: MessageRow): ChatOperatorMessage {
  return { ...toMessage(row), senderId: row.senderId };
}

/** Strips the operator's view of a message down to what a player sees. */
export function forPlayer(message: ChatOperatorMessage): ChatMessage {
  const { senderId: _senderId, ...rest } = message;
  return rest;
}

/** Who is writing: a member (account id), a visitor of one chat, or an operator. */
export interface ChatActor {
  role: ChatRole;
  id: string;
}

/**
 * Live chat between players and the merchant's operators: topics, chats reached by a random
 * access key (only its hash is stored), messages numbered per chat, and delivery through the hub.
 */
export class SupportService {
  /** Assignment of chats and canned replies. */
  readonly desk: SupportDesk;

  constructor(
    private readonly db: Db,
    readonly hub: ChatHub,
    /** The operators (from the operators module), for assignees' names and transfers. */
    readonly roster: () => Promise<OperatorRosterEntry[]>,
  ) {
    this.desk = new SupportDesk(db, this);
  }

  /** The merchant of a chat (null when there is none): the routes check the scope. */
  async chatMerchant(id: string): Promise<string | null> {
    const [row] = await this.db
      .select({ merchantCode: chatSessions.merchantCode })
      .from(chatSessions)
      .where(eq(chatSessions.id, id));
    return row?.merchantCode ?? null;
  }

  async models(merchantCode: string): Promise<ChatModelList> {
    const rows = await this.db
      .select({ id: chatModels.id, name: chatModels.name })
      .from(chatModels)
      .where(and(eq(chatModels.merchantCode, merchantCode), eq(chatModels.enabled, true)))
      .orderBy(asc(chatModels.sort), asc(chatModels.id));
    return { list: rows };
  }

  /**
   * Opens a chat on a topic, or for a member hands back their open chat with a fresh key (the
   * old key stops working: only one hash is kept). Returns the chat page's address.
   */
  async launch(input: {
    merchantCode: string;
    accountId: string | null;
    modelId: string;
  }): Promise<{ chatUrl: string; sessionId: string; key: string }> {
    const [model] = await this.db
      .select({ id: chatModels.id })
      .from(chatModels)
      .where(
        and(
          eq(chatModels.merchantCode, input.merchantCode),
          eq(chatModels.id, input.modelId),
          eq(chatModels.enabled, true),
        ),
      );
    if (!model) throw fieldError('modelId', 'unknown', 'an unknown topic');
    const key = randomBytes(24).toString('base64url');
    const keyHash = hashKey(key).toString('hex');
    const sessionId = await this.db.transaction(async (tx) => {
      if (input.accountId !== null) {
        const [open] = await tx
          .update(chatSessions)
          .set({ keyHash, lastActivityAt: new Date() })
          .where(
            and(
              eq(chatSessions.merchantCode, input.merchantCode),
              eq(chatSessions.accountId, input.accountId),
              eq(chatSessions.status, 'open'),
            ),
          )
          .returning({ id: chatSessions.id });
        if (open) return open.id;
      }
      const id = randomUUID();
      await tx.insert(chatSessions).values({
        id,
        merchantCode: input.merchantCode,
        accountId: input.accountId,
        keyHash,
        modelId: model.id,
      });
      return id;
    });
    const chatUrl = `/chat?session=${sessionId}&key=${encodeURIComponent(key)}`;
    return { chatUrl, sessionId, key };
  }

  /** The chat a key opens; a wrong key and an unknown chat look alike (404). */
  async open(sessionId: string, key: string): Promise<SessionRow> {
    const [row] = await this.db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
    const given = hashKey(key);
    const stored = row ? Buffer.from(row.keyHash, 'hex') : Buffer.alloc(given.length);
    const same = stored.length === given.length && timingSafeEqual(stored, given);
    if (!row || !same) throw new AppError('not_found', 'No such chat');
    return row;
  }

  /** Who writes as the player of a chat. */
  playerOf(session: SessionRow): ChatActor {
    return session.accountId === null
      ? { role: 'visitor', id: session.id }
      : { role: 'member', id: session.accountId };
  }

  private async page(
    sessionId: string,
    afterSeq: number | undefined,
  ): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
    if (afterSeq === undefined) {
      const newest = await this.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, sessionId))
        .orderBy(desc(chatMessages.seq))
        .limit(chatPageSize);
      return { rows: newest.reverse(), hasMore: false };
    }
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionId, sessionId), gt(chatMessages.seq, afterSeq)))
      .orderBy(asc(chatMessages.seq))
      .limit(chatPageSize + 1);
    return { rows: rows.slice(0, chatPageSize), hasMore: rows.length > chatPageSize };
  }

  /** The newest messages of a chat, or those after `afterSeq` (catch-up), oldest first. */
  async history(session: SessionRow, afterSeq?: number): Promise<ChatHistory> {
    const { rows, hasMore } = await this.page(session.id, afterSeq);
    return { status: session.status, messages: rows.map(toMessage), hasMore };
  }

  /** Stores a message of an open chat with the next number, then tells every listener. */
  async post(
    chatId: string,
    actor: ChatActor,
    body: string,
    origin?: string,
  ): Promise<ChatOperatorMessage> {
    const now = new Date();
    const stored = await this.db.transaction(async (tx) => {
      const [session] = await tx
        .update(chatSessions)
        .set({
          lastSeq: sql`${chatSessions.lastSeq} + 1`,
          lastActivityAt: now,
          ...(actor.role === 'operator'
            ? { operatorReadSeq: sql`${chatSessions.lastSeq} + 1` }
            : {}),
        })
        .where(and(eq(chatSessions.id, chatId), eq(chatSessions.status, 'open')))
        .returning({ seq: chatSessions.lastSeq, merchantCode: chatSessions.merchantCode });
      if (!session) {
        const [exists] = await tx
          .select({ id: chatSessions.id })
          .from(chatSessions)
          .where(eq(chatSessions.id, chatId));
        throw exists ? new AppError('chat_closed') : new AppError('not_found', 'No such chat');
      }
      const [row] = await tx
        .insert(chatMessages)
        .values({
          id: randomUUID(),
          sessionId: chatId,
          seq: session.seq,
          senderRole: actor.role,
          senderId: actor.id,
          body,
          createdAt: now,
        })
        .returning();
      return { row: row!, merchantCode: session.merchantCode };
    });
    const message = toOperatorMessage(stored.row);
    this.hub.publish([chatTopic(chatId), merchantTopic(stored.merchantCode)], {
      type: 'message',
      chatId,
      merchantCode: stored.merchantCode,
      message,
      ...(origin ? { origin } : {}),
    });
    return message;
  }

  /** Ends a chat; its sockets are told and later messages are refused. */
  async close(chatId: string, closedBy: string): Promise<ChatOpsSummary> {
    const [row] = await this.db
      .update(chatSessions)
      .set({ status: 'closed', closedAt: new Date(), closedBy })
      .where(and(eq(chatSessions.id, chatId), eq(chatSessions.status, 'open')))
      .returning();
    if (!row) {
      const existing = await this.find(chatId);
      return (await this.summaries([existing]))[0]!;
    }
    this.hub.publish([chatTopic(chatId), merchantTopic(row.merchantCode)], {
      type: 'closed',
      chatId,
      merchantCode: row.merchantCode,
    });
    return (await this.summaries([row]))[0]!;
  }

  /** A chat by id, or `not_found`. */
  async find(chatId: string): Promise<SessionRow> {
    const [row] = await this.db.select().from(chatSessions).where(eq(chatSessions.id, chatId));
    if (!row) throw new AppError('not_found', 'No such chat');
    return row;
  }

  /** The operator's view of chats: last message, unread count, assignee. */
  async summaries(rows: SessionRow[]): Promise<ChatOpsSummary[]> {
    const withMessages = rows.filter((r) => r.lastSeq > 0);
    const last =
      withMessages.length === 0
        ? []
        : await this.db
            .select({ message: chatMessages })
            .from(chatMessages)
            .innerJoin(
              chatSessions,
              and(
                eq(chatSessions.id, chatMessages.sessionId),
                eq(chatSessions.lastSeq, chatMessages.seq),
              ),
            )
            .where(
              inArray(
                chatMessages.sessionId,
                withMessages.map((r) => r.id),
              ),
            );
    const lastBy = new Map(last.map(({ message }) => [message.sessionId, message]));
    const assigneeIds = [
      ...new Set(rows.flatMap((r) => (r.assignedOperatorId ? [r.assignedOperatorId] : []))),
    ];
    const names = assigneeIds.length === 0 ? [] : await this.roster();
    const nameOf = new Map(names.map((n) => [n.id, n.username]));
    return rows.map((r) => {
      const message = lastBy.get(r.id);
      return {
        id: r.id,
        merchantCode: r.merchantCode,
        accountId: r.accountId,
        modelId: r.modelId,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        lastActivityAt: r.lastActivityAt.toISOString(),
        closedAt: r.closedAt?.toISOString() ?? null,
        closedBy: r.closedBy,
        lastMessage: message ? toOperatorMessage(message) : null,
        unread: Math.max(0, r.lastSeq - r.operatorReadSeq),
        assigneeId: r.assignedOperatorId,
        assignee: r.assignedOperatorId ? (nameOf.get(r.assignedOperatorId) ?? null) : null,
      };
    });
  }

  /**
   * A merchant's chats, newest activity first, with the last message and the unread count;
   * `assigned` narrows them to the caller's (`mine`) or to those nobody holds (`unassigned`).
   */
  async list(
    merchantCode: string,
    status: ChatStatus,
    assigned: 'all' | 'mine' | 'unassigned' = 'all',
    callerId?: string,
  ): Promise<{ list: ChatOpsSummary[] }> {
    const rows = await this.db
      .select()
      .from(chatSessions)
      .where(
        and(
          eq(chatSessions.merchantCode, merchantCode),
          eq(chatSessions.status, status),
          assigned === 'mine' ? eq(chatSessions.assignedOperatorId, callerId ?? '') : undefined,
          assigned === 'unassigned' ? isNull(chatSessions.assignedOperatorId) : undefined,
        ),
      )
      .orderBy(desc(chatSessions.lastActivityAt))
      .limit(200);
    return { list: await this.summaries(rows) };
  }

  /** An operator reads a chat: its messages, and everything up to its newest counts as read. */
  async operatorMessages(chatId: string, afterSeq?: number) {
    const session = await this.find(chatId);
    const { rows, hasMore } = await this.page(chatId, afterSeq);
    if (session.operatorReadSeq < session.lastSeq) {
      await this.db
        .update(chatSessions)
        .set({
          operatorReadSeq: sql`greatest(${chatSessions.operatorReadSeq}, ${session.lastSeq})`,
        })
        .where(eq(chatSessions.id, chatId));
      session.operatorReadSeq = session.lastSeq;
    }
    const [chat] = await this.summaries([session]);
    return { chat: chat!, messages: rows.map(toOperatorMessage), hasMore };
  }
}
