import {
  opsAnnouncementPageSchema,
  opsArticleListSchema,
  opsContentImagesSchema,
  opsContentLanguagesSchema,
  opsFeedbackPageSchema,
  opsHelpListSchema,
  opsMessagePageSchema,
  opsNoticePageSchema,
  opsVipLevelListSchema,
  type AnnouncementType,
  type OpsAnnouncement,
  type OpsAnnouncementBody,
  type OpsArticleBody,
  type OpsContentLanguages,
  type OpsFeedback,
  type OpsFeedbackReplyBody,
  type OpsHelpArticle,
  type OpsHelpArticleBody,
  type OpsMessage,
  type OpsMessageBody,
  type OpsNotice,
  type OpsNoticeBody,
} from '@taya/contracts';
import type { z } from 'zod';
import { ApiError, get, post, request, type QueryValue } from '../../lib/api-client';
import { getToken } from '../../lib/session';

export type OpsArticle = z.infer<typeof opsArticleListSchema>['list'][number];
export type { OpsAnnouncement, OpsFeedback, OpsHelpArticle, OpsMessage, OpsNotice };

/** A page of rows as the DataTable and `fetchAllPages` take it. */
export interface Rows<T> {
  rows: T[];
  total: number;
}

type Query = Record<string, QueryValue>;
const paged = (merchantCode: string, filters: Query, page: number, pageSize: number) => ({
  merchantCode,
  ...filters,
  page,
  pageSize,
});

export const fetchLanguages = (merchantCode: string, signal?: AbortSignal) =>
  get<OpsContentLanguages>('/ops/content/languages', {
    query: { merchantCode },
    schema: import.meta.env.DEV && opsContentLanguagesSchema,
    signal,
  });

// ---- notices ----

export async function fetchNotices(
  merchantCode: string,
  filters: Query,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Rows<OpsNotice>> {
  const r = await get<{ list: OpsNotice[]; total: number }>('/ops/content/notices', {
    query: paged(merchantCode, filters, page, pageSize),
    schema: import.meta.env.DEV && opsNoticePageSchema,
    signal,
  });
  return { rows: r.list, total: r.total };
}

export const saveNotice = (id: string | null, body: OpsNoticeBody) =>
  id
    ? request<OpsNotice>('PUT', `/ops/content/notices/${id}`, { body })
    : post<OpsNotice>('/ops/content/notices', body);

/** The row actions every windowed item has: publish, unpublish, delete (each with a reason). */
export type RowAction = 'publish' | 'unpublish' | 'delete';

export const noticeAction = (id: string, action: RowAction, reason: string) =>
  post(`/ops/content/notices/${id}/${action}`, { reason });

// ---- announcements, banners, popups ----

export async function fetchAnnouncements(
  merchantCode: string,
  type: AnnouncementType,
  filters: Query,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Rows<OpsAnnouncement>> {
  const r = await get<{ list: OpsAnnouncement[]; total: number }>('/ops/content/announcements', {
    query: { ...paged(merchantCode, filters, page, pageSize), type },
    schema: import.meta.env.DEV && opsAnnouncementPageSchema,
    signal,
  });
  return { rows: r.list, total: r.total };
}

export const saveAnnouncement = (id: string | null, body: OpsAnnouncementBody) =>
  id
    ? request<OpsAnnouncement>('PUT', `/ops/content/announcements/${id}`, { body })
    : post<OpsAnnouncement>('/ops/content/announcements', body);

export const announcementAction = (id: string, action: RowAction, reason: string) =>
  post(`/ops/content/announcements/${id}/${action}`, { reason });

/** Stores site images (PNG or JPG) and answers each one's public path. */
export async function uploadImages(merchantCode: string, files: File[]): Promise<string[]> {
  const data = new FormData();
  for (const file of files) data.append('files', file);
  const token = getToken();
  const response = await fetch(`/ops/uploads?merchantCode=${encodeURIComponent(merchantCode)}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
    body: data,
  });
  const body = (await response.json().catch(() => null)) as {
    success?: boolean;
    value?: unknown;
    errorCode?: string;
    message?: string;
  } | null;
  if (!body?.success)
    throw new ApiError(
      response.status,
      body?.errorCode ?? 'bad_response',
      body?.message ?? 'The upload failed',
    );
  return opsContentImagesSchema.parse(body.value).map((image) => image.url);
}

// ---- messages ----

export async function fetchMessages(
  merchantCode: string,
  filters: Query,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Rows<OpsMessage>> {
  const r = await get<{ list: OpsMessage[]; total: number }>('/ops/content/messages', {
    query: paged(merchantCode, filters, page, pageSize),
    schema: import.meta.env.DEV && opsMessagePageSchema,
    signal,
  });
  return { rows: r.list, total: r.total };
}

export const sendMessage = (body: OpsMessageBody) =>
  post<{ id: string }>('/ops/content/messages', body);

/** The merchant's VIP ranks with their English names, for a message to some of them. */
export const fetchVipRanks = async (merchantCode: string, signal?: AbortSignal) =>
  (
    await get<z.infer<typeof opsVipLevelListSchema>>('/ops/vip/levels', {
      query: { merchantCode },
      schema: import.meta.env.DEV && opsVipLevelListSchema,
      signal,
    })
  ).list.map((level) => ({
    rankLevel: level.rankLevel,
    name: level.label['en'] ?? `VIP ${level.rankLevel}`,
  }));

export const deleteMessage = (id: string, reason: string) =>
  post(`/ops/content/messages/${id}/delete`, { reason });

// ---- feedback ----

export async function fetchFeedback(
  merchantCode: string,
  filters: Query,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Rows<OpsFeedback>> {
  const r = await get<{ list: OpsFeedback[]; total: number }>('/ops/content/feedback', {
    query: paged(merchantCode, filters, page, pageSize),
    schema: import.meta.env.DEV && opsFeedbackPageSchema,
    signal,
  });
  return { rows: r.list, total: r.total };
}

export const replyToFeedback = (id: string, body: OpsFeedbackReplyBody) =>
  post<OpsFeedback>(`/ops/content/feedback/${id}/reply`, body);

// ---- help centre ----

export const fetchHelp = (merchantCode: string, signal?: AbortSignal) =>
  get<{ list: OpsHelpArticle[] }>('/ops/content/help-articles', {
    query: { merchantCode },
    schema: import.meta.env.DEV && opsHelpListSchema,
    signal,
  });

export const saveHelp = (body: OpsHelpArticleBody) =>
  post<{ id: string }>('/ops/content/help-articles', body);

export const deleteHelp = (id: string, reason: string) =>
  post(`/ops/content/help-articles/${id}/delete`, { reason });

// ---- blog and news ----

export async function fetchArticles(
  merchantCode: string,
  filters: Query,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Rows<OpsArticle>> {
  const r = await get<{ list: OpsArticle[]; total: number }>('/ops/articles', {
    query: paged(merchantCode, filters, page, pageSize),
    schema: import.meta.env.DEV && opsArticleListSchema,
    signal,
  });
  return { rows: r.list, total: r.total };
}

export const saveArticle = (body: OpsArticleBody) => post<{ id: string }>('/ops/articles', body);

export const articleAction = (id: string, action: RowAction, reason: string) =>
  post(`/ops/articles/${id}/${action}`, { reason });
