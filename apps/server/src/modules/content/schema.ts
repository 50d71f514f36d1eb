import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Text per interface language (`en` at least); plain text, never HTML. */
export type Localised = Record<string, string>;

/** A notice: listed under the header's bell, and scrolled in the home marquee when `marquee`. */
export const notices = pgTable(
  'notices',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    title: jsonb('title').$type<Localised>().notNull(),
    content: jsonb('content').$type<Localised>().notNull(),
    marquee: boolean('marquee').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_merchant_idx').on(t.merchantCode, t.startsAt)],
);

/**
 * An announcement of `MCSFE_getListAnnouncements`: a banner (B, by group such as w_home), a
 * player announcement (PL), a popup (PU), a promotion (PR) or help (H), for web (W), mobile (M)
 * or both, shown before log-in (B), after (A) or on the first log-in (F).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    type: text('type').$type<'B' | 'PL' | 'PU' | 'PR' | 'H'>().notNull(),
    /** W, M, or null for both. */
    platform: text('platform').$type<'W' | 'M'>(),
    execution: text('execution').$type<'A' | 'B' | 'F'>().notNull(),
    groupName: text('group_name'),
    title: jsonb('title').$type<Localised>().notNull(),
    content: jsonb('content').$type<Localised>().notNull(),
    promotionType: text('promotion_type'),
    linkageType: text('linkage_type')
      .$type<'NONE' | 'URL' | 'GAME' | 'PROMOTION'>()
      .notNull()
      .default('NONE'),
    url: text('url'),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sort: integer('sort').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_merchant_idx').on(t.merchantCode, t.type, t.sort)],
);

/**
 * A member message ("platform information"): to one account, or with `account_id` null to every
 * member of the merchant who had joined when it was sent.
 */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id'),
    /**
     * With no account: the VIP ranks the message is for (null: every member). A member sees it
     * while at one of them.
     */
    vipLevels: jsonb('vip_levels').$type<number[]>(),
    title: jsonb('title').$type<Localised>().notNull(),
    content: jsonb('content').$type<Localised>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_messages_account_idx').on(t.accountId, t.createdAt),
    index('member_messages_merchant_idx').on(t.merchantCode, t.createdAt),
  ],
);

/** Which messages a member has read. */
export const memberMessageReads = pgTable(
  'member_message_reads',
  {
    messageId: text('message_id').notNull(),
    accountId: text('account_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.messageId] })],
);

/**
 * Feedback from the site's form (`PUT /wps/feedback`): question type 1 deposit, 2 withdraw,
 * 3 game, 4 service, 6 apply, 0 other; plain text.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    /** The member who sent it, when logged in. */
    accountId: text('account_id'),
    sender: text('sender').notNull(),
    type: integer('type').notNull(),
    content: text('content').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator's answer (also sent to the member as a personal message), once replied. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: text('replied_by'),
  },
  (t) => [index('feedback_merchant_idx').on(t.merchantCode, t.createdAt)],
);

/** Help-centre topics (`tag`) of the site's help popup and footer links. */
export const helpArticleTags = [
  'aboutus',
  'deposit',
  'withdraw',
  'game',
  'faqs',
  'terms',
  'licence',
  'responsible',
] as const;
export type HelpArticleTag = (typeof helpArticleTags)[number];

/**
 * A help-centre article (`GET /wps/system/helpCenter`): a topic, or with `parent_id` one of its
 * questions (one level only). Title per language is plain text; content per language is operator
 * HTML, already reduced to simple formatting when written.
 */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    parentId: text('parent_id'),
    tag: text('tag').$type<HelpArticleTag>().notNull(),
    title: jsonb('title').$type<Localised>().notNull(),
    content: jsonb('content').$type<Localised>().notNull(),
    display: boolean('display').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('help_articles_merchant_idx').on(t.merchantCode, t.parentId, t.sort)],
);

export const articleKinds = ['blog', 'news'] as const;
export type ArticleKind = (typeof articleKinds)[number];

/**
 * A blog post or news item of a merchant in one language: the same `slug` in several languages
 * is one article translated. The body is operator HTML, reduced to simple formatting on write;
 * only published rows whose time has come are public.
 */
export const articles = pgTable(
  'articles',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    kind: text('kind').$type<ArticleKind>().notNull(),
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    /** A site path (such as /articles/x.svg) or an https address. */
    coverImageUrl: text('cover_image_url'),
    bodyHtml: text('body_html').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_slug_language_uq').on(t.merchantCode, t.kind, t.slug, t.language),
    index('articles_list_idx').on(t.merchantCode, t.kind, t.language, t.publishedAt),
  ],
);
