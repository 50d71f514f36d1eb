import { randomUUID } from 'node:crypto';
import { and, arrayContains, asc, count, desc, eq, ilike, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Article, ArticleKind, ArticlePage, articleBodySchema } from '@taya/contracts';
import { AppError, fieldError } from '../../platform/errors';
import type { Db } from '../../platform/db';
import type { SystemService } from '../system';
import { sanitiseHelpHtml } from './help-html';
import { articles } from './schema';

type ArticleRow = typeof articles.$inferSelect;
type ArticleInput = z.output<typeof articleBodySchema>;

const summary = (r: ArticleRow) => ({
  id: r.id,
  kind: r.kind,
  slug: r.slug,
  language: r.language,
  title: r.title,
  coverImageUrl: r.coverImageUrl,
  tags: r.tags,
  publishedAt: r.publishedAt.toISOString(),
});

/**
 * Blog posts and news items per merchant and language. Public reads see published articles whose
 * time has come; operators write them, with the body reduced to simple formatting.
 */
export class ArticleService {
  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
  ) {}

  private visible(merchantCode: string, kind: ArticleKind) {
    return and(
      eq(articles.merchantCode, merchantCode),
      eq(articles.kind, kind),
      eq(articles.status, 'published'),
      lte(articles.publishedAt, new Date()),
    );
  }

  /** A page of the published articles of one kind in a language, newest first. */
  async list(
    merchantHeader: string | undefined,
    query: {
      kind: ArticleKind;
      language?: string | undefined;
      tag?: string | undefined;
      page: number;
      size: number;
    },
  ): Promise<ArticlePage> {
    const merchant = await this.system.merchantFor(merchantHeader, undefined);
    const language = (query.language ?? merchant.defaultLanguage).toLowerCase();
    const where = and(
      this.visible(merchant.merchantCode, query.kind),
      eq(articles.language, language),
      query.tag ? arrayContains(articles.tags, [query.tag]) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(articles)
        .where(where)
        .orderBy(desc(articles.publishedAt), asc(articles.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db.select({ n: count() }).from(articles).where(where),
    ]);
    const n = Number(total?.n ?? 0);
    return {
      list: rows.map(summary),
      page: query.page,
      size: query.size,
      total: n,
      hasMore: query.page * query.size < n,
    };
  }

  /** One published article in the asked language, else in English. */
  async detail(
    merchantHeader: string | undefined,
    kind: ArticleKind,
    slug: string,
    language?: string,
  ): Promise<Article> {
    const merchant = await this.system.merchantFor(merchantHeader, undefined);
    const lang = (language ?? merchant.defaultLanguage).toLowerCase();
    const rows = await this.db
      .select()
      .from(articles)
      .where(and(this.visible(merchant.merchantCode, kind), eq(articles.slug, slug)));
    const row = rows.find((r) => r.language === lang) ?? rows.find((r) => r.language === 'en');
    if (!row) throw new AppError('not_found', 'No such article');
    return { ...summary(row), bodyHtml: row.bodyHtml };
  }

  /** An operator's article in one language: new, or with `id` a change to one of the merchant. */
  async save(actor: string, input: ArticleInput): Promise<{ id: string }> {
    const bodyHtml = sanitiseHelpHtml(input.bodyHtml);
    if (!bodyHtml)
      throw fieldError('bodyHtml', 'invalid', 'No text is left once unsafe HTML is removed');
    const tags = [...new Set(input.tags)];
    const values = {
      merchantCode: input.merchantCode,
      kind: input.kind,
      slug: input.slug,
      language: input.language,
      title: input.title,
      coverImageUrl: input.coverImageUrl,
      bodyHtml,
      tags,
      status: input.status,
      ...(input.publishedAt ? { publishedAt: new Date(input.publishedAt) } : {}),
      updatedAt: new Date(),
    };
    const [clash] = await this.db
      .select({ id: articles.id })
      .from(articles)
      .where(
        and(
          eq(articles.merchantCode, input.merchantCode),
          eq(articles.kind, input.kind),
          eq(articles.slug, input.slug),
          eq(articles.language, input.language),
        ),
      );
    if (clash && clash.id !== input.id)
      throw fieldError('slug', 'taken', 'This slug is already used in this language');
    if (input.id) {
      const [existing] = await this.db.select().from(articles).where(eq(articles.id, input.id));
      if (!existing || existing.merchantCode !== input.merchantCode)
        throw new AppError('not_found', 'No such article');
      await this.db.update(articles).set(values).where(eq(articles.id, input.id));
      return { id: input.id };
    }
    const id = randomUUID();
    await this.db.insert(articles).values({ id, ...values, createdBy: actor });
    return { id };
  }

  /** Every article of a merchant for the console, drafts included, newest first, by page. */
  async all(query: {
    merchantCode: string;
    kind?: ArticleKind | undefined;
    status?: 'draft' | 'published' | undefined;
    language?: string | undefined;
    q?: string | undefined;
    page?: number | undefined;
    pageSize?: number | undefined;
  }) {
    const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = and(
      eq(articles.merchantCode, query.merchantCode),
      query.kind ? eq(articles.kind, query.kind) : undefined,
      query.status ? eq(articles.status, query.status) : undefined,
      query.language ? eq(articles.language, query.language) : undefined,
      like ? or(ilike(articles.title, like), ilike(articles.slug, like)) : undefined,
    );
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 200;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(articles)
        .where(where)
        .orderBy(desc(articles.publishedAt), asc(articles.slug), asc(articles.language))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(articles).where(where),
    ]);
    return {
      list: rows.map((r) => ({
        ...summary(r),
        bodyHtml: r.bodyHtml,
        status: r.status,
        createdBy: r.createdBy,
        updatedAt: r.updatedAt.toISOString(),
      })),
      total: Number(total!.n),
      page,
    };
  }

  /** One article by id, for a change or removal (the caller checks the merchant). */
  async byId(id: string) {
    const [row] = await this.db.select().from(articles).where(eq(articles.id, id));
    if (!row) throw new AppError('not_found', 'No such article');
    return row;
  }

  /** Publishes (from now when its time had not come) or takes back to draft. */
  async setStatus(id: string, status: 'draft' | 'published') {
    await this.db
      .update(articles)
      .set({ status, updatedAt: new Date() })
      .where(eq(articles.id, id));
  }

  async remove(id: string) {
    await this.db.delete(articles).where(eq(articles.id, id));
  }
}
