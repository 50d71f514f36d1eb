import { z } from 'zod';

/** Announcement types of `MCSFE_getListAnnouncements`: B banner, PL player, PU popup, PR promotion, H help. */
export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof announcementTypes)[number];

export const announcementQuerySchema = z.strictObject({
  /** Comma-separated announcement types, e.g. "B,PL,PU,PR,H". */
  types: z
    .string()
    .max(40)
    .regex(/^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H))*$/, 'types such as B,PL,PU,PR,H')
    .default('B,PL,PU,PR,H'),
  /** W web, M mobile. */
  platform: z.enum(['W', 'M']).default('W'),
  /** A after log-in, B before (visitors), F first log-in. */
  execution: z.enum(['A', 'B', 'F']).optional(),
  language: z.string().max(10).optional(),
});

export const announcementItemSchema = z.object({
  id: z.string(),
  type: z.enum(announcementTypes),
  title: z.string(),
  /** Plain text (never HTML): the client shows it as text. */
  content: z.string(),
  /** Banner group (w_home, w_login, …); null for other types. */
  groupName: z.string().nullable(),
  /** A after log-in, B before, F first log-in. */
  execution: z.enum(['A', 'B', 'F']),
  /** The promotion an item leads to (opens the reward centre), if any. */
  promotionType: z.string().nullable(),
  /** What a click on the item does: NONE, URL (`url`), GAME (`url` is a node id), PROMOTION. */
  linkageType: z.enum(['NONE', 'URL', 'GAME', 'PROMOTION']),
  url: z.string().nullable(),
  announcementImages: z.array(z.string()),
  publishedAt: z.string(),
});
export type AnnouncementItem = z.infer<typeof announcementItemSchema>;

/** `MCSFE_getListAnnouncements` → the items by kind, each list in display order. */
export const announcementListSchema = z.object({
  banners: z.array(announcementItemSchema),
  player: z.array(announcementItemSchema),
  popup: z.array(announcementItemSchema),
  promotion: z.array(announcementItemSchema),
  help: z.array(announcementItemSchema),
});
export type AnnouncementList = z.infer<typeof announcementListSchema>;

/** `GET /wps/system/notices`: the notices of the marquee and the bell, newest first. */
export const noticeListSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** Plain text. */
      content: z.string(),
      /** Scrolls in the home marquee as well as listing under the bell. */
      marquee: z.boolean(),
      publishedAt: z.string(),
    }),
  ),
});
export type NoticeList = z.infer<typeof noticeListSchema>;

/** Member messages (messageV2, "platform information"): mine and the merchant's to everyone. */
export const messageQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
  language: z.string().max(10).optional(),
});

export const messagePageSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** Plain text. */
      content: z.string(),
      /** Sent to this account only, to the members at chosen VIP ranks, or to every member. */
      audience: z.enum(['personal', 'vip', 'everyone']),
      createdAt: z.string(),
      read: z.boolean(),
    }),
  ),
  unread: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** `CSP_unreadCount`: messages not read yet (the bell's and the menu's red badge). */
export const unreadCountSchema = z.object({ count: z.number().int() });

/** Feedback question types: 1 deposit, 2 withdraw, 3 game, 4 service, 6 apply, 0 other. */
export const feedbackTypes = [1, 2, 3, 4, 6, 0] as const;

/** `PUT /wps/feedback`: the site's feedback form (captcha from `GET /wps/captcha`). */
export const feedbackBodySchema = z.strictObject({
  content: z.string().trim().min(20, 'at least 20 characters').max(200, 'at most 200 characters'),
  sender: z.string().trim().min(1, 'is empty').max(40),
  type: z.union([
    z.literal(1),
    z.literal(2),
    z.literal(3),
    z.literal(4),
    z.literal(6),
    z.literal(0),
  ]),
  captcha: z.string().trim().min(1, 'is empty').max(10),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

/** Help-centre topics: the API's five plus terms, licence and responsible gaming. */
export const helpTags = [
  'aboutus',
  'deposit',
  'withdraw',
  'game',
  'faqs',
  'terms',
  'licence',
  'responsible',
] as const;
export type HelpTag = (typeof helpTags)[number];

export const helpCenterQuerySchema = z.strictObject({
  /** EN, TY, MY, …; the merchant's default when left out; English where a text is missing. */
  lang: z.string().max(10).optional(),
  device: z.enum(['WEB', 'H5', 'APP']).default('WEB'),
});

export interface HelpArticle {
  id: string;
  title: string;
  /** Operator HTML limited to p, br, strong, em, ul, ol, li, h3, h4 and a[href]. */
  content: string;
  /** The language the text is in (the asked one, or English when it had none). */
  lang: string;
  display: boolean;
  tag: HelpTag;
  children: HelpArticle[];
}
export const helpArticleSchema: z.ZodType<HelpArticle> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    lang: z.string(),
    display: z.boolean(),
    tag: z.enum(helpTags),
    children: z.array(helpArticleSchema),
  }),
);

/** `GET /wps/system/helpCenter` → the displayed topics in order, each with its questions. */
export const helpCenterSchema = z.array(helpArticleSchema);

const helpText = (max: number) =>
  z
    .record(z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/), z.string().trim().min(1).max(max))
    .refine((t) => typeof t.en === 'string', 'English (en) is required');

/** `POST /ops/content/help-articles`: a new article, or with `id` a change to one. */
export const helpArticleBodySchema = z.strictObject({
  id: z.uuid().optional(),
  merchantCode: z.string().min(1).max(32),
  /** The topic a question belongs to (one level: a topic, never a question). */
  parentId: z.uuid().nullable().default(null),
  tag: z.enum(helpTags),
  title: helpText(160),
  /** HTML: everything beyond simple formatting is removed when stored. */
  content: helpText(20_000),
  display: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export type HelpArticleBody = z.infer<typeof helpArticleBodySchema>;

/** Blog posts and news items of a merchant, per language. */
export const articleKinds = ['blog', 'news'] as const;
export type ArticleKind = (typeof articleKinds)[number];

const articleSlug = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens');
const articleLanguage = z
  .string()
  .regex(/^[a-z]{2}(-[a-z]{2})?$/i, 'a language code such as en or ty')
  .transform((l) => l.toLowerCase());

/** `GET /wps/articles`: published articles of one kind, newest first. */
export const articleListQuerySchema = z.strictObject({
  kind: z.enum(articleKinds),
  language: articleLanguage.optional(),
  tag: z.string().trim().min(1).max(40).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

export const articleSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(articleKinds),
  slug: z.string(),
  /** The language the text is in. */
  language: z.string(),
  title: z.string(),
  /** A site path or an https address, or null. */
  coverImageUrl: z.string().nullable(),
  tags: z.array(z.string()),
  publishedAt: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articlePageSchema = z.object({
  list: z.array(articleSummarySchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type ArticlePage = z.infer<typeof articlePageSchema>;

/** `GET /wps/articles/:kind/:slug`: one article; English when the asked language has none. */
export const articleSchema = articleSummarySchema.extend({
  /** HTML limited to p, br, strong, em, ul, ol, li, h3, h4 and a[href]. */
  bodyHtml: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleParamsSchema = z.strictObject({
  kind: z.enum(articleKinds),
  slug: articleSlug,
});

/** `POST /ops/articles`: a new article in one language, or with `id` a change to one. */
export const articleBodySchema = z.strictObject({
  id: z.uuid().optional(),
  merchantCode: z.string().min(1).max(32),
  kind: z.enum(articleKinds),
  slug: articleSlug,
  language: articleLanguage,
  title: z.string().trim().min(1).max(160),
  coverImageUrl: z
    .string()
    .max(500)
    .regex(/^(\/(?!\/)|https:\/\/)\S+$/, 'a site path or an https address')
    .nullable()
    .default(null),
  /** HTML: everything beyond simple formatting is removed when stored. */
  bodyHtml: z.string().trim().min(1).max(50_000),
  tags: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
  publishedAt: z.iso.datetime({ offset: true }).optional(),
  status: z.enum(['draft', 'published']).default('draft'),
});
export type ArticleBody = z.input<typeof articleBodySchema>;

/** `GET /ops/articles`: a merchant's articles, drafts included, by page and filter. */
export const opsArticleListQuerySchema = z.strictObject({
  merchantCode: z.string().min(1).max(32),
  kind: z.enum(articleKinds).optional(),
  status: z.enum(['draft', 'published']).optional(),
  language: articleLanguage.optional(),
  q: z.string().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(200),
});

/** `GET /ops/articles`: every article of a merchant, drafts included. */
export const opsArticleListSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  list: z.array(
    articleSchema.extend({
      status: z.enum(['draft', 'published']),
      createdBy: z.string(),
      updatedAt: z.string(),
    }),
  ),
});
