import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  articlePageSchema,
  articleSchema,
  type Article,
  type ArticleKind,
  type ArticlePage,
} from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { contentKeys, contentStaleTime } from '../lib/query-keys';

export const articlesPath = '/wps/articles';

/** How many articles one page of the list loads. */
export const articlePageSize = 6;

/** One page of the published articles of a kind in a language, newest first. */
export async function getArticles(
  kind: ArticleKind,
  language: string,
  page: number,
  signal?: AbortSignal,
): Promise<ArticlePage> {
  return apiGet(articlesPath, {
    query: { kind, language, page: String(page), size: String(articlePageSize) },
    schema: import.meta.env.DEV && articlePageSchema,
    ...(signal ? { signal } : {}),
  });
}

/** One published article (English when the language has none). */
export async function getArticle(
  kind: ArticleKind,
  slug: string,
  language: string,
  signal?: AbortSignal,
): Promise<Article> {
  return apiGet(`${articlesPath}/${kind}/${encodeURIComponent(slug)}`, {
    query: { language },
    schema: import.meta.env.DEV && articleSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The list of a kind, page by page ("load more"). */
export function useArticles(kind: ArticleKind) {
  const language = useCurrentLanguage();
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: contentKeys.articles(kind, language),
      queryFn: ({ pageParam, signal }) => getArticles(kind, language, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last: ArticlePage) => (last.hasMore ? last.page + 1 : undefined),
      staleTime: contentStaleTime,
    }),
  );
}

export function useArticle(kind: ArticleKind, slug: string) {
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: contentKeys.article(kind, slug, language),
      queryFn: ({ signal }) => getArticle(kind, slug, language, signal),
      staleTime: contentStaleTime,
      retry: false,
    }),
  );
}
