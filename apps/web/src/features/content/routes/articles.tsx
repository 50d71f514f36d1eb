import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ArticleKind, ArticleSummary } from '@taya/contracts';
import { PageLoader } from '../../../components/page-loader';
import { useDateTimeFormat } from '../../../hooks/use-date-time-format';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadProblem } from '../../../components/load-problem';
import { useArticle, useArticles } from '../api/get-articles';
import { sanitiseHelpHtml } from '../../../lib/help-html';

const listHref = (kind: ArticleKind) => (kind === 'blog' ? paths.blog.href() : paths.news.href());
const itemHref = (kind: ArticleKind, slug: string) =>
  kind === 'blog' ? paths.blogPost.href(slug) : paths.newsItem.href(slug);

function Tags({ tags }: { tags: string[] }) {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  return (
    <ul className="article-tags" aria-label={t('articles.tags')}>
      {tags.map((tag) => (
        <li key={tag} className="article-tag">
          {tag}
        </li>
      ))}
    </ul>
  );
}

function ArticleCard({ article }: { article: ArticleSummary }) {
  const formatTime = useDateTimeFormat();
  return (
    <li className="article-card" data-testid="article-card">
      <Link to={itemHref(article.kind, article.slug)} className="article-card-link">
        {article.coverImageUrl ? (
          <img className="article-cover" src={article.coverImageUrl} alt="" loading="lazy" />
        ) : null}
        <span className="article-card-title">{article.title}</span>
      </Link>
      <time className="muted" dateTime={article.publishedAt}>
        {formatTime(article.publishedAt)}
      </time>
      <Tags tags={article.tags} />
    </li>
  );
}

/** The blog (/blog) or the news (/news): published articles, newest first, page by page. */
export function ArticlesRoute({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation();
  const titleId = useId();
  const articles = useArticles(kind);
  useDocumentTitle(t(`articles.${kind}_title`));

  let body;
  if (articles.isPending) body = <PageLoader />;
  else if (articles.isError) {
    body = <LoadProblem message={t('articles.failed')} onRetry={() => void articles.refetch()} />;
  } else {
    const list = articles.data.pages.flatMap((p) => p.list);
    body =
      list.length === 0 ? (
        <EmptyState
          icon={kind === 'blog' ? 'receipt' : 'megaphone'}
          title={t(`articles.${kind}_empty`)}
        />
      ) : (
        <>
          <ul className="article-list" data-testid="article-list">
            {list.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </ul>
          {articles.hasNextPage ? (
            <button
              type="button"
              className="button button-secondary article-more"
              disabled={articles.isFetchingNextPage}
              onClick={() => void articles.fetchNextPage()}
            >
              {articles.isFetchingNextPage ? t('articles.loading') : t('articles.load_more')}
            </button>
          ) : null}
        </>
      );
  }

  return (
    <section className="articles-page" aria-labelledby={titleId} data-testid={`${kind}-page`}>
      <h1 id={titleId} className="member-title">
        {t(`articles.${kind}_title`)}
      </h1>
      {body}
    </section>
  );
}

/** Shares the page with the Web Share API where there is one, else copies its address. */
function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // Closing the share sheet is not an error worth showing.
      }
      return;
    }
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  const status =
    state === 'copied'
      ? t('articles.link_copied')
      : state === 'failed'
        ? t('articles.copy_failed')
        : '';
  return (
    <>
      <button
        type="button"
        className="button button-secondary article-share"
        onClick={() => void share()}
      >
        {status || t('articles.share')}
      </button>
      <span className="visually-hidden" role="status">
        {status}
      </span>
    </>
  );
}

/** One blog post (/blog/:slug) or news item (/news/:slug). */
export function ArticleRoute({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const article = useArticle(kind, slug);
  const formatTime = useDateTimeFormat();
  useDocumentTitle(article.data?.title ?? t(`articles.${kind}_title`));

  let body;
  if (article.isPending) body = <PageLoader />;
  else if (article.isError) {
    body =
      article.error instanceof ApiError && article.error.status === 404 ? (
        <EmptyState icon="info" title={t('articles.not_found')} />
      ) : (
        <LoadProblem message={t('articles.failed')} onRetry={() => void article.refetch()} />
      );
  } else {
    const a = article.data;
    body = (
      <article className="article-detail" data-testid="article-detail" lang={a.language}>
        {a.coverImageUrl ? <img className="article-cover" src={a.coverImageUrl} alt="" /> : null}
        <h1 className="member-title">{a.title}</h1>
        <div className="article-meta">
          <time className="muted" dateTime={a.publishedAt}>
            {formatTime(a.publishedAt)}
          </time>
          <ShareButton title={a.title} />
        </div>
        <Tags tags={a.tags} />
        <div
          className="article-body help-article-body"
          dir="auto"
          data-testid="article-body"
          dangerouslySetInnerHTML={{ __html: sanitiseHelpHtml(a.bodyHtml) }}
        />
      </article>
    );
  }

  return (
    <section className="articles-page">
      <Link to={listHref(kind)} className="article-back">
        {t(`articles.back_${kind}`)}
      </Link>
      {body}
    </section>
  );
}
