import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { OpsAnnouncement, OpsFeedback, OpsNotice, PublicationState } from '@taya/contracts';
import { AppError, fieldError } from '../../platform/errors';
import type { Db } from '../../platform/db';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { IdentityService } from '../identity';
import type { SystemService } from '../system';

/** The VIP module as member messages need it: a member's rank, a merchant's ranks. */
export interface VipRanks {
  rankOf(merchantCode: string, accountId: string): Promise<number | null>;
  ranks(merchantCode: string): Promise<number[]>;
}
import {
  announcements,
  feedback,
  helpArticles,
  memberMessages,
  notices,
  type Localised,
} from './schema';

type NoticeRow = typeof notices.$inferSelect;
type AnnouncementRow = typeof announcements.$inferSelect;

/** Whether a row with this window is shown now. */
export function publicationState(
  row: { startsAt: Date; endsAt: Date | null },
  now = Date.now(),
): PublicationState {
  if (row.endsAt && row.endsAt.getTime() <= now) return 'ended';
  if (row.startsAt.getTime() > now) return 'scheduled';
  return 'live';
}

/** The SQL condition of a publication state on a table with a window. */
function stateWhere(t: typeof notices | typeof announcements, state: PublicationState): SQL {
  const now = new Date();
  if (state === 'ended') return and(isNotNull(t.endsAt), lte(t.endsAt, now))!;
  if (state === 'scheduled')
    return and(gt(t.startsAt, now), or(isNull(t.endsAt), gt(t.endsAt, now)))!;
  return and(lte(t.startsAt, now), or(isNull(t.endsAt), gt(t.endsAt, now)))!;
}

/** A text search over every language of a jsonb text column. */
const textLike = (column: AnyPgColumn, q: string) =>
  sql`${column}::text ilike ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

const noticeView = (r: NoticeRow): OpsNotice => ({
  id: r.id,
  merchantCode: r.merchantCode,
  title: r.title,
  content: r.content,
  marquee: r.marquee,
  sort: r.sort,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt?.toISOString() ?? null,
  status: publicationState(r),
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
});

const announcementView = (r: AnnouncementRow): OpsAnnouncement => ({
  id: r.id,
  merchantCode: r.merchantCode,
  type: r.type,
  platform: r.platform,
  execution: r.execution,
  groupName: r.groupName,
  title: r.title,
  content: r.content,
  promotionType: r.promotionType,
  linkageType: r.linkageType,
  url: r.url,
  images: [...r.images],
  sort: r.sort,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt?.toISOString() ?? null,
  status: publicationState(r),
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
});

interface Paging {
  merchantCode: string;
  page: number;
  pageSize: number;
}

/** A window as stored: a start (now when left out) and an end (none when null). */
const window = (input: { startsAt?: string | undefined; endsAt?: string | null | undefined }) => {
  const startsAt = input.startsAt ? new Date(input.startsAt) : new Date();
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  if (endsAt && endsAt <= startsAt) throw fieldError('endsAt', 'invalid', 'Ends before it starts');
  return { startsAt, endsAt };
};

/**
 * The console's side of the site's content: lists with paging and filters, changes, publishing
 * and unpublishing (by the publication window), removal, and replies to feedback. `dropCache`
 * makes the site read a merchant's content again after each write.
 */
export class ContentOpsService {
  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly identity: IdentityService,
    private readonly vip: VipRanks,
    private readonly dropCache: (merchantCode: string) => void,
  ) {}

  async languages(merchantCode: string) {
    const merchant = await this.system.namedMerchant(merchantCode);
    const codes = merchant.langList.map((l) => l.toLowerCase());
    return {
      defaultLanguage: merchant.defaultLanguage.toLowerCase(),
      languages: ['en', ...codes.filter((l) => l !== 'en')],
    };
  }

  // ---- notices ----

  async noticePage(
    query: Paging & { status?: PublicationState | undefined; q?: string | undefined },
  ) {
    const where = and(
      eq(notices.merchantCode, query.merchantCode),
      query.status ? stateWhere(notices, query.status) : undefined,
      query.q
        ? or(textLike(notices.title, query.q), textLike(notices.content, query.q))
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(notices)
        .where(where)
        .orderBy(desc(notices.startsAt), desc(notices.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(notices).where(where),
    ]);
    return { list: rows.map(noticeView), total: Number(total!.n), page: query.page };
  }

  async notice(id: string): Promise<OpsNotice> {
    const [row] = await this.db.select().from(notices).where(eq(notices.id, id));
    if (!row) throw new AppError('not_found', 'No such notice');
    return noticeView(row);
  }

  async saveNotice(
    actor: string,
    id: string | null,
    input: {
      merchantCode: string;
      title: Localised;
      content: Localised;
      marquee: boolean;
      sort: number;
      startsAt?: string | undefined;
      endsAt?: string | null | undefined;
    },
  ): Promise<OpsNotice> {
    const values = {
      merchantCode: input.merchantCode,
      title: input.title,
      content: input.content,
      marquee: input.marquee,
      sort: input.sort,
      ...window(input),
    };
    const noticeId = id ?? randomUUID();
    if (id) await this.db.update(notices).set(values).where(eq(notices.id, id));
    else await this.db.insert(notices).values({ id: noticeId, ...values, createdBy: actor });
    this.dropCache(input.merchantCode);
    return this.notice(noticeId);
  }

  /** Publish: shown from now with no end. Unpublish: ended now. */
  async publishNotice(row: OpsNotice, published: boolean): Promise<OpsNotice> {
    const now = new Date();
    await this.db
      .update(notices)
      .set(
        published
          ? { startsAt: row.status === 'scheduled' ? now : new Date(row.startsAt), endsAt: null }
          : { endsAt: now },
      )
      .where(eq(notices.id, row.id));
    this.dropCache(row.merchantCode);
    return this.notice(row.id);
  }

  async deleteNotice(row: OpsNotice): Promise<void> {
    await this.db.delete(notices).where(eq(notices.id, row.id));
    this.dropCache(row.merchantCode);
  }

  // ---- announcements ----

  async announcementPage(
    query: Paging & {
      type?: AnnouncementRow['type'] | undefined;
      status?: PublicationState | undefined;
      groupName?: string | undefined;
      q?: string | undefined;
    },
  ) {
    const where = and(
      eq(announcements.merchantCode, query.merchantCode),
      query.type ? eq(announcements.type, query.type) : undefined,
      query.groupName ? eq(announcements.groupName, query.groupName) : undefined,
      query.status ? stateWhere(announcements, query.status) : undefined,
      query.q
        ? or(textLike(announcements.title, query.q), textLike(announcements.content, query.q))
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(announcements)
        .where(where)
        .orderBy(asc(announcements.sort), desc(announcements.startsAt), desc(announcements.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(announcements).where(where),
    ]);
    return { list: rows.map(announcementView), total: Number(total!.n), page: query.page };
  }

  async announcement(id: string): Promise<OpsAnnouncement> {
    const [row] = await this.db.select().from(announcements).where(eq(announcements.id, id));
    if (!row) throw new AppError('not_found', 'No such announcement');
    return announcementView(row);
  }

  async saveAnnouncement(
    actor: string,
    id: string | null,
    input: Omit<
      OpsAnnouncement,
      'id' | 'status' | 'createdBy' | 'createdAt' | 'startsAt' | 'endsAt'
    > & {
      startsAt?: string | undefined;
      endsAt?: string | null | undefined;
    },
  ): Promise<OpsAnnouncement> {
    const { startsAt, endsAt, ...rest } = input;
    const values = { ...rest, ...window({ startsAt, endsAt }) };
    const announcementId = id ?? randomUUID();
    if (id) await this.db.update(announcements).set(values).where(eq(announcements.id, id));
    else
      await this.db
        .insert(announcements)
        .values({ id: announcementId, ...values, createdBy: actor });
    this.dropCache(input.merchantCode);
    return this.announcement(announcementId);
  }

  async publishAnnouncement(row: OpsAnnouncement, published: boolean): Promise<OpsAnnouncement> {
    const now = new Date();
    await this.db
      .update(announcements)
      .set(
        published
          ? { startsAt: row.status === 'scheduled' ? now : new Date(row.startsAt), endsAt: null }
          : { endsAt: now },
      )
      .where(eq(announcements.id, row.id));
    this.dropCache(row.merchantCode);
    return this.announcement(row.id);
  }

  async deleteAnnouncement(row: OpsAnnouncement): Promise<void> {
    await this.db.delete(announcements).where(eq(announcements.id, row.id));
    this.dropCache(row.merchantCode);
  }

  // ---- member messages ----

  /** The member a message goes to, by username or id, of this merchant. */
  async recipient(
    merchantCode: string,
    by: { accountId?: string | null | undefined; username?: string | null | undefined },
  ) {
    if (!by.accountId && !by.username) return null;
    const found = await this.identity.accountSummary(
      merchantCode,
      by.username ? { username: by.username } : { id: by.accountId! },
    );
    if (!found)
      throw fieldError(by.username ? 'username' : 'accountId', 'invalid', 'No such member');
    return found;
  }

  /** Refuses VIP ranks the merchant does not have (`vipLevels`). */
  async checkRanks(merchantCode: string, ranks: readonly number[]): Promise<void> {
    const known = new Set(await this.vip.ranks(merchantCode));
    const unknown = ranks.filter((r) => !known.has(r));
    if (unknown.length > 0)
      throw fieldError('vipLevels', 'invalid', `No VIP rank ${unknown.join(', ')} here`);
  }

  async messagePage(
    query: Paging & {
      audience?: 'personal' | 'everyone' | 'vip' | undefined;
      username?: string | undefined;
      q?: string | undefined;
    },
  ) {
    let accountId: string | undefined;
    if (query.username) {
      const member = await this.identity.accountSummary(query.merchantCode, {
        username: query.username,
      });
      if (!member) return { list: [], total: 0, page: query.page };
      accountId = member.id;
    }
    const where = and(
      eq(memberMessages.merchantCode, query.merchantCode),
      accountId ? eq(memberMessages.accountId, accountId) : undefined,
      query.audience === 'personal' ? isNotNull(memberMessages.accountId) : undefined,
      query.audience === 'everyone'
        ? and(isNull(memberMessages.accountId), isNull(memberMessages.vipLevels))
        : undefined,
      query.audience === 'vip' ? isNotNull(memberMessages.vipLevels) : undefined,
      query.q
        ? or(textLike(memberMessages.title, query.q), textLike(memberMessages.content, query.q))
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(memberMessages)
        .where(where)
        .orderBy(desc(memberMessages.createdAt), desc(memberMessages.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(memberMessages).where(where),
    ]);
    const names = new Map<string, string | null>();
    for (const id of new Set(rows.map((r) => r.accountId).filter((a): a is string => !!a))) {
      names.set(
        id,
        (await this.identity.accountSummary(query.merchantCode, { id }))?.username ?? null,
      );
    }
    return {
      list: rows.map((m) => ({
        id: m.id,
        merchantCode: m.merchantCode,
        accountId: m.accountId,
        username: m.accountId ? (names.get(m.accountId) ?? null) : null,
        vipLevels: m.vipLevels,
        title: m.title,
        content: m.content,
        createdBy: m.createdBy,
        createdAt: m.createdAt.toISOString(),
      })),
      total: Number(total!.n),
      page: query.page,
    };
  }

  async message(id: string) {
    const [row] = await this.db.select().from(memberMessages).where(eq(memberMessages.id, id));
    if (!row) throw new AppError('not_found', 'No such message');
    return row;
  }

  /** Withdraws a message: members no longer see it. */
  async deleteMessage(id: string): Promise<void> {
    await this.db.delete(memberMessages).where(eq(memberMessages.id, id));
  }

  // ---- feedback ----

  async feedbackPage(
    query: Paging & {
      type?: number | undefined;
      replied?: 'yes' | 'no' | undefined;
      q?: string | undefined;
    },
  ) {
    const where = and(
      eq(feedback.merchantCode, query.merchantCode),
      query.type === undefined ? undefined : eq(feedback.type, query.type),
      query.replied === 'yes' ? isNotNull(feedback.repliedAt) : undefined,
      query.replied === 'no' ? isNull(feedback.repliedAt) : undefined,
      query.q
        ? or(
            ilike(feedback.content, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
            ilike(feedback.sender, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          )
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(feedback)
        .where(where)
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(feedback).where(where),
    ]);
    const n = Number(total!.n);
    return {
      list: rows.map(feedbackView),
      total: n,
      page: query.page,
      hasMore: query.page * query.pageSize < n,
    };
  }

  async feedback(id: string) {
    const [row] = await this.db.select().from(feedback).where(eq(feedback.id, id));
    if (!row) throw new AppError('not_found', 'No such feedback');
    return row;
  }

  /**
   * Replies to feedback: kept on it, and sent to the member who wrote it (when logged in) as a
   * personal message in the merchant's default language.
   */
  async replyToFeedback(
    actor: string,
    id: string,
    input: { title: string; reply: string },
  ): Promise<OpsFeedback> {
    const row = await this.feedback(id);
    if (row.repliedAt) throw new AppError('conflict', 'This feedback has a reply already');
    const merchant = await this.system.namedMerchant(row.merchantCode);
    const lang = merchant.defaultLanguage.toLowerCase();
    const texts = (text: string): Localised => ({
      en: text,
      ...(lang === 'en' ? {} : { [lang]: text }),
    });
    await this.db.transaction(async (tx) => {
      await tx
        .update(feedback)
        .set({ reply: input.reply, repliedAt: new Date(), repliedBy: actor })
        .where(eq(feedback.id, id));
      if (row.accountId)
        await tx.insert(memberMessages).values({
          id: randomUUID(),
          merchantCode: row.merchantCode,
          accountId: row.accountId,
          title: texts(input.title),
          content: texts(input.reply),
          createdBy: actor,
        });
    });
    return feedbackView(await this.feedback(id));
  }

  // ---- help centre ----

  async helpList(merchantCode: string) {
    const rows = await this.db
      .select()
      .from(helpArticles)
      .where(eq(helpArticles.merchantCode, merchantCode))
      .orderBy(asc(helpArticles.sort), asc(helpArticles.updatedAt), asc(helpArticles.id));
    return {
      list: rows.map((r) => ({
        id: r.id,
        parentId: r.parentId,
        tag: r.tag,
        title: r.title,
        content: r.content,
        display: r.display,
        sort: r.sort,
        updatedBy: r.updatedBy,
        updatedAt: r.updatedAt.toISOString(),
      })),
    };
  }

  async helpArticle(id: string) {
    const [row] = await this.db.select().from(helpArticles).where(eq(helpArticles.id, id));
    if (!row) throw new AppError('not_found', 'No such help article');
    return row;
  }

  /** Removes a help article; a topic goes with its questions. */
  async deleteHelpArticle(row: { id: string; merchantCode: string }, drop: () => void) {
    await this.db
      .delete(helpArticles)
      .where(or(eq(helpArticles.id, row.id), eq(helpArticles.parentId, row.id)));
    drop();
  }
}

function feedbackView(r: typeof feedback.$inferSelect): OpsFeedback {
  return {
    id: r.id,
    accountId: r.accountId,
    sender: r.sender,
    type: r.type,
    content: r.content,
    createdAt: r.createdAt.toISOString(),
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    repliedBy: r.repliedBy,
  };
}
