import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import {
  operatorRoles,
  roleMay,
  type CannedReply,
  type ChatOpsSummary,
  type OperatorRole,
} from '@taya/contracts';
import { AppError, fieldError } from '../../platform/errors';
import type { Db } from '../../platform/db';
import { merchantTopic } from './hub';
import { chatSessions, supportCannedReplies } from './schema';
import type { SupportService } from './service';

type CannedRow = typeof supportCannedReplies.$inferSelect;

const toCanned = (row: CannedRow): CannedReply => ({
  id: row.id,
  merchantCode: row.merchantCode,
  title: row.title,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
});

/** What an assignment changed, for the audit row. */
export interface Assignment {
  before: { assigneeId: string | null };
  chat: ChatOpsSummary;
}

/**
 * The desk's work on chats: who answers one (claim, take over, transfer) and the merchant's canned
 * replies. Every change of assignee is pushed to the merchant's desks.
 */
export class SupportDesk {
  constructor(
    private readonly db: Db,
    private readonly support: SupportService,
  ) {}

  /** The active operators who may answer a merchant's chats, by username. */
  async operators(merchantCode: string): Promise<{ id: string; username: string }[]> {
    const rows = await this.support.roster();
    return rows
      .filter(
        (r) =>
          r.status === 'active' &&
          (operatorRoles as readonly string[]).includes(r.role) &&
          roleMay(r.role as OperatorRole, 'support.write') &&
          (r.merchants === null || r.merchants.includes(merchantCode)),
      )
      .map(({ id, username }) => ({ id, username }));
  }

  private async assign(
    chatId: string,
    operatorId: string,
    mayReplace: (current: string | null) => boolean,
  ): Promise<Assignment> {
    const chat = await this.support.find(chatId);
    if (chat.status !== 'open') throw new AppError('chat_closed');
    const current = chat.assignedOperatorId;
    if (current === operatorId) {
      return { before: { assigneeId: current }, chat: (await this.support.summaries([chat]))[0]! };
    }
    if (!mayReplace(current)) {
      throw new AppError('conflict', 'Another operator has claimed this chat');
    }
    // Only if nobody changed it meanwhile: two claims at once, one wins.
    const [row] = await this.db
      .update(chatSessions)
      .set({ assignedOperatorId: operatorId, assignedAt: new Date() })
      .where(
        and(
          eq(chatSessions.id, chatId),
          eq(chatSessions.status, 'open'),
          current === null
            ? isNull(chatSessions.assignedOperatorId)
            : eq(chatSessions.assignedOperatorId, current),
        ),
      )
      .returning();
    if (!row) throw new AppError('conflict', 'The chat changed meanwhile; reload it');
    const [summary] = await this.support.summaries([row]);
    this.support.hub.publish([merchantTopic(row.merchantCode)], {
      type: 'assigned',
      chatId,
      merchantCode: row.merchantCode,
      assigneeId: summary!.assigneeId,
      assignee: summary!.assignee,
    });
    return { before: { assigneeId: current }, chat: summary! };
  }

  /** The caller takes a chat: a free one, or with `takeOver` one another operator holds. */
  claim(chatId: string, operatorId: string, takeOver: boolean): Promise<Assignment> {
    return this.assign(chatId, operatorId, (current) => current === null || takeOver);
  }

  /** Hands a chat to another operator who may answer the chat's merchant. */
  async transfer(chatId: string, merchantCode: string, operatorId: string): Promise<Assignment> {
    const candidates = await this.operators(merchantCode);
    if (!candidates.some((o) => o.id === operatorId)) {
      throw fieldError('operatorId', 'unknown', 'not an operator of this merchant’s support desk');
    }
    return this.assign(chatId, operatorId, () => true);
  }

  async cannedReplies(merchantCode: string): Promise<CannedReply[]> {
    const rows = await this.db
      .select()
      .from(supportCannedReplies)
      .where(eq(supportCannedReplies.merchantCode, merchantCode))
      .orderBy(asc(supportCannedReplies.title), asc(supportCannedReplies.id));
    return rows.map(toCanned);
  }

  async cannedReply(id: string): Promise<CannedReply> {
    const [row] = await this.db
      .select()
      .from(supportCannedReplies)
      .where(eq(supportCannedReplies.id, id));
    if (!row) throw new AppError('not_found', 'No such canned reply');
    return toCanned(row);
  }

  private async titleFree(merchantCode: string, title: string, except?: string): Promise<void> {
    const [clash] = await this.db
      .select({ id: supportCannedReplies.id })
      .from(supportCannedReplies)
      .where(
        and(
          eq(supportCannedReplies.merchantCode, merchantCode),
          eq(supportCannedReplies.title, title),
          except ? ne(supportCannedReplies.id, except) : undefined,
        ),
      );
    if (clash) throw fieldError('title', 'taken', 'another canned reply has this title');
  }

  async createCanned(input: {
    merchantCode: string;
    title: string;
    body: string;
  }): Promise<CannedReply> {
    await this.titleFree(input.merchantCode, input.title);
    const [row] = await this.db
      .insert(supportCannedReplies)
      .values({ id: randomUUID(), ...input })
      .returning();
    return toCanned(row!);
  }

  async updateCanned(id: string, input: { title: string; body: string }): Promise<CannedReply> {
    const existing = await this.cannedReply(id);
    await this.titleFree(existing.merchantCode, input.title, id);
    const [row] = await this.db
      .update(supportCannedReplies)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(supportCannedReplies.id, id))
      .returning();
    return toCanned(row!);
  }

  async deleteCanned(id: string): Promise<void> {
    await this.db.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id));
  }
}
