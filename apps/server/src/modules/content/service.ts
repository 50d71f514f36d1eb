import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type {
  AnnouncementItem,
  AnnouncementList,
  AnnouncementType,
  HelpArticle,
  HelpArticleBody,
  MessagePage,
  NoticeList,
} from '@taya/contracts';
import { AppError, fieldError } from '../../platform/errors';
import { ownEntry, pickText } from '../../platform/localised';
import type { Db } from '../../platform/db';
import type { IdentityService } from '../identity';
import type { SystemService } from '../system';
import { ArticleService } from './articles';
import { ContentOpsService, type VipRanks } from './ops-service';
import { sanitiseHelpHtml } from './help-html';
import {
  announcements,
  feedback,
  helpArticles,
  memberMessageReads,
  memberMessages,
  notices,
  type Localised,
} from './schema';

type AnnouncementRow = typeof announcements.$inferSelect;
type NoticeRow = typeof notices.$inferSelect;
type HelpRow = typeof helpArticles.$inferSelect;

/** How long a node keeps a merchant's content before reading it again (writes drop it at once). */
const contentTtlMs = 30_000;

const listOf: Record<AnnouncementType, keyof AnnouncementList> = {
  B: 'banners',
  PL: 'player',
  PU: 'popup',
  PR: 'promotion',
  H: 'help',
};

/**
 * The site's content per merchant: notices (bell and marquee) and announcements (banners,
 * player announcements, popups, promotions, help), each with its text per language and a
 * publication window. Served from a per-merchant copy, dropped on every write.
 */
export class ContentService {
  private readonly cache = new Map<
    string,
    { loadedAt: number; notices: NoticeRow[]; announcements: AnnouncementRow[] }
  >();

  private readonly helpCache = new Map<string, { loadedAt: number; rows: HelpRow[] }>();

  /** Blog posts and news items. */
  readonly articles: ArticleService;

  /** The console's lists, changes and replies. */
  readonly ops: ContentOpsService;

  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly identity: IdentityService,
    private readonly vip: VipRanks,
  ) {
    this.articles = new ArticleService(db, system);
    this.ops = new ContentOpsService(db, system, identity, vip, (merchantCode) =>
      this.cache.delete(merchantCode),
    );
  }

  /** Makes the help centre read a merchant's articles again. */
  dropHelpCache(merchantCode: string): void {
    this.helpCache.delete(merchantCode);
  }

  private async current(merchantCode: string) {
    const cached = this.cache.get(merchantCode);
    if (cached && Date.now() - cached.loadedAt < contentTtlMs) return cached;
    const now = new Date();
    const live = (t: typeof notices | typeof announcements) =>
      and(
        eq(t.merchantCode, merchantCode),
        lte(t.startsAt, now),
        or(isNull(t.endsAt), gt(t.endsAt, now)),
      );
    const [noticeRows, announcementRows] = await Promise.all([
      this.db
        .select()
        .from(notices)
        .where(live(notices))
        .orderBy(asc(notices.sort), desc(notices.startsAt)),
      this.db
        .select()
        .from(announcements)
        .where(live(announcements))
        .orderBy(asc(announcements.sort), desc(announcements.startsAt)),
    ]);
    // A row whose window ends before the copy expires would outlive it by at most the TTL.
    const entry = { loadedAt: Date.now(), notices: noticeRows, announcements: announcementRows };
    this.cache.set(merchantCode, entry);
    return entry;
  }

  private language(language: string | undefined, fallback: string): string {
    return (language ?? fallback).toLowerCase();
  }

  async notices(merchantHeader: string | undefined, language?: string): Promise<NoticeList> {
    const merchant = await this.system.merchantFor(merchantHeader, undefined);
    const lang = this.language(language, merchant.defaultLanguage);
    const { notices: rows } = await this.current(merchant.merchantCode);
    const now = Date.now();
    return {
      list: rows
        .filter((r) => !r.endsAt || r.endsAt.getTime() > now)
        .map((r) => ({
          id: r.id,
          title: pickText(r.title, lang),
          content: pickText(r.content, lang),
          marquee: r.marquee,
          publishedAt: r.startsAt.toISOString(),
        })),
    };
  }

  /**
   * `MCSFE_getListAnnouncements`: the live items of the asked types for the platform, before
   * log-in (B) for visitors, after it (A, and F when asked) for players.
   */
  async announcements(
    merchantHeader: string | undefined,
    query: {
      types: string;
      platform: 'W' | 'M';
      execution?: 'A' | 'B' | 'F' | undefined;
      language?: string | undefined;
    },
    loggedIn: boolean,
  ): Promise<AnnouncementList> {
    const merchant = await this.system.merchantFor(merchantHeader, undefined);
    const lang = this.language(query.language, merchant.defaultLanguage);
    const types = new Set(query.types.split(',') as AnnouncementType[]);
    const executions = loggedIn ? (query.execution === 'F' ? ['A', 'F'] : ['A']) : ['B'];
    const { announcements: rows } = await this.current(merchant.merchantCode);
    const now = Date.now();
    const out: AnnouncementList = { banners: [], player: [], popup: [], promotion: [], help: [] };
    for (const r of rows) {
      if (!types.has(r.type) || !executions.includes(r.execution)) continue;
      if (r.platform && r.platform !== query.platform) continue;
      if (r.endsAt && r.endsAt.getTime() <= now) continue;
      const item: AnnouncementItem = {
        id: r.id,
        type: r.type,
        title: pickText(r.title, lang),
        content: pickText(r.content, lang),
        groupName: r.groupName,
        execution: r.execution,
        promotionType: r.promotionType,
        linkageType: r.linkageType,
        url: r.url,
        announcementImages: [...r.images],
        publishedAt: r.startsAt.toISOString(),
      };
      out[listOf[r.type]].push(item);
    }
    return out;
  }

  // ---- member messages ----

  /** Messages of a member: its own and the merchant's to everyone sent since it joined. */
  /**
   * A member's messages: its own, and those to every member or to its VIP rank sent since it
   * joined.
   */
  private visibleTo(member: {
    accountId: string;
    merchantCode: string;
    joinedAt: Date;
    rank: number | null;
  }) {
    const rank =
      member.rank === null
        ? sql`m.vip_levels is null`
        : sql`(m.vip_levels is null or m.vip_levels @> ${JSON.stringify([member.rank])}::jsonb)`;
    return sql`m.merchant_code = ${member.merchantCode}
      and (m.account_id = ${member.accountId}
        or (m.account_id is null and m.created_at >= ${member.joinedAt.toISOString()}::timestamptz
          and ${rank}))`;
  }

  /** What decides which broadcast messages a member sees: when it joined, its VIP rank. */
  private async audienceOf(member: { accountId: string; merchantCode: string }) {
    const [account, rank] = await Promise.all([
      this.identity.accountOrigin(member.accountId),
      this.vip.rankOf(member.merchantCode, member.accountId),
    ]);
    return { ...member, joinedAt: account?.createdAt ?? new Date(0), rank };
  }

  /** `CSP_unreadCount`: messages the member has not read. */
  async unreadCount(member: { accountId: string; merchantCode: string }): Promise<number> {
    return this.unreadFor(await this.audienceOf(member));
  }

  /** Unread messages of a member whose audience is already known. */
  private async unreadFor(audience: Awaited<ReturnType<ContentService['audienceOf']>>) {
    const { rows } = (await this.db.execute(sql`
      select count(*)::int as n from member_messages m
      where ${this.visibleTo(audience)}
        and not exists (select 1 from member_message_reads r
          where r.account_id = ${audience.accountId} and r.message_id = m.id)`)) as {
      rows: { n: number }[];
    };
    return Number(rows[0]!.n);
  }

  /** The member's messages, newest first, each with its read state. */
  async messages(
    member: { accountId: string; merchantCode: string },
    query: { page: number; size: number; language?: string | undefined },
  ): Promise<MessagePage> {
    const merchant = await this.system.merchantFor(member.merchantCode, undefined);
    const lang = this.language(query.language, merchant.defaultLanguage);
    const audience = await this.audienceOf(member);
    const { rows } = (await this.db.execute(sql`
      select m.id, m.account_id, m.vip_levels, m.title, m.content, m.created_at,
        exists (select 1 from member_message_reads r
          where r.account_id = ${member.accountId} and r.message_id = m.id) as read
      from member_messages m
      where ${this.visibleTo(audience)}
      order by m.created_at desc, m.id desc
      limit ${query.size + 1} offset ${(query.page - 1) * query.size}`)) as {
      rows: {
        id: string;
        account_id: string | null;
        vip_levels: unknown;
        title: Localised | string;
        content: Localised | string;
        created_at: string | Date;
        read: boolean;
      }[];
    };
    const json = (v: Localised | string): Localised =>
      typeof v === 'string' ? (JSON.parse(v) as Localised) : v;
    return {
      list: rows.slice(0, query.size).map((r) => ({
        id: r.id,
        title: pickText(json(r.title), lang),
        content: pickText(json(r.content), lang),
        audience: r.account_id
          ? ('personal' as const)
          : r.vip_levels !== null
            ? ('vip' as const)
            : ('everyone' as const),
        createdAt: new Date(r.created_at).toISOString(),
        read: Boolean(r.read),
      })),
      unread: await this.unreadFor(audience),
      page: query.page,
      size: query.size,
      hasMore: rows.length > query.size,
    };
  }

  /** Marks a message read (again is fine); one the member cannot see is no one's. */
  async markRead(member: { accountId: string; merchantCode: string }, messageId: string) {
    const audience = await this.audienceOf(member);
    const { rows } = (await this.db.execute(sql`
      select m.id from member_messages m
      where m.id = ${messageId} and ${this.visibleTo(audience)}`)) as {
      rows: { id: string }[];
    };
    if (rows.length === 0) throw new AppError('not_found', 'No such message');
    await this.db
      .insert(memberMessageReads)
      .values({ messageId, accountId: member.accountId })
      .onConflictDoNothing();
    return { count: await this.unreadFor(audience) };
  }

  /**
   * An operator's message to one member (`accountId`), to the members at some VIP ranks
   * (`vipLevels`), or to every member (both null).
   */
  async sendMessage(
    actor: string,
    input: {
      merchantCode: string;
      accountId: string | null;
      vipLevels: number[] | null;
      title: Localised;
      content: Localised;
    },
  ) {
    if (input.accountId) {
      const row = await this.identity.accountOrigin(input.accountId);
      if (!row || row.merchantCode !== input.merchantCode)
        throw new AppError('not_found', 'No such member');
    }
    const id = randomUUID();
    await this.db.insert(memberMessages).values({ id, ...input, createdBy: actor });
    return { id };
  }

  // ---- feedback ----

  /** The merchant a request belongs to (its header, else the default). */
  async merchantCode(merchantHeader: string | undefined): Promise<string> {
    return (await this.system.merchantFor(merchantHeader, undefined)).merchantCode;
  }

  /** Feedback from the site's form, as plain text; the captcha was checked by the caller. */
  async addFeedback(input: {
    merchantCode: string;
    accountId: string | null;
    sender: string;
    type: number;
    content: string;
    ip: string;
  }) {
    const id = randomUUID();
    await this.db.insert(feedback).values({ id, ...input });
    return { id };
  }

  /** The operator's feedback queue, newest first. */
  async feedbackList(merchantCode: string, page: number, size: number) {
    const rows = await this.db
      .select()
      .from(feedback)
      .where(eq(feedback.merchantCode, merchantCode))
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(size + 1)
      .offset((page - 1) * size);
    return {
      list: rows.slice(0, size).map((r) => ({
        id: r.id,
        accountId: r.accountId,
        sender: r.sender,
        type: r.type,
        content: r.content,
        createdAt: r.createdAt.toISOString(),
      })),
      hasMore: rows.length > size,
    };
  }

  // ---- help centre ----

  private async helpRows(merchantCode: string): Promise<HelpRow[]> {
    const cached = this.helpCache.get(merchantCode);
    if (cached && Date.now() - cached.loadedAt < contentTtlMs) return cached.rows;
    const rows = await this.db
      .select()
      .from(helpArticles)
      .where(eq(helpArticles.merchantCode, merchantCode))
      .orderBy(asc(helpArticles.sort), asc(helpArticles.updatedAt), asc(helpArticles.id));
    this.helpCache.set(merchantCode, { loadedAt: Date.now(), rows });
    return rows;
  }

  /**
   * `GET /wps/system/helpCenter`: the displayed topics in order, each with its displayed
   * questions, in the asked language; an article without that language comes in English.
   */
  async helpCenter(merchantHeader: string | undefined, language?: string): Promise<HelpArticle[]> {
    const merchant = await this.system.merchantFor(merchantHeader, undefined);
    const lang = this.language(language, merchant.defaultLanguage);
    const rows = (await this.helpRows(merchant.merchantCode)).filter((r) => r.display);
    const view = (r: HelpRow, children: HelpArticle[]): HelpArticle => {
      const has =
        typeof ownEntry(r.title, lang) === 'string' &&
        typeof ownEntry(r.content, lang) === 'string';
      const shown = has ? lang : 'en';
      return {
        id: r.id,
        title: pickText(r.title, shown),
        content: pickText(r.content, shown),
        lang: shown.toUpperCase(),
        display: r.display,
        tag: r.tag,
        children,
      };
    };
    return rows
      .filter((r) => r.parentId === null)
      .map((topic) =>
        view(
          topic,
          rows.filter((r) => r.parentId === topic.id).map((child) => view(child, [])),
        ),
      );
  }

  /**
   * An operator's help article: new, or with `id` a change to one of the same merchant. Content
   * is stored reduced to simple formatting; a question's parent must be a topic of the merchant.
   */
  async saveHelpArticle(actor: string, input: HelpArticleBody): Promise<{ id: string }> {
    const find = async (id: string) =>
      (await this.db.select().from(helpArticles).where(eq(helpArticles.id, id)))[0];
    if (input.parentId !== null) {
      if (input.parentId === input.id)
        throw fieldError('parentId', 'invalid', 'An article cannot be its own parent');
      const parent = await find(input.parentId);
      if (!parent || parent.merchantCode !== input.merchantCode)
        throw fieldError('parentId', 'invalid', 'No such topic for this merchant');
      if (parent.parentId !== null)
        throw fieldError('parentId', 'invalid', 'A question cannot have questions of its own');
    }
    const content: Localised = Object.fromEntries(
      Object.entries(input.content).map(([lang, html]) => [lang, sanitiseHelpHtml(html)]),
    );
    if (!content.en)
      throw fieldError('content.en', 'invalid', 'No text is left once unsafe HTML is removed');
    const values = {
      merchantCode: input.merchantCode,
      parentId: input.parentId,
      tag: input.tag,
      title: input.title,
      content,
      display: input.display,
      sort: input.sort,
      updatedBy: actor,
      updatedAt: new Date(),
    };
    let id = input.id;
    if (id) {
      const existing = await find(id);
      if (!existing || existing.merchantCode !== input.merchantCode)
        throw new AppError('not_found', 'No such help article');
      if (input.parentId !== null) {
        const [child] = await this.db
          .select({ id: helpArticles.id })
          .from(helpArticles)
          .where(eq(helpArticles.parentId, id))
          .limit(1);
        if (child)
          throw fieldError(
            'parentId',
            'invalid',
            'A topic with questions cannot become a question',
          );
      }
      await this.db.update(helpArticles).set(values).where(eq(helpArticles.id, id));
    } else {
      id = randomUUID();
      await this.db.insert(helpArticles).values({ id, ...values });
    }
    this.helpCache.delete(input.merchantCode);
    return { id };
  }
}
