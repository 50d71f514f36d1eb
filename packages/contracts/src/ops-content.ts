import { z } from 'zod';
import { opsReason } from './ops-reason';
import {
  announcementTypes,
  articleBodySchema,
  feedbackTypes,
  helpArticleBodySchema,
} from './content';

/**
 * The operator console's content calls (`/ops/content/*`, `/ops/articles`): lists with paging,
 * and every write with a reason for the audit log. Texts are kept per language (`en` at least).
 */
export const opsContentReason = opsReason;

/** Text per language: at least English, each at most `max` characters. */
export const localisedText = (max: number) =>
  z
    .record(z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/), z.string().trim().min(1).max(max))
    .refine((t) => typeof t.en === 'string', { message: 'English (en) is required', path: ['en'] });

const isoTime = z.iso.datetime({ offset: true });
const siteLink = z
  .string()
  .max(500)
  .regex(/^(\/(?!\/)|https:\/\/)\S+$/, 'a site path or an https address');

/** Whether an item is shown now, waits for its start, or has ended (unpublished). */
export const publicationStates = ['live', 'scheduled', 'ended'] as const;
export type PublicationState = (typeof publicationStates)[number];

const page = {
  merchantCode: z.string().min(1).max(32),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int() });

export const opsContentIdParams = z.strictObject({ id: z.uuid() });
export const opsContentReasonBody = z.strictObject({ reason: opsContentReason });

/** `GET /ops/content/languages`: the languages a merchant's content is written in. */
export const opsContentLanguagesQuery = z.strictObject({ merchantCode: z.string().min(1).max(32) });
export const opsContentLanguagesSchema = z.object({
  defaultLanguage: z.string(),
  /** Lower-case codes, English first. */
  languages: z.array(z.string()),
});
export type OpsContentLanguages = z.infer<typeof opsContentLanguagesSchema>;

// ---- notices ----

export const opsNoticeQuery = z.strictObject({
  ...page,
  status: z.enum(publicationStates).optional(),
  q: z.string().trim().max(80).optional(),
});
export const opsNoticeSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  title: z.record(z.string(), z.string()),
  content: z.record(z.string(), z.string()),
  marquee: z.boolean(),
  sort: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(publicationStates),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type OpsNotice = z.infer<typeof opsNoticeSchema>;
export const opsNoticePageSchema = pageOf(opsNoticeSchema);

/** `POST /ops/content/notices` (new) and `PUT /ops/content/notices/:id` (a change). */
export const opsNoticeBody = z.strictObject({
  merchantCode: z.string().min(1).max(32),
  title: localisedText(120),
  content: localisedText(2000),
  marquee: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(0),
  startsAt: isoTime.optional(),
  endsAt: isoTime.nullable().optional(),
  reason: opsContentReason,
});
export type OpsNoticeBody = z.input<typeof opsNoticeBody>;

// ---- announcements (player announcements, banners, popups, promotions, help) ----

export const opsAnnouncementQuery = z.strictObject({
  ...page,
  type: z.enum(announcementTypes).optional(),
  status: z.enum(publicationStates).optional(),
  groupName: z.string().trim().max(40).optional(),
  q: z.string().trim().max(80).optional(),
});
export const opsAnnouncementSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  type: z.enum(announcementTypes),
  platform: z.enum(['W', 'M']).nullable(),
  execution: z.enum(['A', 'B', 'F']),
  groupName: z.string().nullable(),
  title: z.record(z.string(), z.string()),
  content: z.record(z.string(), z.string()),
  promotionType: z.string().nullable(),
  linkageType: z.enum(['NONE', 'URL', 'GAME', 'PROMOTION']),
  url: z.string().nullable(),
  images: z.array(z.string()),
  sort: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(publicationStates),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type OpsAnnouncement = z.infer<typeof opsAnnouncementSchema>;
export const opsAnnouncementPageSchema = pageOf(opsAnnouncementSchema);

/** `POST /ops/content/announcements` (new) and `PUT /ops/content/announcements/:id`. */
export const opsAnnouncementBody = z.strictObject({
  merchantCode: z.string().min(1).max(32),
  type: z.enum(announcementTypes),
  /** W web, M mobile, null both. */
  platform: z.enum(['W', 'M']).nullable().default(null),
  /** A after log-in, B before (visitors), F first log-in. */
  execution: z.enum(['A', 'B', 'F']),
  /** Banner group such as w_home. */
  groupName: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ and -')
    .nullable()
    .default(null),
  title: localisedText(120),
  content: localisedText(5000),
  promotionType: z.string().trim().max(40).nullable().default(null),
  linkageType: z.enum(['NONE', 'URL', 'GAME', 'PROMOTION']).default('NONE'),
  url: siteLink.nullable().default(null),
  images: z.array(siteLink).max(5).default([]),
  sort: z.number().int().min(0).max(10_000).default(0),
  startsAt: isoTime.optional(),
  endsAt: isoTime.nullable().optional(),
  reason: opsContentReason,
});
export type OpsAnnouncementBody = z.input<typeof opsAnnouncementBody>;

// ---- member messages ----

export const opsMessageQuery = z.strictObject({
  ...page,
  audience: z.enum(['personal', 'everyone', 'vip']).optional(),
  username: z.string().trim().min(1).max(40).optional(),
  q: z.string().trim().max(80).optional(),
});
export const opsMessageSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  accountId: z.string().nullable(),
  username: z.string().nullable(),
  /** A message to members at these VIP ranks (no account); null otherwise. */
  vipLevels: z.array(z.number().int()).nullable(),
  title: z.record(z.string(), z.string()),
  content: z.record(z.string(), z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type OpsMessage = z.infer<typeof opsMessageSchema>;
export const opsMessagePageSchema = pageOf(opsMessageSchema);

/**
 * `POST /ops/content/messages`: to one member (by `username`, or `accountId`), to the members at
 * some VIP ranks (`vipLevels`), or, with none of them, to every member of the merchant.
 */
export const opsMessageBody = z
  .strictObject({
    merchantCode: z.string().min(1).max(32),
    accountId: z.string().min(1).max(80).nullable().optional(),
    username: z.string().trim().min(1).max(40).nullable().optional(),
    vipLevels: z.array(z.number().int().min(0).max(100)).min(1).max(101).nullable().optional(),
    title: localisedText(120),
    content: localisedText(5000),
    reason: opsContentReason,
  })
  .refine((b) => !(b.vipLevels && (b.accountId || b.username)), {
    path: ['vipLevels'],
    message: 'A message goes to one member or to VIP ranks, not both',
  })
  .refine((b) => !b.vipLevels || new Set(b.vipLevels).size === b.vipLevels.length, {
    path: ['vipLevels'],
    message: 'Each rank once',
  });
export type OpsMessageBody = z.input<typeof opsMessageBody>;

// ---- feedback ----

export const opsFeedbackQuery = z.strictObject({
  ...page,
  type: z.coerce
    .number()
    .int()
    .refine((n) => (feedbackTypes as readonly number[]).includes(n), 'a feedback type')
    .optional(),
  replied: z.enum(['yes', 'no']).optional(),
  q: z.string().trim().max(80).optional(),
});
export const opsFeedbackSchema = z.object({
  id: z.string(),
  accountId: z.string().nullable(),
  sender: z.string(),
  type: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  repliedBy: z.string().nullable(),
});
export type OpsFeedback = z.infer<typeof opsFeedbackSchema>;
export const opsFeedbackPageSchema = pageOf(opsFeedbackSchema).extend({ hasMore: z.boolean() });

/** `POST /ops/content/feedback/:id/reply`: a reply, sent to the member as a personal message. */
export const opsFeedbackReplyBody = z.strictObject({
  title: z.string().trim().min(1).max(120),
  reply: z.string().trim().min(1).max(5000),
  reason: opsContentReason,
});
export type OpsFeedbackReplyBody = z.input<typeof opsFeedbackReplyBody>;

// ---- help centre and articles ----

export const opsHelpArticleSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  tag: z.string(),
  title: z.record(z.string(), z.string()),
  content: z.record(z.string(), z.string()),
  display: z.boolean(),
  sort: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type OpsHelpArticle = z.infer<typeof opsHelpArticleSchema>;
export const opsHelpListQuery = z.strictObject({ merchantCode: z.string().min(1).max(32) });
export const opsHelpListSchema = z.object({ list: z.array(opsHelpArticleSchema) });

/** `POST /ops/content/help-articles` with the reason for the audit log. */
export const opsHelpArticleBody = helpArticleBodySchema.extend({ reason: opsContentReason });
export type OpsHelpArticleBody = z.input<typeof opsHelpArticleBody>;

/** `POST /ops/articles` with the reason for the audit log. */
export const opsArticleBody = articleBodySchema.extend({ reason: opsContentReason });
export type OpsArticleBody = z.input<typeof opsArticleBody>;

/** `POST /ops/uploads?merchantCode=`: the stored images and the public path of each. */
export const opsUploadQuery = z.strictObject({ merchantCode: z.string().min(1).max(32) });
export const opsContentImageSchema = z.object({
  id: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export const opsContentImagesSchema = z.array(opsContentImageSchema);
